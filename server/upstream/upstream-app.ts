import { createServer, type Server } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { registerClient } from "../app";
import { registerSecurityHeaders, setCommonSecurityHeaders } from "../http/security-headers";
import { Forwarder } from "./forward";

/** What the forwarding server needs: where to forward, and the built client to serve. */
export interface UpstreamAppOptions {
  /** The Zulip server's URL (validated by `upstreamUrl` in config.ts). */
  upstream: URL;
  /** Built client served at `/`; undefined (or a folder without index.html) serves none. */
  clientDir: string | undefined;
  logRequests?: boolean;
}

/**
 * The forwarding server of `--upstream`: forwarded paths (see FORWARDED_PREFIXES) go straight
 * from Node's HTTP server to the upstream, before Fastify would parse or limit their bodies;
 * everything else is the client, served by Fastify. No database, no event queues.
 */
export async function buildUpstreamApp(options: UpstreamAppOptions): Promise<FastifyInstance> {
  const forwarder = new Forwarder(options.upstream);
  const app = Fastify({
    logger: options.logRequests ?? false,
    // On stop, parked long polls are cut rather than waited for: the browser simply polls again.
    forceCloseConnections: true,
    serverFactory: (handler): Server => {
      const server = createServer((request, response) => {
        // Forwarded responses never pass Fastify's hooks: their headers are set here (the
        // upstream's own, written later, take precedence).
        setCommonSecurityHeaders(response);
        if (!forwarder.handle(request, response)) handler(request, response);
      });
      // Long polls are parked upstream for up to 90 s and uploads may be slow: Node's default
      // 300 s request timeout would cut a slow upload, and idle keep-alive sockets should
      // outlive the client's 90 s poll timeout.
      server.requestTimeout = 0;
      server.keepAliveTimeout = 120_000;
      return server;
    },
  });
  registerSecurityHeaders(app, "upstream");
  registerClient(app, options.clientDir);
  await app.ready();
  return app;
}
