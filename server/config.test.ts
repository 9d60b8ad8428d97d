import { describe, expect, it } from "vitest";
import { isOwnAddress, loadConfig, loadUpstreamUrl, upstreamUrl } from "./config";

describe("loadConfig", () => {
  it("reads the defaults and the environment", () => {
    const config = loadConfig({ PORT: "9000", DEMO_SIZE: "minimal" }, "/srv/parley");
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe("/srv/parley/.data");
    expect(config.clientDir).toBe("/srv/parley/dist/client");
    expect(config.demoSize).toBe("minimal");
    expect(config.rateLimitPerMinute).toBeUndefined();
  });

  it("limits API calls by default in production with Zulip's figures, and not in development", () => {
    const production = loadConfig({ NODE_ENV: "production" }, "/");
    expect(production.rateLimitPerMinute).toBe(200);
    expect(production.rateLimitByIpPerMinute).toBe(100);
    const development = loadConfig({ NODE_ENV: "development" }, "/");
    expect(development.rateLimitPerMinute).toBeUndefined();
    expect(development.rateLimitByIpPerMinute).toBeUndefined();
  });

  it("takes the limits from the environment, 0 switching one off, in either mode", () => {
    const env = { RATE_LIMIT_PER_MINUTE: "50", RATE_LIMIT_BY_IP_PER_MINUTE: "0" };
    for (const NODE_ENV of ["production", "development"]) {
      const config = loadConfig({ ...env, NODE_ENV }, "/");
      expect(config.rateLimitPerMinute).toBe(50);
      expect(config.rateLimitByIpPerMinute).toBeUndefined();
    }
    expect(
      loadConfig({ NODE_ENV: "production", RATE_LIMIT_PER_MINUTE: "0" }, "/").rateLimitPerMinute,
    ).toBeUndefined();
  });

  it("takes the upload size limit in whole MiB, Zulip's 25 by default", () => {
    expect(loadConfig({}, "/").maxFileUploadSizeMib).toBe(25);
    expect(loadConfig({ MAX_FILE_UPLOAD_SIZE_MIB: "2" }, "/").maxFileUploadSizeMib).toBe(2);
    for (const value of ["0", "1.5", "big"]) {
      expect(() => loadConfig({ MAX_FILE_UPLOAD_SIZE_MIB: value }, "/")).toThrow(
        /MAX_FILE_UPLOAD_SIZE_MIB/,
      );
    }
  });

  it("rejects a rate limit that is not a whole number of calls", () => {
    for (const value of ["-1", "1.5", "many"]) {
      expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: value }, "/")).toThrow(
        /RATE_LIMIT_PER_MINUTE/,
      );
    }
  });

  it("rejects a bad port", () => {
    expect(() => loadConfig({ PORT: "70000" }, "/")).toThrow(/PORT/);
  });

  it("takes a camo proxy from CAMO_URL and CAMO_KEY together, or none", () => {
    expect(loadConfig({}, "/").camo).toBeUndefined();
    expect(loadConfig({ CAMO_URL: "https://camo.example/c", CAMO_KEY: "k" }, "/").camo).toEqual({
      baseUrl: "https://camo.example/c/",
      key: "k",
    });
    expect(() => loadConfig({ CAMO_URL: "https://camo.example/" }, "/")).toThrow(
      "CAMO_URL and CAMO_KEY must be set together",
    );
    expect(() => loadConfig({ CAMO_KEY: "k" }, "/")).toThrow(/together/);
    for (const url of ["javascript:alert(1)//", "/camo/", "https://camo.example/a b"]) {
      expect(() => loadConfig({ CAMO_URL: url, CAMO_KEY: "k" }, "/")).toThrow(
        /CAMO_URL must be an http\(s\) URL/,
      );
    }
  });
});

describe("loadUpstreamUrl", () => {
  it("is undefined without --upstream or UPSTREAM_URL: our own server", () => {
    expect(loadUpstreamUrl({}, [])).toBeUndefined();
    expect(loadUpstreamUrl({ UPSTREAM_URL: "" }, [])).toBeUndefined();
  });

  it("takes --upstream <url>, --upstream=<url>, then UPSTREAM_URL", () => {
    expect(loadUpstreamUrl({}, ["--upstream", "https://chat.example.org"])?.href).toBe(
      "https://chat.example.org/",
    );
    expect(loadUpstreamUrl({}, ["--upstream=http://127.0.0.1:9991"])?.href).toBe(
      "http://127.0.0.1:9991/",
    );
    expect(loadUpstreamUrl({ UPSTREAM_URL: "https://env.example.org" }, [])?.host).toBe(
      "env.example.org",
    );
    expect(
      loadUpstreamUrl({ UPSTREAM_URL: "https://env.example.org" }, [
        "--upstream",
        "https://arg.example.org",
      ])?.host,
    ).toBe("arg.example.org");
  });

  it("refuses a missing URL and unknown arguments", () => {
    expect(() => loadUpstreamUrl({}, ["--upstream"])).toThrow(/needs a URL/);
    expect(() => loadUpstreamUrl({}, ["--upstream", "--port"])).toThrow(/needs a URL/);
    expect(() => loadUpstreamUrl({}, ["--upstrem", "https://x.org"])).toThrow(/unknown argument/);
  });
});

describe("upstreamUrl", () => {
  it("accepts http and https URLs, with a path", () => {
    expect(upstreamUrl("https://example.org/zulip/", "--upstream").pathname).toBe("/zulip/");
    expect(upstreamUrl("http://10.0.0.2:9991", "--upstream").port).toBe("9991");
  });

  it.each([
    ["not a url", /must be a URL/],
    ["chat.example.org", /must be a URL|http/],
    ["ftp://chat.example.org", /http:\/\/ or https:\/\//],
    ["javascript:alert(1)", /http:\/\/ or https:\/\//],
    ["https://me:secret@chat.example.org", /user name or password/],
    ["https://me@chat.example.org", /user name or password/],
    ["https://chat.example.org/?realm=x", /query or fragment/],
  ])("rejects %s with a clear message", (text, message) => {
    expect(() => upstreamUrl(text, "--upstream")).toThrow(message);
  });

  it("names where the URL came from", () => {
    expect(() => upstreamUrl("ftp://x", "UPSTREAM_URL")).toThrow(/^UPSTREAM_URL/);
  });
});

describe("isOwnAddress", () => {
  it("catches this server under its loopback names", () => {
    expect(isOwnAddress(new URL("http://127.0.0.1:9991"), "127.0.0.1", 9991)).toBe(true);
    expect(isOwnAddress(new URL("http://localhost:9991"), "127.0.0.1", 9991)).toBe(true);
    expect(isOwnAddress(new URL("http://[::1]:9991"), "0.0.0.0", 9991)).toBe(true);
    expect(isOwnAddress(new URL("http://parley.lan"), "parley.lan", 80)).toBe(true);
    expect(isOwnAddress(new URL("https://parley.lan"), "parley.lan", 443)).toBe(true);
  });

  it("lets another port or host through", () => {
    expect(isOwnAddress(new URL("http://127.0.0.1:9992"), "127.0.0.1", 9991)).toBe(false);
    expect(isOwnAddress(new URL("https://chat.example.org"), "127.0.0.1", 443)).toBe(false);
    expect(isOwnAddress(new URL("http://parley.lan"), "parley.lan", 9991)).toBe(false);
  });
});
