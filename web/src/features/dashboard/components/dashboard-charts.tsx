import type { PopularMenuRow } from '@drinks/contracts';
import { Box, Paper, Typography, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <Paper variant="outlined" component="figure" sx={{ m: 0, p: 2 }} aria-label={title}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height: 240 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
    </Paper>
  );
}

export function MenuChart({ rows }: { rows: readonly PopularMenuRow[] }) {
  const theme = useTheme();
  const data = rows.slice(0, 10).map((r) => ({ name: r.Menu_name, orders: r.totalOrder }));
  return (
    <ChartCard title="Orders per menu">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} angle={-25} textAnchor="end" height={56} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar
          dataKey="orders"
          name="Orders"
          fill={theme.palette.primary.main}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartCard>
  );
}

export function HourChart({ data }: { data: readonly { hour: string; orders: number }[] }) {
  const theme = useTheme();
  return (
    <ChartCard title="Orders per hour">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar
          dataKey="orders"
          name="Orders"
          fill={theme.palette.secondary.main}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartCard>
  );
}
