import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module script without types; its export is checked here.
import { importCycles } from "./check-import-cycles.mjs";

interface Cycle {
  way: string[];
  modules: string[];
}
const cyclesIn = importCycles as (folders: string[]) => Cycle[];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "parley-cycles-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const names = (files: string[]) => files.map((file) => basename(file)).sort();

describe("importCycles", () => {
  it("finds none where imports only go one way", () => {
    write({
      "a.ts": 'import { b } from "./b";\nexport const a = b;\n',
      "b.ts": 'import { c } from "./lib/c";\nexport const b = c;\n',
      "lib/c.ts": 'import "zod";\nexport const c = 1;\n',
    });
    expect(cyclesIn([dir])).toEqual([]);
  });

  it("counts type-only and dynamic imports, and gives one way round each circle", () => {
    write({
      "blocks.ts": 'import { list } from "./lists";\nexport const blocks = list;\n',
      "lists.ts": 'import type { Block } from "./blocks";\nexport const list = 1;\n',
      "rerender.ts": 'export const load = () => import("./matcher");\n',
      "matcher.tsx": 'import type { Rule } from "./rerender";\nexport const m = 1;\n',
      "alone.ts": 'import { list } from "./lists";\nexport const alone = list;\n',
    });
    const found = cyclesIn([dir]).map((cycle) => ({
      way: cycle.way.map((file) => basename(file)),
      modules: names(cycle.modules),
    }));
    expect(found).toHaveLength(2);
    expect(found).toContainEqual({
      way: ["blocks.ts", "lists.ts", "blocks.ts"],
      modules: ["blocks.ts", "lists.ts"],
    });
    expect(found).toContainEqual({
      way: ["matcher.tsx", "rerender.ts", "matcher.tsx"],
      modules: ["matcher.tsx", "rerender.ts"],
    });
  });

  it("reports a longer circle once, with every module in it", () => {
    write({
      "context.ts": 'export { config } from "./config";\n',
      "config.ts": 'import { seed } from "./seed";\nexport const config = seed;\n',
      "seed.ts": 'import type { config } from "./context";\nexport const seed = 1;\n',
    });
    const [cycle, ...others] = cyclesIn([dir]);
    expect(others).toEqual([]);
    expect(names(cycle?.modules ?? [])).toEqual(["config.ts", "context.ts", "seed.ts"]);
    expect(cycle?.way.map((file) => basename(file))).toEqual([
      "config.ts",
      "seed.ts",
      "context.ts",
      "config.ts",
    ]);
  });
});
