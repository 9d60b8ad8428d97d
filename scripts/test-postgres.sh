#!/usr/bin/env bash
# The server suite (Vitest, server/) once more against a real PostgreSQL server: a throwaway
# cluster (scripts/postgres-cluster.sh) whose URL is passed as DATABASE_URL, so every test server
# gets a fresh database on it. Writes reports/vitest-postgres.json and records the stage
# `unit-postgres` in reports/stages.json for scripts/test-totals.mjs. Needs PostgreSQL's server
# binaries (Debian: `apt-get install postgresql`); `npm test` stays PGlite-only.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports

record() {
  node -e '
    const fs = require("node:fs");
    const file = "reports/stages.json";
    const stages = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
    stages["unit-postgres"] = Number(process.argv[1]);
    fs.writeFileSync(file, JSON.stringify(stages, null, 2));
  ' "$1"
}

dir="$(mktemp -d /tmp/parley-postgres.XXXXXX)"
cleanup() {
  scripts/postgres-cluster.sh stop "$dir" >/dev/null 2>&1
  rm -rf "$dir"
}
trap cleanup EXIT

if ! url="$(scripts/postgres-cluster.sh start "$dir")"; then
  echo "could not start a PostgreSQL cluster" >&2
  record 1
  exit 1
fi
echo "PostgreSQL for the server suite: $url"

rm -f reports/vitest-postgres.json
DATABASE_URL="$url" npx vitest run server/ \
  --reporter=default --reporter=json --outputFile.json=reports/vitest-postgres.json
status=$?
record "$status"
exit "$status"
