import type { Endpoint } from "../http/endpoint";

/** Streams and their topics. */
export const streamEndpoints: Endpoint[] = [];
