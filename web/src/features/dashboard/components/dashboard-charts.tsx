import type { PopularMenuRow } from '@drinks/contracts';
import { useMediaQuery, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../../components/chart-card.js';

/** A menu name as an axis label: up to `max` characters, the rest in its title and the tooltip. */
const shortName = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** Height per menu: a bar of about 28 px with room between two names. */
const ROW_PX = 36;
const AXIS_PX = 32;

/**
 * A menu's name on one line, shortened to fit, the whole name in its title: recharts wraps a long label
 * at its spaces, and in rows 22 px apart 'Caramel / Frappe' ran into the name below.
 */
function NameTick({
  x,
  y,
  payload,
  max,
  fill,
}: {
  x?: number;
  y?: number;
  payload?: { value: string };
  max: number;
  fill: string;
}) {
  const name = payload?.value ?? '';
  return (
    <g>
      <title>{name}</title>
      <text x={x} y={y} dy="0.355em" textAnchor="end" fontSize={11} fill={fill}>
        {shortName(name, max)}
      </text>
    </g>
  );
}

/**
 * Orders per label: hours as columns along the bottom; menus as bars across with their names down the
 * side (on a phone 390 px wide, ten names of up to 25 characters side by side along the bottom were cut off).
 */
function OrdersChart({
  title,
  data,
  color,
}: {
  title: string;
  data: { label: string; orders: number }[];
  color: string;
}) {
  return (
    <ChartCard title={title}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* On a phone not every hour has room for its label: every other one is named, from the first column on
            (recharts' default kept the last, and the day's first hour went unnamed). */}
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="equidistantPreserveStart" />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Bar dataKey="orders" name="Orders" fill={color} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartCard>
  );
}

export function MenuChart({ rows }: { rows: readonly PopularMenuRow[] }) {
  const theme = useTheme();
  // A name of the full 25 characters fits beside its bar on a wide screen; a phone shows 16 of them.
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const data = rows.slice(0, 10).map((r) => ({ label: r.Menu_name, orders: r.totalOrder }));
  return (
    // More menus than bars: the caption says which ones are shown (the list beside it pages through all).
    <ChartCard
      title={rows.length > 10 ? 'Orders per menu (top 10)' : 'Orders per menu'}
      height={Math.max(240, data.length * ROW_PX + AXIS_PX)}
    >
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
        <YAxis
          type="category"
          dataKey="label"
          width={wide ? 168 : 120}
          interval={0}
          tick={<NameTick max={wide ? 25 : 16} fill={theme.palette.text.secondary} />}
        />
        <Tooltip />
        <Bar
          dataKey="orders"
          name="Orders"
          fill={theme.palette.primary.main}
          radius={[0, 4, 4, 0]}
          maxBarSize={28}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartCard>
  );
}

export function HourChart({ data }: { data: readonly { hour: string; orders: number }[] }) {
  const theme = useTheme();
  const bars = data.map((d) => ({ label: d.hour, orders: d.orders }));
  return <OrdersChart title="Orders per hour" data={bars} color={theme.palette.secondary.main} />;
}
