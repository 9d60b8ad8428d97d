/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { VitePWA, type VitePWAOptions } from "vite-plugin-pwa";
import { precompress } from "./scripts/compress-plugin.ts";

const apiTarget = process.env["PARLEY_API_TARGET"] ?? "http://127.0.0.1:9991";

/**
 * Paths the server answers itself (server/app.ts, server/routes/, and what `--upstream` forwards:
 * server/upstream/forward.ts), which a navigation must reach rather than get the app's page:
 * the API (and Zulip's `/json/`), uploads, avatars and custom emoji, the emoji images and other
 * static files, the thumbnail proxy. The login page is the app's own (no server document).
 */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/json\//,
  /^\/user_uploads\//,
  /^\/user_avatars\//,
  /^\/avatar\//,
  /^\/static\//,
  /^\/thumbnail(?:$|[/?])/,
];

/**
 * The service worker (`/sw.js`, Workbox's generateSW): the built client precached, so a reload
 * with the server unreachable still opens the app; Unicode emoji images kept as they are seen.
 * Nothing of the user's (API answers, uploads, avatars) is cached here. `prompt`: a new build's
 * worker waits until the user accepts the "new version" banner (src/features/offline/), which
 * registers it too (no injected script); only `vite build` makes one, never `vite dev`.
 */
const serviceWorker: Partial<VitePWAOptions> = {
  strategies: "generateSW",
  registerType: "prompt",
  injectRegister: false,
  manifest: false,
  filename: "sw.js",
  scope: "/",
  workbox: {
    // The app's files; KaTeX's fonts in woff2 only (what every browser with workers picks).
    globPatterns: ["**/*.{js,css,html,svg,woff2}"],
    // The first install takes this tab over, so its later lazy chunks come from the precache;
    // a newer worker waits for the banner's Reload (no skipWaiting).
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigateFallback: "/index.html",
    navigateFallbackDenylist: SERVER_PATHS,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && url.pathname.startsWith("/static/generated/emoji/"),
        handler: "CacheFirst",
        options: {
          cacheName: "parley-emoji",
          expiration: { maxEntries: 2000 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
};

export default defineConfig({
  plugins: [react(), VitePWA(serviceWorker), precompress()],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: true,
    // Every asset is a file of the app: the page's Content-Security-Policy allows fonts and
    // images from the app, not `data:` URLs (Vite would inline a small KaTeX font as one).
    assetsInlineLimit: 0,
  },
  server: {
    // `npm run dev`: the client with hot reload, the API from a running `npm run serve`.
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "common/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/*.test.ts",
    ],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
