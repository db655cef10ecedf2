import { Typography, useTheme } from '@mui/material';
import type { ServiceStats } from '@drinks/contracts';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartCard } from '../../../components/chart-card.js';
import { dayLabel, hourSeries } from '../service-logic.js';

export function Empty({ children }: { children: ReactNode }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

const MEDIAN = '#1565c0';
const P90 = '#e65100';

export function WaitByDayChart({ rows }: { rows: ServiceStats['waitByDay'] }) {
  const data = rows.map((r) => ({ day: dayLabel(r.day), median: r.medianMinutes, p90: r.p90Minutes }));
  return (
    <ChartCard title="Wait per day (minutes, placed → done)" testId="wait-by-day">
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Line type="monotone" dataKey="median" name="Median" stroke={MEDIAN} strokeWidth={2} dot={data.length < 15} />
        <Line
          type="monotone"
          dataKey="p90"
          name="p90"
          stroke={P90}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={data.length < 15}
        />
      </LineChart>
    </ChartCard>
  );
}

export function WaitByHourChart({ rows }: { rows: ServiceStats['waitByHour'] }) {
  return (
    <ChartCard title="Wait per hour of the day (minutes)" testId="wait-by-hour">
      <BarChart data={hourSeries(rows)} margin={{ top: 8, right: 12, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="median" name="Median" fill={MEDIAN} radius={[4, 4, 0, 0]} />
        <Bar dataKey="p90" name="p90" fill={P90} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function BusiestHoursChart({ rows }: { rows: ServiceStats['busiestHours'] }) {
  const theme = useTheme();
  const data = [...rows]
    .sort((a, b) => a.hour - b.hour)
    .map((r) => ({ hour: `${String(r.hour).padStart(2, '0')}:00`, orders: r.orders }));
  return (
    <ChartCard title="Orders by hour (busiest hours)" testId="busiest-hours">
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="orders" name="Orders" fill={theme.palette.secondary.main} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

const TYPE_COLOURS: Record<string, string> = { hot: '#b71c1c', cold: '#0d47a1', frappe: '#4a2c6f' };

export function TypeMixChart({ rows }: { rows: ServiceStats['typeMix'] }) {
  const data = rows.map((r) => ({ name: r.type[0]!.toUpperCase() + r.type.slice(1), value: r.count, type: r.type }));
  return (
    <ChartCard title="Type mix" testId="type-mix">
      <PieChart>
        <Pie data={data} dataKey="value" nameKey="name" innerRadius={50} outerRadius={85} label>
          {data.map((d) => (
            <Cell key={d.type} fill={TYPE_COLOURS[d.type] ?? '#607d8b'} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ChartCard>
  );
}

export function SweetnessMixChart({ rows }: { rows: ServiceStats['sweetnessMix'] }) {
  const data = [...rows]
    .sort((a, b) => a.sweetness - b.sweetness)
    .map((r) => ({ sweetness: `${r.sweetness}%`, orders: r.count }));
  return (
    <ChartCard title="Sweetness mix" testId="sweetness-mix">
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 8, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="sweetness" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Bar dataKey="orders" name="Orders" fill="#6d4c41" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}
