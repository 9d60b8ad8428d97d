import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { parseUrlEncoded } from "../http/body";
import { RateLimiter } from "../http/rate-limit";
import { Thumbnailer } from "../thumbnails/thumbnail-thread";
import {
  fetchFromAddress,
  publicAddressOf,
  resolveHost,
  sniffImageType,
  thumbnailTarget,
  ThumbnailRefusal,
  type FetchImage,
  type Resolve,
} from "./thumbnail-fetch";

/** How `/thumbnail` reaches the network (tests replace both: no network there). */
export interface ThumbnailNetwork {
  resolve: Resolve;
  fetch: FetchImage;
}

const SYSTEM_NETWORK: ThumbnailNetwork = {
  resolve: resolveHost,
  fetch: (url, address) => fetchFromAddress(url, address),
};

function refuse(reply: FastifyReply, refusal: ThumbnailRefusal): FastifyReply {
  return reply
    .status(refusal.status)
    .header("Cache-Control", "no-store")
    .send({ result: "error", msg: refusal.message, code: "BAD_REQUEST" });
}

async function thumbnail(
  request: FastifyRequest,
  reply: FastifyReply,
  network: ThumbnailNetwork,
  limiter: RateLimiter | undefined,
  images: Thumbnailer,
): Promise<FastifyReply> {
  if (limiter && !limiter.hit(request.ip).allowed) {
    return refuse(reply, new ThumbnailRefusal(429, "Too many thumbnail requests"));
  }
  const at = request.url.indexOf("?");
  const query = parseUrlEncoded(at < 0 ? "" : request.url.slice(at + 1));
  const size = query.get("size");
  if (size !== "thumbnail" && size !== "full") {
    return refuse(reply, new ThumbnailRefusal(400, "size must be thumbnail or full"));
  }
  try {
    const url = thumbnailTarget(query.get("url") ?? "");
    const address = await publicAddressOf(url, network.resolve);
    const body = await network.fetch(url, address);
    const type = sniffImageType(body);
    if (type === null) {
      throw new ThumbnailRefusal(415, "The URL is not a PNG, JPEG, GIF, WebP or BMP image");
    }
    let answer: { type: string; bytes: Uint8Array } = { type, bytes: body };
    if (size === "thumbnail") {
      const made = await images.thumbnail(body);
      if (!made.ok && made.reason === "too-large") {
        throw new ThumbnailRefusal(413, "The image has too many pixels to thumbnail");
      }
      // An image libvips does not read (a BMP, a damaged file) is answered as it is.
      const thumbnail =
        made.ok && (made.thumbnails.find((t) => t.name.includes("-anim")) ?? made.thumbnails[0]);
      if (thumbnail) answer = { type: "image/webp", bytes: thumbnail.bytes };
    }
    return await reply
      .header("Content-Type", answer.type)
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; sandbox")
      .header("Cache-Control", "private, max-age=3600")
      .send(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
  } catch (error) {
    if (error instanceof ThumbnailRefusal) return refuse(reply, error);
    throw error;
  }
}

/**
 * `GET /thumbnail?url=…&size=thumbnail|full`, where the renderer points external images
 * (Zulip's `THUMBNAIL_IMAGES` markup): a guarded image proxy. It fetches only http(s) URLs on the
 * standard port whose host is a public address (resolved first, then connected to), with none
 * of the caller's headers, no redirect followed, within 5 s and 10 MiB, and answers only bytes
 * that are a PNG, JPEG, GIF, WebP or BMP image, under `nosniff` and a sandboxing CSP: at
 * `size=full` as fetched, at `size=thumbnail` as a WebP fitted in 840×560 made by the upload
 * thumbnails' worker (`images`), or as fetched if libvips does not read it; a pixel bomb is
 * refused (413). Without
 * authentication (an `<img>` cannot send Basic credentials), so it counts against the per-IP
 * rate limit when one is configured.
 */
export function registerThumbnails(
  app: FastifyInstance,
  ctx: Pick<AppContext, "clock" | "config">,
  network: ThumbnailNetwork = SYSTEM_NETWORK,
  images: Thumbnailer = new Thumbnailer(),
): void {
  const perIp = ctx.config.rateLimitByIpPerMinute;
  const limiter = perIp === undefined ? undefined : new RateLimiter(ctx.clock, perIp);
  app.get("/thumbnail", (request, reply) => thumbnail(request, reply, network, limiter, images));
}
