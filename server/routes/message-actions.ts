import type { Endpoint } from "../http/endpoint";

/** Editing, history, deletion, flags, bulk read and reactions of messages. */
export const messageActionEndpoints: Endpoint[] = [];
