import { createApiClient, type ApiClient } from "../api/client";
import { createFakeFetch } from "./fake-fetch";

/** An authenticated client over a scripted fetch, for binding tests. */
export function setupApi(auth = { email: "iago@parley.test", apiKey: "k" }): {
  fake: ReturnType<typeof createFakeFetch>;
  client: ApiClient;
} {
  const fake = createFakeFetch();
  return { fake, client: createApiClient({ auth, fetch: fake.fetch }) };
}
