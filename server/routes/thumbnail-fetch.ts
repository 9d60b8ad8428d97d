import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** A refusal of `/thumbnail`: the status and the message the client gets. */
export class ThumbnailRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Every address of a host name (tests inject their own: no network). */
export type Resolve = (host: string) => Promise<string[]>;

/** The system resolver, all addresses, in its order. */
export const resolveHost: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Fetches an image from one vetted address (tests inject their own). */
export type FetchImage = (url: URL, address: string) => Promise<Buffer>;

// Every IPv4 range that is not the public Internet (RFC 6890 and friends): this host, private
// networks, shared address space, loopback, link-local (cloud metadata at 169.254.169.254),
// protocol assignments, documentation, benchmarking, multicast, reserved and broadcast.
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
// Inside global unicast (2000::/3), the ranges that are not one public host: Teredo and 6to4
// (they carry an IPv4 address), ORCHID, and documentation.
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ["2001::", 32],
  ["2001:10::", 28],
  ["2001:20::", 28],
  ["2001:db8::", 32],
  ["2002::", 16],
];

const notPublic = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(net, prefix, "ipv6");
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");

/**
 * Whether an IP address is one host of the public Internet. IPv6 must be global unicast
 * (2000::/3): loopback, unspecified, IPv4-mapped, unique local (fc00::/7), link-local, site-local
 * and multicast are all outside it.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, "ipv4");
  if (family === 6) {
    return globalUnicastV6.check(address, "ipv6") && !notPublic.check(address, "ipv6");
  }
  return false;
}

/**
 * The URL `/thumbnail` may fetch: http(s), no user name or password (nothing of anyone's is sent
 * on), the scheme's own port (no probing of other services), a host name or public address.
 */
export function thumbnailTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ThumbnailRefusal(400, "Only absolute http(s) image URLs are thumbnailed");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ThumbnailRefusal(400, "Only absolute http(s) image URLs are thumbnailed");
  }
  if (url.username !== "" || url.password !== "") {
    throw new ThumbnailRefusal(400, "An image URL with credentials is not fetched");
  }
  if (url.port !== "") {
    throw new ThumbnailRefusal(400, "Only images on the standard http(s) port are fetched");
  }
  return url;
}

/**
 * The address to connect to: the host itself when it is an IP address, else what it resolves
 * to. Every resolved address must be public (a name that also resolves to a private address is
 * refused), and the connection then goes to the address checked here, not to a second lookup.
 */
export async function publicAddressOf(url: URL, resolve: Resolve): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new ThumbnailRefusal(400, `The image's host ${host} could not be resolved`);
    }
  }
  const first = addresses[0];
  if (first === undefined || !addresses.every(isPublicAddress)) {
    throw new ThumbnailRefusal(403, `The image's host ${host} is not a public address`);
  }
  return first;
}

/** The limits of one fetch. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** Zulip's camo and thumbnailer limits are of this order: 5 s, and images up to 10 MiB. */
const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 5_000, maxBytes: 10 * 1024 * 1024 };

function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_host, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new ThumbnailRefusal(413, "The image is larger than the thumbnail limit"));
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => {
      resolve(Buffer.concat(chunks));
    });
    response.on("error", reject);
  });
}

/**
 * GETs `url` from `address` with no header of the caller's (no cookie, no authorization), no
 * redirect followed, within the time and size limits.
 */
export function fetchFromAddress(
  url: URL,
  address: string,
  limits: FetchLimits = DEFAULT_LIMITS,
): Promise<Buffer> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: "GET",
      agent: false,
      lookup: pinnedLookup(address),
      headers: { accept: "image/*", "user-agent": "Parley-thumbnail" },
    });
    const timer = setTimeout(() => {
      request.destroy(new ThumbnailRefusal(504, "The image's host did not answer in time"));
    }, limits.timeoutMs);
    const fail = (error: unknown): void => {
      clearTimeout(timer);
      reject(
        error instanceof ThumbnailRefusal
          ? error
          : new ThumbnailRefusal(502, "The image could not be fetched"),
      );
    };
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.destroy();
        const what = status >= 300 && status < 400 ? "redirected (not followed)" : String(status);
        fail(new ThumbnailRefusal(502, `The image's host answered ${what}`));
        return;
      }
      const length = Number(response.headers["content-length"] ?? "0");
      if (length > limits.maxBytes) {
        response.destroy();
        fail(new ThumbnailRefusal(413, "The image is larger than the thumbnail limit"));
        return;
      }
      readBody(response, limits.maxBytes).then((body) => {
        clearTimeout(timer);
        resolve(body);
      }, fail);
    });
    request.end();
  });
}

/** The image type of `bytes` from its signature (no SVG: it is a document that runs script). */
export function sniffImageType(bytes: Buffer): string | null {
  const starts = (signature: number[], at = 0): boolean =>
    signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  const head = bytes.subarray(0, 12).toString("latin1");
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "image/gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "image/webp";
  if (head.startsWith("BM") && bytes.length > 14) return "image/bmp";
  return null;
}
