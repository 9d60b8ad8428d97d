import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../common/wire/endpoints";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close({ saveQueues: false });
});

describe("the API's routes", () => {
  it("are exactly the shared table's paths and methods (common/wire/endpoints.ts)", async () => {
    for (const [path, schemas] of Object.entries(ENDPOINTS)) {
      const response = await server.app.inject({
        method: "OPTIONS",
        url: `/api/v1/${path.replace(/\{\w+\}/g, "1")}`,
      });
      expect(response.statusCode, path).toBe(204);
      const allowed = String(response.headers["allow"]).split(", ").sort();
      expect(allowed, path).toEqual(Object.keys(schemas).sort());
    }
  });
});
