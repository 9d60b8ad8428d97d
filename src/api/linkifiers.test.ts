import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import {
  addLinkifier,
  getLinkifiers,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
} from "./linkifiers";

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

  it("updateLinkifier PATCHes realm/filters/{id} with the pattern and template", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await updateLinkifier(client, {
      filter_id: 4,
      pattern: "P-(?P<id>\\d+)",
      url_template: "https://p/{id}",
    });
    expect(fake.lastRequest.method).toBe("PATCH");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/filters/4");
    expect(fake.lastRequest.body).toEqual({
      pattern: "P-(?P<id>\\d+)",
      url_template: "https://p/{id}",
    });
  });

  it("reorderLinkifiers PATCHes realm/linkifiers with the JSON list of ids", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await reorderLinkifiers(client, { ordered_linkifier_ids: [3, 1, 2] });
    expect(fake.lastRequest.method).toBe("PATCH");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/linkifiers");
    expect(fake.lastRequest.body).toEqual({ ordered_linkifier_ids: "[3,1,2]" });
  });
});
