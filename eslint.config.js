// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import pluginQuery from "@tanstack/eslint-plugin-query";
import globals from "globals";

/** Test files: they may reach across the layers to set things up. */
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

/** Import patterns matching the client folders named (relative imports of src/<name>/). */
function layers(...names) {
  return names.map((name) => `**/${name}/**`);
}

/**
 * `@typescript-eslint/no-restricted-imports` for client code: DOMPurify stays in
 * src/lib/sanitize.ts, plus a layer's `patterns`. One rule per file (a later config replaces an
 * earlier one's options), so every layer's rule starts from this.
 */
function clientImports(patterns) {
  return [
    "error",
    {
      paths: [{ name: "dompurify", message: "Only src/lib/sanitize.ts may import DOMPurify." }],
      patterns,
    },
  ];
}

export default tseslint.config(
  {
    ignores: ["dist", "node_modules", "test-results", "playwright-report", ".data", "coverage"],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ["eslint.config.js", "scripts/*.mjs"],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "@tanstack/query": pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      "@typescript-eslint/no-restricted-imports": clientImports([]),
    },
  },
  {
    files: ["src/lib/sanitize.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  // The client's layers (README, Layout): api/ → stores/, controllers/, events/, queries/ →
  // features/, components/. A layer imports only from the layers before it; tests may reach
  // across to set things up.
  {
    files: ["src/features/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}", "src/app.tsx"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": clientImports([
        {
          group: ["**/api/*", "!**/api/errors"],
          allowTypeImports: true,
          message:
            "Views reach the server through src/queries (hooks, fetch functions) and src/controllers; from src/api they import types and the error classes only.",
        },
      ]),
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='getState']",
          message:
            "Views read a store with its hook and a selector (useUiStore((ui) => ui.theme)); handlers call its actions (uiActions), a controller, or a named selector of the store's module (currentSelectedMessageId()).",
        },
      ],
    },
  },
  {
    // A feature's own store (shell-store.ts) is where its state is read and written.
    files: ["src/features/**/*-store.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["src/stores/**/*.ts"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": clientImports([
        {
          group: [...layers("events", "controllers", "queries", "features", "components")],
          message:
            "Stores hold state: the event machine, controllers, queries and views use them, not the other way round.",
        },
        {
          group: ["**/api/*", "!**/api/client", "!**/api/errors"],
          allowTypeImports: true,
          message:
            "Stores do not call the server (controllers do): from src/api they import types, the transport (api/client) and the error classes only.",
        },
      ]),
    },
  },
  {
    files: ["src/controllers/**/*.ts"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": clientImports([
        {
          group: [...layers("events", "queries", "features", "components")],
          message:
            "Controllers act on stores and call the server; the event machine, queries and views call them, not the other way round.",
        },
      ]),
    },
  },
  {
    // The offline cache sits beside the event machine: it reads and fills the stores and the
    // query caches; the app's start, the event machine and the logout call it.
    files: ["src/offline-cache/**/*.ts"],
    ignores: TESTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": clientImports([
        {
          group: [...layers("events", "features", "components")],
          message:
            "The offline cache fills the stores and query caches; the event machine, the app's start and the views call it, not the other way round.",
        },
        {
          group: ["**/api/*", "!**/api/errors"],
          allowTypeImports: true,
          message:
            "The offline cache does not call the server: from src/api it imports types only.",
        },
      ]),
    },
  },
  {
    files: ["server/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts", "scripts/**", "*.config.*"],
    languageOptions: { globals: globals.node },
  },
  {
    // The boundary between the two programs: the server reaches the client's code only through
    // common/ (the wire schemas and the Markdown renderer), and common/ belongs to neither.
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/src/**"], message: "The server imports shared code from common/ only." },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/ARCHITECTURE.md): routes → actions → db, events, render, format.
    // What lies below the actions serves them and the routes; it never calls back up.
    files: [
      "server/db/**/*.ts",
      "server/events/**/*.ts",
      "server/render/**/*.ts",
      "server/format/**/*.ts",
      "server/http/**/*.ts",
      "server/uploads/**/*.ts",
    ],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/src/**"], message: "The server imports shared code from common/ only." },
            {
              group: ["**/actions/*", "**/routes/*"],
              message:
                "db/, events/, render/, format/, http/ and uploads/ serve the actions and routes: they do not import them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/actions/**/*.ts"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/src/**"], message: "The server imports shared code from common/ only." },
            {
              group: ["**/routes/*"],
              message: "Actions are called by routes, not the other way round.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/src/**", "**/server/**"],
              message: "common/ is shared by the client and the server: it imports neither.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
