#!/usr/bin/env bash
# Lints the served OpenAPI document with Redocly (redocly.yaml) and Spectral (.spectral.yaml): zero errors
# and zero warnings, or this fails. Part of `make lint`, so of `make test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .tmp/openapi
doc=.tmp/openapi/openapi.json
npx tsx scripts/lint/dump-openapi.ts "$doc"
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
npx redocly lint "$doc" --config redocly.yaml --max-problems 50 --format=stylish 2>&1 \
  | grep -v -e '║' -e '╔' -e '╚' | tee .tmp/openapi/redocly.txt
grep -q 'Your API description is valid' .tmp/openapi/redocly.txt || exit 1
grep -Eq 'You have [0-9]+ warning' .tmp/openapi/redocly.txt && { echo 'openapi: Redocly warnings (above)'; exit 1; }
npx spectral lint "$doc" --ruleset .spectral.yaml --fail-severity warn
