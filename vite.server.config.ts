import { defineConfig } from "vite";

/**
 * The production server (`npm run build`, run by `npm start` with plain `node`): server/ and
 * common/ in one ES module, `dist/server/main.js`. The packages of node_modules stay imports
 * (Vite's SSR build keeps every dependency external), so they are exactly the `dependencies` of
 * package.json, what a production install (`npm ci --omit=dev`) provides. Files the server reads
 * at run time are found from the project's folder (server/project-root.ts), not from the bundle's.
 * The PGlite worker thread's module is a second entry, `dist/server/pglite-worker.js`, which
 * server/db/pglite-thread.ts starts from beside main.js; so is the thumbnail worker's,
 * `dist/server/thumbnail-worker.js` (server/thumbnails/thumbnail-thread.ts).
 */
export default defineConfig({
  // public/ is the client's; the server reads the demo emoji from it where it is.
  publicDir: false,
  build: {
    ssr: true,
    rolldownOptions: {
      input: {
        main: "server/main.ts",
        "pglite-worker": "server/db/pglite-worker.ts",
        "thumbnail-worker": "server/thumbnails/thumbnail-worker.ts",
      },
      output: { entryFileNames: "[name].js" },
    },
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    // Not loaded by default (parsing it costs start-up time): NODE_OPTIONS=--enable-source-maps.
    sourcemap: true,
  },
});
