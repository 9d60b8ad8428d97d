// Pure helpers of `bench:history`: its options, the reading of a query plan, and the table.

export interface HistoryOptions {
  sizes: number[];
  rounds: number;
  postgres: boolean;
  /** `--stall <read>`: only the stall probe, with this read (by name) as the slow one. */
  stall?: string;
}

/**
 * `--sizes 10000,100000 --rounds 7 --postgres --stall "POST /register"`; sizes also take `10k`
 * and `1m`.
 */
export function parseHistoryArgs(args: readonly string[]): HistoryOptions {
  const options: HistoryOptions = {
    sizes: [10_000, 100_000, 1_000_000],
    rounds: 7,
    postgres: false,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--postgres") options.postgres = true;
    else if (arg === "--sizes") options.sizes = (args[++i] ?? "").split(",").map(parseSize);
    else if (arg === "--rounds") options.rounds = parseCount(args[++i], "--rounds");
    else if (arg === "--stall") options.stall = parseName(args[++i]);
    else
      throw new Error(`unknown option ${String(arg)}: use --sizes, --rounds, --postgres, --stall`);
  }
  if (options.sizes.length === 0) throw new Error("--sizes needs at least one size");
  return options;
}

/**
 * Whether a recorded statement reads (replayed for the floor, EXPLAINed): a SELECT or WITH,
 * also when it opens with the parenthesis of a `(…) UNION ALL (…)`, as the messages fetch does.
 */
export function isReadStatement(sql: string): boolean {
  return /^[\s(]*(SELECT|WITH)\b/i.test(sql);
}

function parseName(text: string | undefined): string {
  if (text === undefined || text.trim() === "") throw new Error("--stall needs a read's name");
  return text;
}

function parseCount(text: string | undefined, what: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${what} needs a positive integer`);
  return value;
}

function parseSize(text: string): number {
  const match = /^(\d+)([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`not a size: ${JSON.stringify(text)} (e.g. 10000, 100k, 1m)`);
  const unit = match[2]?.toLowerCase();
  const factor = unit === "k" ? 1000 : unit === "m" ? 1_000_000 : 1;
  return parseCount(match[1], "a size") * factor;
}

/** The whole-history tables a plan scans from end to end (`Seq Scan on messages …`). */
export function fullScans(plan: string): string[] {
  const found = new Set<string>();
  for (const match of plan.matchAll(/Seq Scan on (messages|user_messages)\b/g)) {
    if (match[1] !== undefined) found.add(match[1]);
  }
  return [...found];
}

export interface TableRow {
  read: string;
  /** Milliseconds by size (median over HTTP), the floor (the same SQL run directly) beside. */
  cells: Map<number, { http: number; floor: number | undefined; scans: string[] }>;
}

/** The Markdown table: per size, HTTP ms, floor ms, ratio, and any full scan. */
export function formatTable(sizes: readonly number[], rows: readonly TableRow[]): string {
  const head = ["read", ...sizes.map((size) => `${size.toLocaleString("en")}: http / floor (×)`)];
  const lines = [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`];
  for (const row of rows) {
    const cells = sizes.map((size) => {
      const cell = row.cells.get(size);
      if (!cell) return "—";
      const floor = cell.floor === undefined ? "—" : cell.floor.toFixed(1);
      const ratio =
        cell.floor === undefined || cell.floor <= 0
          ? ""
          : ` (${(cell.http / cell.floor).toFixed(1)}×)`;
      const scans = cell.scans.length > 0 ? ` **seq scan ${cell.scans.join(", ")}**` : "";
      return `${cell.http.toFixed(1)} / ${floor}${ratio}${scans}`;
    });
    lines.push(`| ${row.read} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
