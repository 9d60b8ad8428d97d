/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { precompress } from "./scripts/compress-plugin.ts";

const apiTarget = process.env["PARLEY_API_TARGET"] ?? "http://127.0.0.1:9991";

export default defineConfig({
  plugins: [react(), precompress()],
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
