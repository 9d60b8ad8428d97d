import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import { getOwnUser, getUser, getUserByEmail, getUsers } from "./users";

describe("user bindings", () => {
  it("getOwnUser GETs users/me with the spec's extra fields", async () => {
    const { fake, client } = setupApi();
    const me = {
      ...wire.user({ user_id: 10, email: "iago@parley.test", role: 200, is_admin: true }),
      short_name: "iago",
      client_id: "",
      pointer: -1,
      max_message_id: 1001,
    };
    fake.json(200, success(me));
    const result = await getOwnUser(client);
    expect(fake.lastRequest.path).toBe("/api/v1/users/me");
    expect(result).toMatchObject({ user_id: 10, is_admin: true, pointer: -1 });
  });

  it("getUsers GETs users and parses members, deactivated and bots included", async () => {
    const { fake, client } = setupApi();
    const members = [
      wire.user(),
      wire.user({ user_id: 12, email: "gone@parley.test", is_active: false }),
      wire.user({ user_id: 13, is_bot: true, bot_type: 1, bot_owner_id: 10 }),
    ];
    fake.json(200, success({ members }));
    const result = await getUsers(client, { client_gravatar: false });
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/users");
    expect(fake.lastRequest.query).toEqual({ client_gravatar: "false" });
    expect(result.members).toEqual(members);
  });

  it("getUser GETs users/{id}", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ user: wire.user() }));
    const result = await getUser(client, { user_id: 11 });
    expect(fake.lastRequest.path).toBe("/api/v1/users/11");
    expect(result.user.full_name).toBe("King Hamlet");
  });

  it("getUserByEmail puts the email, escaped, in the path", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ user: wire.user({ email: "o'neil+test/x@parley.test" }) }));
    await getUserByEmail(client, { email: "o'neil+test/x@parley.test" });
    expect(fake.lastRequest.path).toBe("/api/v1/users/o'neil%2Btest%2Fx%40parley.test");
  });
});
