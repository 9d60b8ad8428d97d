import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import { addLinkifier, getLinkifiers, removeLinkifier } from "./linkifiers";

describe("linkifier bindings", () => {
  it("getLinkifiers GETs realm/linkifiers in order", async () => {
    const { fake, client } = setupApi();
    const linkifiers = [
      wire.linkifier(),
      wire.linkifier({
        id: 2,
        pattern: "RFC ?(?P<number>[0-9]+)",
        url_template: "https://www.rfc-editor.org/rfc/rfc{number}",
      }),
    ];
    fake.json(200, success({ linkifiers }));
    const result = await getLinkifiers(client);
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/linkifiers");
    expect(result.linkifiers).toEqual(linkifiers);
  });

  it("addLinkifier POSTs realm/filters with raw pattern and template", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ id: 4 }));
    const result = await addLinkifier(client, {
      pattern: "#(?P<id>[0-9]+)",
      url_template: "https://tracker.example/{id}",
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/filters");
    expect(fake.lastRequest.body).toEqual({
      pattern: "#(?P<id>[0-9]+)",
      url_template: "https://tracker.example/{id}",
    });
    expect(result.id).toBe(4);
  });

  it("a validation error keeps Zulip's `errors` in extra", async () => {
    const { fake, client } = setupApi();
    const msg = "Linkifier with this Pattern and Realm already exists.";
    fake.json(400, { result: "error", msg, code: "BAD_REQUEST", errors: { __all__: [msg] } });
    await expect(
      addLinkifier(client, { pattern: "x", url_template: "https://x.example/" }),
    ).rejects.toMatchObject({ msg, extra: { errors: { __all__: [msg] } } });
  });

  it("removeLinkifier DELETEs realm/filters/{id}", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await removeLinkifier(client, { filter_id: 4 });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/filters/4");
  });
});
