import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import { success } from "../test/fake-fetch";
import { addReaction, removeReaction } from "./reactions";

describe("reactions", () => {
  it("addReaction POSTs the emoji to messages/{id}/reactions", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await addReaction(client, {
      message_id: 1000,
      emoji_name: "smile",
      emoji_code: "1f642",
      reaction_type: "unicode_emoji",
    });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/1000/reactions");
    expect(fake.lastRequest.body).toEqual({
      emoji_name: "smile",
      emoji_code: "1f642",
      reaction_type: "unicode_emoji",
    });
  });

  it("removeReaction sends DELETE with the emoji in the query string", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await removeReaction(client, {
      message_id: 1000,
      emoji_name: "shipit",
      emoji_code: "2",
      reaction_type: "realm_emoji",
    });
    expect(fake.lastRequest.method).toBe("DELETE");
    expect(fake.lastRequest.path).toBe("/api/v1/messages/1000/reactions");
    expect(fake.lastRequest.query).toEqual({
      emoji_name: "shipit",
      emoji_code: "2",
      reaction_type: "realm_emoji",
    });
  });

  it("a second reaction is Zulip's REACTION_ALREADY_EXISTS", async () => {
    const { fake, client } = setupApi();
    fake.json(400, {
      result: "error",
      msg: "Reaction already exists.",
      code: "REACTION_ALREADY_EXISTS",
    });
    await expect(
      addReaction(client, { message_id: 1000, emoji_name: "smile" }),
    ).rejects.toMatchObject({ status: 400, code: "REACTION_ALREADY_EXISTS" });
  });
});
