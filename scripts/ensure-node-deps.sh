#!/usr/bin/env bash
# Runs `npm ci` only when needed: node_modules missing, or older than package-lock.json.
# node_modules/.install-stamp records our last successful install; npm's own
# node_modules/.package-lock.json counts too (it is rewritten by any npm install).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[node-deps] %s\n' "$*"; }

# engines: ">=20.19 <21 || >=22.12"
node_version="$(node -p 'process.versions.node' 2>/dev/null || true)"
if [[ -z "$node_version" ]]; then
  say "node is not installed; the project needs Node.js 20.19+ (or 22.12+)" >&2
  exit 1
fi
IFS=. read -r major minor _ <<<"$node_version"
if ! { ((major == 20 && minor >= 19)) || ((major == 22 && minor >= 12)) || ((major > 22)); }; then
  say "Node.js $node_version does not satisfy engines (>=20.19 <21 || >=22.12)" >&2
  exit 1
fi

stamp=node_modules/.install-stamp
npm_lock=node_modules/.package-lock.json
reason=""
if [[ ! -d node_modules ]]; then
  reason="node_modules is missing"
elif [[ ! -e "$stamp" && ! -e "$npm_lock" ]]; then
  reason="node_modules has no install record"
elif [[ package-lock.json -nt "$stamp" && package-lock.json -nt "$npm_lock" ]]; then
  reason="package-lock.json changed since the last install"
fi

if [[ -z "$reason" ]]; then
  say "node_modules up to date"
  exit 0
fi

say "$reason: npm ci"
npm ci --no-audit --no-fund
touch "$stamp"
