# Two commands matter: `make start` (try the app) and `make test` (what CI runs).
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

# Extra arguments for `make rebuild` (e.g. ARGS=orders; ARGS="orders catalog" for several) and `make bench`.
ARGS ?=

.PHONY: help start test test-fast lint format build typecheck system-deps node-deps rebuild rebuild-online bench clean distclean admin

help:
	@echo "make start      install, build, migrate, seed demo data into a new database, serve"
	@echo "make test       system deps, install, build, lint, typecheck (tests included), unit + int + e2e tests"
	@echo "make test-fast  unit + SQLite-only integration tests (no PostgreSQL, NATS or browser), about 2 minutes"
	@echo "make lint       eslint + prettier --check + knip + OpenAPI lint (part of make test); make format rewrites"
	@echo "make build      compile services (tsc -b) and the web client (vite build)"
	@echo "make rebuild    replay every projection from the event log (offline)"
	@echo "make rebuild-online  the same on PostgreSQL without downtime (build beside, then swap)"
	@echo "make admin EMAIL=…  make that account admin (or create it and print a one-time password link)"
	@echo "make bench      run the benchmarks (scripts/bench)"
	@echo "make clean      remove build output (keeps data/ and node_modules/)"

system-deps:
	@scripts/install-system-deps.sh

node-deps:
	@scripts/ensure-node-deps.sh

build: node-deps
	npm run build

typecheck: node-deps
	npm run typecheck

# ESLint (typescript-eslint, React hooks, import boundaries), Prettier's check, knip (unused files, exports and
# dependencies; knip.jsonc) and the OpenAPI document's lint (Redocly and Spectral, zero warnings);
# `make format` rewrites.
lint: node-deps
	npx eslint --max-warnings 0 .
	npx prettier --check --log-level warn .
	npx knip --no-progress
	scripts/lint/openapi.sh

format: node-deps
	npx prettier --write --log-level warn .
	npx eslint --fix .

# DATABASE_URL and NATS_URL are not set here: by default the app runs embedded
# (SQLite in DATA_DIR, in-process bus). Set them in your environment to scale out.
# A new database gets demo accounts (published passwords) only because this target asks for them.
start: build
	@echo "make start: DEMO_DATA=$${DEMO_DATA:-true} (demo accounts with published passwords; never for production)"
	DEMO_DATA=$${DEMO_DATA:-true} exec node services/dist/main.js

# scripts/run-tests.sh points the tests at the local PostgreSQL and NATS when they
# answer, runs every suite and ends with the line "N passed, N failed".
# typecheck covers the test files too (each workspace's tsconfig.test.json; web's tsconfig includes e2e).
test: system-deps build lint
	npm run typecheck
	scripts/run-tests.sh unit int e2e

# The loop to run while working: unit tests and the integration tests that need neither PostgreSQL nor
# NATS (the vitest project "fast", SQLite only). `make test` stays the whole suite and is what CI runs.
test-fast: build
	scripts/run-tests.sh unit fast

rebuild: build
	node services/dist/cli/rebuild.js $(ARGS)

# PostgreSQL only: builds beside the live read models and swaps them in while the API keeps serving.
rebuild-online: build
	node services/dist/cli/rebuild-online.js $(ARGS)

# The operator makes the first admin on the server itself (same DATA_DIR / DATABASE_URL as the app).
EMAIL ?=
admin: build
	node services/dist/cli/make-admin.js "$(EMAIL)"

# Chromium (first render) and nats-server (the NATS figures) come with system-deps.
bench: system-deps build
	npx tsx scripts/bench/run-all.ts $(ARGS)

clean:
	rm -rf contracts/dist projections/dist services/dist web/dist .tmp test-results
	rm -f contracts/tsconfig.tsbuildinfo projections/tsconfig.tsbuildinfo services/tsconfig.tsbuildinfo

distclean: clean
	rm -rf node_modules */node_modules
