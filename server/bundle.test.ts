// The production server as `npm start` runs it: built by vite.server.config.ts into one bundle,
// run by plain `node` (no tsx). Builds a bundle into a folder of dist/ (the server finds the
// project from its own folder, as it does from dist/server/), starts it on a fresh data folder
// and checks what only the bundle can get wrong: the packages it leaves to node_modules, and the
// files it reads at run time (the SQL migrations, the demo emoji), and the PGlite and thumbnail
// worker threads' modules, which it starts from its own folder.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

const ROOT = join(import.meta.dirname, "..");
const STEP_TIMEOUT_MS = 120_000;

const packageJsonSchema = z.object({ dependencies: z.record(z.string(), z.string()) });
const apiKeySchema = z.object({ api_key: z.string() });
const uploadSchema = z.object({ url: z.string() });
const emojiSchema = z.object({
  emoji: z.record(z.string(), z.object({ name: z.string(), source_url: z.string() })),
});

/**
 * The packages a module imports, or finds files of with `require.resolve` (the emoji images):
 * `pkg` of `"pkg/sub"`, `@scope/pkg` of `"@scope/pkg/sub"`.
 */
function importedPackages(code: string): Set<string> {
  const specifiers = [
    ...code.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gms),
    ...code.matchAll(/^import\s*"([^"]+)"/gm),
    ...code.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
    ...code.matchAll(
      /\b(?:require|createRequire\(import\.meta\.url\))\.resolve\(\s*"([^"]+)"\s*\)/g,
    ),
  ].map((match) => match[1] ?? "");
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith("node:") && !specifier.startsWith("."))
    .map((specifier) =>
      specifier
        .split("/")
        .slice(0, specifier.startsWith("@") ? 2 : 1)
        .join("/"),
    );
  return new Set(packages);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === "object") resolvePort(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

/** Resolves with the server's output once it says it runs; rejects with it if it exits first. */
function started(child: ChildProcess): Promise<string> {
  return new Promise((resolveStart, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Parley is running at")) resolveStart(output);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      reject(new Error(`the built server exited (${code}) before it ran:\n${output}`));
    });
  });
}

let bundleDir = "";
let dataDir = "";
let server: ChildProcess | undefined;

beforeAll(() => {
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  bundleDir = mkdtempSync(join(ROOT, "dist", "server-test-"));
  dataDir = mkdtempSync(join(tmpdir(), "parley-bundle-"));
  const build = spawnSync(
    "npx",
    [
      "vite",
      "build",
      "--config",
      "vite.server.config.ts",
      "--outDir",
      bundleDir,
      "--logLevel",
      "warn",
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(build.status, build.stderr).toBe(0);
}, STEP_TIMEOUT_MS);

afterAll(() => {
  server?.kill("SIGKILL");
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the built server", () => {
  it("imports exactly the dependencies of package.json, which a production install provides", () => {
    const packageJson = packageJsonSchema.parse(
      JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")),
    );
    // main.js, the PGlite and thumbnail workers' entries beside it, and the chunks they share.
    const files = readdirSync(bundleDir, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    );
    expect(files).toEqual(
      expect.arrayContaining(["main.js", "pglite-worker.js", "thumbnail-worker.js"]),
    );
    const code = files.map((file) => readFileSync(join(bundleDir, file), "utf8")).join("\n");
    expect([...importedPackages(code)].sort()).toEqual(
      Object.keys(packageJson.dependencies).sort(),
    );
  });

  it(
    "starts with plain node on a fresh data folder (PGlite in its worker thread), migrates, seeds the demo and serves its emoji and the Unicode emoji images",
    async () => {
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
      env["DEMO_SIZE"] = "minimal";
      // PGlite in the data folder, whatever the suite runs against.
      delete env["DATABASE_URL"];
      delete env["NODE_ENV"];
      server = spawn(process.execPath, [join(bundleDir, "main.js")], { cwd: tmpdir(), env });
      const output = await started(server);
      expect(output).toContain("demo organisation created");

      const base = `http://127.0.0.1:${port}`;
      const settings = await fetch(`${base}/api/v1/server_settings`);
      expect(settings.status).toBe(200);
      const login = await fetch(`${base}/api/v1/dev_fetch_api_key`, {
        method: "POST",
        body: new URLSearchParams({ username: "hamlet@parley.test" }),
      });
      const { api_key } = apiKeySchema.parse(await login.json());
      const authorization = `Basic ${Buffer.from(`hamlet@parley.test:${api_key}`).toString("base64")}`;
      const list = await fetch(`${base}/api/v1/realm/emoji`, { headers: { authorization } });
      const duck = Object.values(emojiSchema.parse(await list.json()).emoji).find(
        (emoji) => emoji.name === "rubber_duck",
      );
      expect(duck).toBeDefined();
      const image = await fetch(`${base}${duck?.source_url ?? ""}`);
      expect(image.status).toBe(200);
      const duckPng = readFileSync(join(ROOT, "public", "emoji", "rubber_duck.png"));
      expect(Buffer.from(await image.arrayBuffer())).toEqual(duckPng);

      // An uploaded image is thumbnailed by the thumbnail worker's module beside main.js.
      const form = new FormData();
      form.append("file", new Blob([duckPng], { type: "image/png" }), "duck.png");
      const uploaded = await fetch(`${base}/api/v1/user_uploads`, {
        method: "POST",
        headers: { authorization },
        body: form,
      });
      const { url } = uploadSchema.parse(await uploaded.json());
      const thumbnail = await fetch(
        `${base}${url.replace("/user_uploads/", "/user_uploads/thumbnail/")}/840x560.webp`,
        { headers: { authorization } },
      );
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get("content-type")).toBe("image/webp");

      // The Unicode emoji images, found in node_modules from the bundle's folder.
      const tada = await fetch(`${base}/static/generated/emoji/images/emoji/unicode/1f389.png`);
      expect(tada.status).toBe(200);
      expect(Buffer.from(await tada.arrayBuffer())).toEqual(
        readFileSync(
          join(ROOT, "node_modules", "emoji-datasource-google", "img", "google", "64", "1f389.png"),
        ),
      );
    },
    STEP_TIMEOUT_MS,
  );
});
