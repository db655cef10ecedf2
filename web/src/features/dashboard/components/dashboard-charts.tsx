import type { PopularMenuRow } from '@drinks/contracts';
import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../../components/chart-card.js';

/** A menu name as an axis label: up to 16 characters, the rest in the tooltip. */
const shortName = (name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name);

/**
 * Orders per label: hours as columns along the bottom; menus as bars across with their names down the
 * side (on a phone 390 px wide, ten names of up to 25 characters side by side along the bottom were cut off).
 */
function OrdersChart({
  title,
  data,
  color,
  names = false,
}: {
  title: string;
  data: { label: string; orders: number }[];
  color: string;
  names?: boolean;
}) {
  return (
    <ChartCard title={title}>
      {names ? (
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis
            type="category"
            dataKey="label"
            width={112}
            interval={0}
            tick={{ fontSize: 11 }}
            tickFormatter={shortName}
          />
          <Tooltip />
          <Bar dataKey="orders" name="Orders" fill={color} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="orders" name="Orders" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      )}
    </ChartCard>
  );
}

export function MenuChart({ rows }: { rows: readonly PopularMenuRow[] }) {
  const theme = useTheme();
  const data = rows.slice(0, 10).map((r) => ({ label: r.Menu_name, orders: r.totalOrder }));
  return <OrdersChart title="Orders per menu" data={data} color={theme.palette.primary.main} names />;
}

export function HourChart({ data }: { data: readonly { hour: string; orders: number }[] }) {
  const theme = useTheme();
  const bars = data.map((d) => ({ label: d.hour, orders: d.orders }));
  return <OrdersChart title="Orders per hour" data={bars} color={theme.palette.secondary.main} />;
}
