// The chat-views bench page, built by bench/chat-views.ts (`root` is set there): the real message
// list in a production build, with no server behind it. Output: dist/bench-chat-views.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  plugins: [react()],
  logLevel: "warn",
  build: {
    // Relative to `root` (this folder).
    outDir: "../../dist/bench-chat-views",
    emptyOutDir: true,
    // Readable function names in CPU profiles; the code runs the same (React's production build).
    minify: false,
  },
});
