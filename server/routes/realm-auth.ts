import { fetchApiKey } from "../actions/password";
import { publicEndpoint, type Endpoint } from "../http/endpoint";

/** Password login. */
export const authEndpoints: Endpoint[] = [
  /** POST /api/v1/fetch_api_key (no authentication) */
  publicEndpoint("fetch_api_key", {
    POST: async ({ ctx, params }) =>
      fetchApiKey(ctx, params.string("username"), params.string("password")),
  }),
];
