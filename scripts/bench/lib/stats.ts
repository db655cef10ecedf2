export interface Figure {
  area: string;
  measure: string;
  value: string;
  baseline: string;
  ratio: string;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : 'n/a');
export const perSec = (v: number) => `${v.toFixed(0)}/s`;
/** value / baseline as "x.xx×". */
export const ratio = (value: number, baseline: number) =>
  baseline > 0 && Number.isFinite(value) ? `${Number((value / baseline).toPrecision(2))}×` : 'n/a';

export function table(rows: readonly Figure[]): string {
  const head = ['area', 'measure', 'value', 'baseline (same run)', 'ratio'];
  const cells = rows.map((r) => [r.area, r.measure, r.value, r.baseline, r.ratio]);
  const lines = [head, head.map(() => '---'), ...cells].map((c) => `| ${c.join(' | ')} |`);
  return lines.join('\n');
}
