import type { PopularMenuRow } from '@drinks/contracts';
import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../../components/chart-card.js';

/** Orders per label as bars; long labels (menu names) are slanted so every one shows. */
function OrdersBars({
  title,
  data,
  color,
  slanted = false,
}: {
  title: string;
  data: { label: string; orders: number }[];
  color: string;
  slanted?: boolean;
}) {
  return (
    <ChartCard title={title}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 11 }}
          {...(slanted ? { interval: 0, angle: -25, textAnchor: 'end', height: 56 } : {})}
        />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="orders" name="Orders" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartCard>
  );
}

export function MenuChart({ rows }: { rows: readonly PopularMenuRow[] }) {
  const theme = useTheme();
  const data = rows.slice(0, 10).map((r) => ({ label: r.Menu_name, orders: r.totalOrder }));
  return <OrdersBars title="Orders per menu" data={data} color={theme.palette.primary.main} slanted />;
}

export function HourChart({ data }: { data: readonly { hour: string; orders: number }[] }) {
  const theme = useTheme();
  const bars = data.map((d) => ({ label: d.hour, orders: d.orders }));
  return <OrdersBars title="Orders per hour" data={bars} color={theme.palette.secondary.main} />;
}
