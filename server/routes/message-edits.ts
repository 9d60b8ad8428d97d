import type { Endpoint } from "../http/endpoint";

/** Fetching one message, editing it, and its edit history. */
export const messageEditEndpoints: Endpoint[] = [];
