// Times every better-sqlite3 statement a process runs, by its SQL text, and writes the totals to
// /tmp/sqlite-statements-<pid>.txt when it exits (µs total, count, µs each, text): where a request's SQL time goes.
//   NODE_OPTIONS="--import $PWD/scripts/bench/time-sqlite-statements.mjs" BENCH_ROWS=none BENCH_BACKENDS=sqlite \
//     npx tsx scripts/bench/http-bench.ts
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const Database = createRequire(new URL('../../services/package.json', import.meta.url))('better-sqlite3');
const totals = new Map();
const note = (text, ns) => {
  const key = text.replace(/\s+/g, ' ').slice(0, 110);
  const t = totals.get(key) ?? { ns: 0n, n: 0 };
  t.ns += ns;
  t.n++;
  totals.set(key, t);
};
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (sql, ...rest) {
  const statement = prepare.call(this, sql, ...rest);
  for (const m of ['run', 'all', 'get']) {
    const f = statement[m];
    statement[m] = function (...args) {
      const t0 = process.hrtime.bigint();
      try {
        return f.apply(this, args);
      } finally {
        note(sql, process.hrtime.bigint() - t0);
      }
    };
  }
  return statement;
};
const exec = Database.prototype.exec;
Database.prototype.exec = function (sql) {
  const t0 = process.hrtime.bigint();
  try {
    return exec.call(this, sql);
  } finally {
    note(`exec: ${sql}`, process.hrtime.bigint() - t0);
  }
};
process.on('exit', () => {
  if (totals.size === 0) return;
  const lines = [...totals]
    .sort((a, b) => Number(b[1].ns - a[1].ns))
    .map(([text, t]) => `${Number(t.ns / 1000n)}\t${t.n}\t${(Number(t.ns) / 1000 / t.n).toFixed(1)}\t${text}`);
  writeFileSync(`/tmp/sqlite-statements-${process.pid}.txt`, `${lines.join('\n')}\n`);
});
