import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, "package.json"))) return folder;
    if (dirname(folder) === folder) {
      throw new Error(`no package.json in ${start} or any folder above it`);
    }
  }
}

/**
 * The project's folder: the nearest one holding a `package.json`, looking up from this module's.
 * The server runs from `server/` (tsx) or from one bundle in `dist/server/` (`npm start`), so a
 * path relative to a module's own folder would differ between the two; the files the server
 * reads that are not data (the SQL migrations, the demo emoji) and the defaults of `DATA_DIR`
 * and `CLIENT_DIR` are found from here instead.
 */
export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
