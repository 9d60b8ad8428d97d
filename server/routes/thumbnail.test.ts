import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { systemClock } from "../clock";
import { startTestServer } from "../test/test-server";
import { claimedPng, imageSize, solidImage } from "../thumbnails/test-images";
import { Thumbnailer } from "../thumbnails/thumbnail-thread";
import { registerThumbnails, type ThumbnailNetwork } from "./thumbnail";
import {
  fetchFromAddress,
  isPublicAddress,
  sniffImageType,
  ThumbnailRefusal,
} from "./thumbnail-fetch";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** A fake network: names resolve from `names`; fetches are recorded and answer `body`. */
function fakeNetwork(names: Record<string, string[]>, body: Buffer = PNG) {
  const fetched: { url: string; address: string }[] = [];
  const network: ThumbnailNetwork = {
    resolve: (host) => Promise.resolve(names[host] ?? []),
    fetch: (url, address) => {
      fetched.push({ url: url.href, address });
      return Promise.resolve(body);
    },
  };
  return { network, fetched };
}

const images = new Thumbnailer();
afterAll(() => images.close());

async function appWith(network: ThumbnailNetwork): Promise<FastifyInstance> {
  const app = Fastify();
  registerThumbnails(app, { clock: systemClock, config: loadConfig({}, "/") }, network, images);
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, url: string, size = "thumbnail") =>
  app.inject({ url: `/thumbnail?url=${encodeURIComponent(url)}&size=${size}` });

describe("GET /thumbnail refuses what is not a public http(s) image", () => {
  it.each([
    ["not a URL", "user_uploads/2/ab/x.png"],
    ["ftp", "ftp://files.example/x.png"],
    ["javascript", "javascript:alert(1)//x.png"],
    ["data", "data:image/png;base64,iVBORw0KGgo="],
    ["file", "file:///etc/passwd"],
    ["credentials", "https://user:secret@img.example/x.png"],
    ["another port", "https://img.example:8443/x.png"],
  ])("%s: 400, nothing fetched", async (_, url) => {
    const { network, fetched } = fakeNetwork({ "img.example": ["93.184.216.34"] });
    const response = await get(await appWith(network), url);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).not.toBe("");
    expect(fetched).toEqual([]);
  });

  it.each([
    ["loopback", "http://127.0.0.1/x.png"],
    ["loopback, elsewhere in 127/8", "http://127.8.9.10/x.png"],
    ["loopback, hexadecimal", "http://0x7f.1/x.png"],
    ["loopback, one number", "http://2130706433/x.png"],
    ["this host", "http://0.0.0.0/x.png"],
    ["private 10/8", "http://10.1.2.3/x.png"],
    ["private 172.16/12", "http://172.31.255.1/x.png"],
    ["private 192.168/16", "http://192.168.0.10/x.png"],
    ["shared address space", "http://100.64.0.1/x.png"],
    ["link-local", "http://169.254.10.20/x.png"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/x.png"],
    ["multicast", "http://224.0.0.1/x.png"],
    ["broadcast", "http://255.255.255.255/x.png"],
    ["documentation", "http://192.0.2.7/x.png"],
    ["IPv6 loopback", "http://[::1]/x.png"],
    ["IPv6 unspecified", "http://[::]/x.png"],
    ["IPv6 unique local", "http://[fd12:3456::1]/x.png"],
    ["IPv6 unique local fc00", "http://[fc00::1]/x.png"],
    ["IPv6 link-local", "http://[fe80::1]/x.png"],
    ["IPv6 multicast", "http://[ff02::1]/x.png"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/x.png"],
    ["IPv4-mapped metadata", "http://[::ffff:a9fe:a9fe]/x.png"],
    ["6to4 of loopback", "http://[2002:7f00:1::1]/x.png"],
    ["IPv6 documentation", "http://[2001:db8::1]/x.png"],
  ])("%s: 403, nothing fetched", async (_, url) => {
    const { network, fetched } = fakeNetwork({});
    const response = await get(await appWith(network), url);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ msg: string }>().msg).toMatch(/is not a public address/);
    expect(fetched).toEqual([]);
  });

  it.each([
    ["localhost", ["127.0.0.1", "::1"]],
    ["metadata.google.internal", ["169.254.169.254"]],
    ["intranet.example", ["10.0.0.5"]],
    ["v6-private.example", ["fd00::5"]],
    ["rebind.example", ["93.184.216.34", "192.168.1.1"]],
  ])(
    "a name resolving to a private address (%s): 403, nothing fetched",
    async (host, addresses) => {
      const { network, fetched } = fakeNetwork({ [host]: addresses });
      const response = await get(await appWith(network), `https://${host}/x.png`);
      expect(response.statusCode).toBe(403);
      expect(fetched).toEqual([]);
    },
  );

  it("a name that does not resolve: 400, nothing fetched", async () => {
    const { network, fetched } = fakeNetwork({});
    const response = await get(await appWith(network), "https://nowhere.example/x.png");
    expect(response.statusCode).toBe(400);
    expect(response.json<{ msg: string }>().msg).toMatch(/could not be resolved/);
    expect(fetched).toEqual([]);
  });

  it("a size other than thumbnail or full: 400", async () => {
    const { network } = fakeNetwork({ "img.example": ["93.184.216.34"] });
    const response = await get(await appWith(network), "https://img.example/x.png", "huge");
    expect(response.statusCode).toBe(400);
  });

  it("bytes that are not a raster image (HTML, SVG): 415", async () => {
    for (const body of ["<html><script>alert(1)</script>", '<svg onload="alert(1)"/>']) {
      const { network } = fakeNetwork({ "img.example": ["93.184.216.34"] }, Buffer.from(body));
      const response = await get(await appWith(network), "https://img.example/x.png");
      expect(response.statusCode).toBe(415);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
    }
  });
});

