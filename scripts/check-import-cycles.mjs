// `npm run lint`'s import-cycle check: no module of src/, common/ or server/ imports itself
// through others. Every import counts, type-only and dynamic ones too: a circle of types ties
// the modules together for a reader as much as one of values. Imports are resolved by the
// TypeScript compiler the project already uses, the way tsc resolves them (bundler resolution).
//
// Usage: node scripts/check-import-cycles.mjs [folder…]  (default: src common server)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

/** The .ts and .tsx files under `folder` (declaration files aside). */
function sourceFiles(folder) {
  return readdirSync(path.resolve(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files `file` imports (statically, dynamically, or for types), packages aside. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const { resolvedModule } = ts.resolveModuleName(fileName, file, options, ts.sys);
    if (resolvedModule === undefined || resolvedModule.isExternalLibraryImport) return [];
    return [path.resolve(resolvedModule.resolvedFileName)];
  });
}

/** Tarjan's strongly connected components with more than one module (or a self-import). */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One shortest way round a component, from its first module (in path order) back to it. */
function wayRound(graph, component) {
  const members = new Set(component);
  const [start] = [...component].sort();
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const way = [];
        for (let at = node; at !== null; at = cameFrom.get(at)) way.unshift(at);
        return [...way, start];
      }
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * The import cycles among the modules of `folders` (paths from the repository's root, or
 * absolute): for each, one way round it (first module repeated at the end) and its modules.
 */
export function importCycles(folders) {
  const graph = new Map();
  for (const file of folders.flatMap(sourceFiles)) graph.set(file, []);
  for (const file of graph.keys()) {
    graph.set(file, [...new Set(importsOf(file).filter((target) => graph.has(target)))]);
  }
  return circles(graph).map((modules) => ({ way: wayRound(graph, modules), modules }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : ["src", "common", "server"];
  const found = importCycles(folders);
  const relative = (file) => path.relative(root, file);
  if (found.length === 0) {
    console.log(`No import cycles in ${folders.join(", ")}.`);
  } else {
    console.error(`Import cycles (${String(found.length)}): break each at its real seam.`);
    for (const { way, modules } of found) {
      console.error(`  ${way.map(relative).join(" -> ")}`);
      if (modules.length > 2) {
        console.error(
          `    (${String(modules.length)} modules: ${modules.map(relative).join(", ")})`,
        );
      }
    }
    process.exitCode = 1;
  }
}
