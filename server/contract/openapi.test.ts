import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lacksCorpora } from "../../common/test/vitest-corpora";
import { openApi as sharedOpenApi, relaxed } from "./contract";
import { OPENAPI_FILE, translateOpenApi, ZulipOpenApi } from "./openapi";

const noOpenApi = lacksCorpora("Validating against Zulip's OpenAPI", [OPENAPI_FILE]);

describe("reading Zulip's OpenAPI", () => {
  const saved = process.env["PARLEY_CORPORA_DIR"];
  afterEach(() => {
    if (saved === undefined) delete process.env["PARLEY_CORPORA_DIR"];
    else process.env["PARLEY_CORPORA_DIR"] = saved;
  });

  it("fails saying which file is missing, where it was looked for and how to get it", () => {
    const empty = mkdtempSync(join(tmpdir(), "parley-corpora-"));
    process.env["PARLEY_CORPORA_DIR"] = empty;
    try {
      expect(() => ZulipOpenApi.load()).toThrow(
        `needs reference/zulip-openapi-9.0-fl247.yaml (Zulip 9.0-dev (API feature level 247): ` +
          `zerver/openapi/zulip.yaml), which the repository does not hold: PARLEY_CORPORA_DIR ` +
          `is ${empty}.`,
      );
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it("reads nullable as JSON Schema and oneOf as anyOf", () => {
    expect(
      translateOpenApi({
        properties: {
          a: { type: "string", nullable: true },
          b: { enum: ["x"], type: "string", nullable: true },
          c: { allOf: [{ $ref: "#/x" }], nullable: true },
          d: { oneOf: [{ type: "integer" }, { type: "string" }], nullable: false },
        },
      }),
    ).toEqual({
      properties: {
        a: { type: ["string", "null"] },
        b: { enum: ["x", null], type: ["string", "null"] },
        c: { anyOf: [{ type: "null" }, { allOf: [{ $ref: "#/x" }] }] },
        d: { anyOf: [{ type: "integer" }, { type: "string" }] },
      },
    });
  });

  it.skipIf(noOpenApi)(
    "validates a response with $refs resolved, naming the field that does not fit",
    () => {
      const openApi = sharedOpenApi();
      expect(openApi.statuses("GET /events")).toEqual(["200", "400"]);
      const good = { result: "success", msg: "", api_key: "k", email: "a@b.c", user_id: 1 };
      expect(openApi.validate("POST /dev_fetch_api_key", 200, good)).toEqual([]);
      expect(openApi.validate("POST /dev_fetch_api_key", 200, { ...good, extra: 1 })).toEqual([
        { path: "/", message: "must NOT have additional properties (extra)" },
      ]);
      expect(openApi.validate("POST /dev_fetch_api_key", 200, { ...good, email: 5 })).toEqual([
        { path: "/email", message: "must be string" },
      ]);
      expect(() => openApi.validate("GET /no/such/path", 200, {})).toThrow(
        /not in Zulip's OpenAPI/,
      );
    },
  );

  it.skipIf(noOpenApi)("checks each event against the alternatives for its type", () => {
    const openApi = sharedOpenApi();
    expect(openApi.validateEvents([{ type: "heartbeat", id: 3 }])).toEqual([]);
    expect(openApi.validateEvents([{ type: "heartbeat", id: "x" }])).toEqual([
      { path: "/events/0/id", message: "must be integer" },
    ]);
    expect(openApi.validateEvents([{ type: "no_such_event", id: 1 }])).toEqual([
      { path: "/events/0", message: "no event of this type/op in the OpenAPI" },
    ]);
  });

  it("relaxes exactly the fields named: dropped, or renamed to Zulip's name", () => {
    const body = { list: [{ a: 1, b: 2 }, { a: 3 }], not_subscribed: ["x"], keep: true };
    expect(
      relaxed(body, [
        { path: "list.*.a", why: "test" },
        { path: "not_subscribed", renameTo: "not_removed", why: "test" },
      ]),
    ).toEqual({ list: [{ b: 2 }, {}], not_removed: ["x"], keep: true });
    expect(body.list[0]).toEqual({ a: 1, b: 2 });
  });
});
