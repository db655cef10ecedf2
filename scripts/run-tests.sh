#!/usr/bin/env bash
# Runs the vitest projects in order (default: unit int e2e), every one even when an
# earlier one fails, and ends with one plain line "N passed, N failed[, N skipped]"
# (also written to .tmp/test-results/summary.txt).
# Exits non-zero when any project failed, crashed, timed out or ran no test at all.
#
#   scripts/run-tests.sh [project...]      e.g. scripts/run-tests.sh unit
# Env: SUITE_TIMEOUT (seconds per project, default 1500), DATABASE_URL, NATS_URL,
#      CHROMIUM_PATH (default /usr/bin/chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

projects=("$@")
((${#projects[@]})) || projects=(unit int e2e)
out_dir=.tmp/test-results
suite_timeout="${SUITE_TIMEOUT:-1500}"

port_answers() { timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null; }

# Only the int and e2e suites use Chromium, NATS or PostgreSQL. The unit suite and `make test-fast`'s
# "fast" need none of them: no packages are installed, no nats-server is started and no warning about
# PostgreSQL is printed for them.
needs_services=false
for project in "${projects[@]}"; do [[ "$project" == unit || "$project" == fast ]] || needs_services=true; done
if [[ "$needs_services" == true ]]; then
  trap 'scripts/install-system-deps.sh --stop-services' EXIT
  scripts/install-system-deps.sh --start-services

  # Point the tests at the local servers only when they answer (and nothing else was chosen).
  if [[ -z "${DATABASE_URL:-}" ]] && port_answers 127.0.0.1 5432; then
    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
  fi
  if [[ -z "${NATS_URL:-}" ]] && port_answers 127.0.0.1 4222; then
    export NATS_URL=nats://127.0.0.1:4222
  fi
fi
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
echo "[test] DATABASE_URL=${DATABASE_URL:-<unset>} NATS_URL=${NATS_URL:-<unset>} CHROMIUM_PATH=$CHROMIUM_PATH"

rm -rf "$out_dir"
mkdir -p "$out_dir"
codes=()
for project in "${projects[@]}"; do
  echo
  echo "=== vitest --project $project ==="
  code=0
  timeout --kill-after=30 "$suite_timeout" \
    npx vitest run --project "$project" --passWithNoTests \
    --reporter=default --reporter=json --outputFile.json="$out_dir/$project.json" </dev/null || code=$?
  ((code == 124 || code == 137)) && echo "[test] $project: timed out after ${suite_timeout}s"
  codes+=("$code")
done

# Per-project lines are worded so they do not look like the closing summary line.
node - "$out_dir" "${projects[@]}" -- "${codes[@]}" <<'EOF'
const fs = require('node:fs');
const args = process.argv.slice(2);
const dir = args[0];
const sep = args.indexOf('--');
const projects = args.slice(1, sep);
const codes = args.slice(sep + 1).map(Number);
let passed = 0, failed = 0, skipped = 0;
console.log('');
projects.forEach((project, i) => {
  let r = null;
  try { r = JSON.parse(fs.readFileSync(`${dir}/${project}.json`, 'utf8')); } catch {}
  let p = r?.numPassedTests ?? 0;
  let f = r?.numFailedTests ?? 0;
  const s = (r?.numPendingTests ?? 0) + (r?.numTodoTests ?? 0);
  const brokenFiles = r ? r.numFailedTestSuites ?? 0 : 0;
  let note = '';
  if (!r) { f += 1; note = ' (no report: crashed or timed out)'; }
  else if (codes[i] !== 0 && f === 0) { f += Math.max(1, brokenFiles); note = ` (exit ${codes[i]}, ${brokenFiles} file(s) failed to run)`; }
  if (r && p + f + s === 0) note += ' (no test files)';
  passed += p; failed += f; skipped += s;
  console.log(`[test] ${project}: ${p} tests passed, ${f} did not pass, ${s} skipped${note}`);
  // Passed on a second try (the e2e project retries once): named with the first failure, to be fixed.
  for (const file of r?.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'passed' && (t.failureMessages ?? []).length > 0) {
        const first = String(t.failureMessages[0]).split('\n')[0].slice(0, 300);
        console.log(`[test] ${project}: FLAKY, passed only on a second try: ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}: ${first}`);
      }
});
if (passed + failed === 0) { failed = 1; console.log('[test] no test ran at all'); }
const summary = `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
fs.writeFileSync(`${dir}/summary.txt`, summary + '\n');
console.log(summary);
process.exitCode = failed > 0 ? 1 : 0;
EOF
