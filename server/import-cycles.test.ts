import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = import.meta.dirname;
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/gm;

/** Every module of the server (tests and test helpers aside: nothing imports them). */
function serverModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "test" ? [] : serverModules(path);
    const isModule = entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts");
    return isModule && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * The server modules `source` imports, type-only imports included: a type cycle is still a
 * circle of modules that cannot be read (or moved) one without the other.
 */
function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(IMPORT)]
    .map((match) => resolve(dirname(file), `${match[1] ?? ""}.ts`))
    .filter((path) => path.startsWith(`${SERVER}/`));
}

/** The import cycles of `graph`, each once, as module paths from its first module back to it. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (module: string): void => {
    const open = stack.indexOf(module);
    if (open !== -1) {
      cycles.push([...stack.slice(open), module]);
      return;
    }
    if (done.has(module)) return;
    stack.push(module);
    for (const next of graph.get(module) ?? []) visit(next);
    stack.pop();
    done.add(module);
  };
  for (const module of graph.keys()) visit(module);
  return cycles;
}

describe("the server's modules", () => {
  it("import each other without cycles, type-only imports included", () => {
    const graph = new Map(
      serverModules(SERVER).map((file) => [file, importsOf(file, readFileSync(file, "utf8"))]),
    );
    expect(graph.size).toBeGreaterThan(100);
    const cycles = cyclesOf(graph).map((cycle) =>
      cycle.map((path) => relative(SERVER, path)).join(" → "),
    );
    expect(cycles).toEqual([]);
  });
});
