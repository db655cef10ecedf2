import { ALL_PROJECTIONS } from '@drinks/projections';

/** The projections named on the command line (all when none), or null after saying which are unknown. */
export function projectionNamesFromArgs(args: readonly string[]): string[] | null {
  const known = ALL_PROJECTIONS.map((p) => p.name);
  const unknown = args.filter((n) => !known.includes(n));
  if (unknown.length === 0) return [...args];
  console.error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  process.exitCode = 2;
  return null;
}
