import type { Endpoint } from "../http/endpoint";

/** Subscribing and unsubscribing (filled in by the server issue). */
export const subscriptionEndpoints: Endpoint[] = [];
