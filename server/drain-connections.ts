import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** Ends the connection of every request being answered, once its answer is out. */
export type DrainConnections = () => void;

/** Marks the answer `Connection: close` if it has not started, and ends its connection after. */
function closeAfter(response: ServerResponse): void {
  // Read now: the response lets go of its socket when it finishes.
  const socket = response.socket;
  if (!response.headersSent) response.setHeader("Connection", "close");
  response.once("close", () => {
    socket?.end();
  });
}

/**
 * Keeps track of the requests being answered, so a graceful stop can end their connections.
 * Node's `server.close()` closes only the connections idle at that moment, and Fastify answers
 * requests arriving later with 503 and `Connection: close`; but a request already being
 * answered (a send, a register, a file, the poll the stop answers) finished on a kept-alive
 * connection that stayed open until the keep-alive timeout (120 s), and the stop waited for it.
 * Call the function returned when the stop begins: from then on every answer closes its
 * connection.
 */
export function trackRequestsInFlight(server: Server): DrainConnections {
  const inFlight = new Set<ServerResponse>();
  let isDraining = false;
  server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    // Also before Fastify's own closing flag is set, a moment after the stop began.
    if (isDraining) {
      closeAfter(response);
      return;
    }
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
  });
  return () => {
    isDraining = true;
    for (const response of inFlight) closeAfter(response);
    inFlight.clear();
  };
}
