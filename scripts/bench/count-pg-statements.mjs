// Counts the statements a process sends to PostgreSQL, by their SQL text, and writes the counts to
// /tmp/pg-statements-<pid>.txt when it exits: how many round trips a request costs, per kind.
//   NODE_OPTIONS="--import $PWD/scripts/bench/count-pg-statements.mjs" BENCH_ROWS=none BENCH_BACKENDS=pg \
//     npx tsx scripts/bench/http-bench.ts
// (a full path: the servers start in services/). Each process writes its own file; the server's is the largest.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pg = createRequire(new URL('../../services/package.json', import.meta.url))('pg');
const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '?');
  const key = text.replace(/\s+/g, ' ').slice(0, 100);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return query.call(this, config, ...rest);
};

process.on('exit', () => {
  if (counts.size === 0) return;
  const lines = [...counts].sort((a, b) => b[1] - a[1]).map(([text, n]) => `${n}\t${text}`);
  writeFileSync(`/tmp/pg-statements-${process.pid}.txt`, `${lines.join('\n')}\n`);
});
