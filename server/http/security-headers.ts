import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * What every response carries, API JSON, avatars and static files included:
 * - `nosniff`, so a browser never runs a response as another type than it says;
 * - `Referrer-Policy: no-referrer`: nothing here needs a Referer (the API authenticates with
 *   Basic auth, not a session checked against the referring page), and an image or link to
 *   another site then never learns the address of this server or the page the user was on;
 * - `X-Frame-Options: DENY`, the framing ban for browsers that ignore `frame-ancestors`.
 */
const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
};

/**
 * The Content-Security-Policy of the app's page. The built page loads its script, style sheet
 * and fonts (KaTeX's) from the app, with no inline script or `<style>`; message bodies hold
 * KaTeX's `style` attributes (kept by the sanitizer's checked hook), which CSP3's
 * `style-src-attr` allows without allowing `<style>` elements. Images: the app's own paths
 * (avatars, custom emoji, uploads) and `blob:` for the preview of an emoji about to be
 * uploaded; in `--upstream` mode also any https image, because a Zulip server's avatars live
 * on Gravatar or its storage host (an image cannot run script). The browser talks to no one
 * but this server (`connect-src 'self'`), in both modes. The only worker is the app's own
 * service worker, `/sw.js` (`worker-src 'self'`, said outright rather than left to fall back
 * to `script-src`).
 */
function pageContentSecurityPolicy(mode: "local" | "upstream"): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' blob:${mode === "upstream" ? " https:" : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Sets the common headers on a raw response (the `--upstream` forwarder writes those). */
export function setCommonSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) {
    response.setHeader(name, value);
  }
}

/**
 * Adds the common headers to every response of `app`, and the page's CSP to every HTML
 * response that does not set a policy of its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, mode: "local" | "upstream"): void {
  const csp = pageContentSecurityPolicy(mode);
  app.addHook("onSend", (_request, reply, payload, done) => {
    void reply.headers(COMMON_SECURITY_HEADERS);
    const type = reply.getHeader("content-type");
    if (
      typeof type === "string" &&
      type.startsWith("text/html") &&
      !reply.hasHeader("content-security-policy")
    ) {
      void reply.header("Content-Security-Policy", csp);
    }
    done(null, payload);
  });
}