describe("GET /thumbnail serves a public image", () => {
  it("connects to the address it checked, and serves the sniffed type under nosniff", async () => {
    const { network, fetched } = fakeNetwork({ "img.example": ["93.184.216.34"] });
    const response = await get(await appWith(network), "https://img.example/logo.gif", "full");
    expect(response.statusCode).toBe(200);
    expect(fetched).toEqual([{ url: "https://img.example/logo.gif", address: "93.184.216.34" }]);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toMatch(/default-src 'none'; sandbox/);
    expect(response.rawPayload.equals(PNG)).toBe(true);
  });
});

describe("GET /thumbnail resizes at size=thumbnail", () => {
  it("answers a WebP fitted in 840x560 at size=thumbnail, the original at size=full", async () => {
    const photo = await solidImage(1200, 900, ".png");
    const { network } = fakeNetwork({ "img.example": ["93.184.216.34"] }, photo);
    const app = await appWith(network);
    const small = await get(app, "https://img.example/photo.png");
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-type"]).toBe("image/webp");
    expect(small.headers["x-content-type-options"]).toBe("nosniff");
    expect(await imageSize(small.rawPayload)).toMatchObject({ width: 747, height: 560 });
    const full = await get(app, "https://img.example/photo.png", "full");
    expect(full.headers["content-type"]).toBe("image/png");
    expect(full.rawPayload.equals(photo)).toBe(true);
  });

  it("answers an image libvips does not read as it is, and refuses a pixel bomb", async () => {
    const { network } = fakeNetwork({ "img.example": ["93.184.216.34"] });
    const unread = await get(await appWith(network), "https://img.example/odd.png");
    expect(unread.statusCode).toBe(200);
    expect(unread.rawPayload.equals(PNG)).toBe(true);
    const bomb = fakeNetwork({ "img.example": ["93.184.216.34"] }, claimedPng(20000, 20000));
    const refused = await get(await appWith(bomb.network), "https://img.example/bomb.png");
    expect(refused.statusCode).toBe(413);
    expect(refused.json<{ msg: string }>().msg).toMatch(/too many pixels/);
  });
});

describe("the fetch itself (against a local server, by its address)", () => {
  let server: Server;
  let base: URL;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers);
      if (request.url === "/redirect") {
        response.writeHead(302, { location: "http://169.254.169.254/" }).end();
      } else if (request.url === "/big") {
        response.writeHead(200).end(Buffer.alloc(2048));
      } else if (request.url === "/never") {
        // Never answers: the fetch's own time limit ends it.
      } else response.writeHead(200).end(PNG);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = new URL(`http://img.example:${String((server.address() as AddressInfo).port)}/`);
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const limits = { timeoutMs: 200, maxBytes: 1024 };

  it("sends none of the caller's headers and connects to the given address, not a lookup", async () => {
    const body = await fetchFromAddress(new URL("/x.png", base), "127.0.0.1", limits);
    expect(body.equals(PNG)).toBe(true);
    const headers = seen.at(-1) ?? {};
    expect(headers.host).toBe(base.host);
    expect(headers.cookie).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });
  it("follows no redirect", async () => {
    await expect(fetchFromAddress(new URL("/redirect", base), "127.0.0.1", limits)).rejects.toThrow(
      /redirected \(not followed\)/,
    );
  });
  it("stops past the size limit", async () => {
    await expect(fetchFromAddress(new URL("/big", base), "127.0.0.1", limits)).rejects.toEqual(
      new ThumbnailRefusal(413, "The image is larger than the thumbnail limit"),
    );
  });
  it("stops a host that does not answer", async () => {
    await expect(fetchFromAddress(new URL("/never", base), "127.0.0.1", limits)).rejects.toThrow(
      /did not answer in time/,
    );
  });
});

it("classifies addresses: public hosts only", () => {
  for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "2a00:1450::1"]) {
    expect(isPublicAddress(address), address).toBe(true);
  }
  for (const address of [
    "",
    "example.com",
    "198.18.0.1",
    "fec0::1",
    "::ffff:8.8.8.8",
    "64:ff9b::1",
  ]) {
    expect(isPublicAddress(address), address).toBe(false);
  }
});

it("sniffs the raster image types, and nothing else", () => {
  expect(sniffImageType(PNG)).toBe("image/png");
  expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
  expect(sniffImageType(Buffer.from("GIF89a...."))).toBe("image/gif");
  expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
  expect(sniffImageType(Buffer.from("<?xml version='1.0'?><svg/>"))).toBeNull();
  expect(sniffImageType(Buffer.from(""))).toBeNull();
});

it("the server answers /thumbnail with the guarded route: a refusal, never a redirect", async () => {
  const server = await startTestServer();
  try {
    const response = await server.app.inject({
      url: `/thumbnail?url=${encodeURIComponent("http://169.254.169.254/x.png")}&size=full`,
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
  } finally {
    await server.close();
  }
});
