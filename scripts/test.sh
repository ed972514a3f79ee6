#!/usr/bin/env bash
# The one verification command (`npm test`): lint, types, unit and integration tests on PGlite and
# on the PostgreSQL server, the production build with its size check, then end-to-end in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results

step() { printf '\n== %s\n' "$1"; }

# Lint and the type check each keep one core busy: side by side they take the time of the longer.
step "lint, format and type check"
npm run lint >test-results/lint.log 2>&1 &
lint=$!
npm run typecheck >test-results/typecheck.log 2>&1 &
types=$!
failed=0
wait "$lint" || failed=1
cat test-results/lint.log
wait "$types" || failed=1
cat test-results/typecheck.log
if [ "$failed" -ne 0 ]; then exit 1; fi

step "unit and integration tests (PGlite and PostgreSQL at ${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test})"
npx vitest run --project unit --project integration \
  --reporter=default --reporter=json --outputFile.json=test-results/unit-integration.json

step "build the web app and the staff console"
npm run build

step "Chromium for end-to-end tests"
bash scripts/ensure-chromium.sh

step "end-to-end tests in Chromium"
npx vitest run --project e2e \
  --reporter=default --reporter=json --outputFile.json=test-results/e2e.json

node scripts/summarise-tests.mjs test-results/unit-integration.json test-results/e2e.json
