import type { Endpoint } from "../http/endpoint";

/** Linkifiers, custom emoji, user groups, users, presence, typing, password login. */
export const realmEndpoints: Endpoint[] = [];
