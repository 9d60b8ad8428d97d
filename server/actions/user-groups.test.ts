import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { verifyAction, type State, type TestEvent } from "../test/verify-action";

let server: TestServer;
let auth: Record<string, string>;
const ids: Record<string, number> = {};
const PEOPLE = [
  "desdemona",
  "iago",
  "hamlet",
  "othello",
  "cordelia",
  "prospero",
  "polonius",
  "welcome-bot",
];

beforeAll(async () => {
  server = await startTestServer();
  auth = {};
  for (const name of PEOPLE) {
    auth[name] = await server.auth(`${name}@parley.test`);
    const { body } = await server.api("GET", `users/${name}@parley.test`, {}, auth[name]);
    ids[name] = (body["user"] as { user_id: number }).user_id; // our own response
  }
});
afterAll(async () => {
  await server.close();
});

interface Group {
  id: number;
  name: string;
  description: string;
  members: number[];
  direct_subgroup_ids: number[];
  is_system_group: boolean;
  can_mention_group: number | null;
}

function as(name: string): string {
  const header = auth[name];
  if (header === undefined) throw new Error(`no auth for ${name}`);
  return header;
}
function id(name: string): number {
  return ids[name] ?? 0;
}

async function groups(): Promise<Group[]> {
  const { body } = await server.api("GET", "user_groups", {}, as("hamlet"));
  return body["user_groups"] as Group[]; // our own response
}
async function group(name: string): Promise<Group> {
  const found = (await groups()).find((g) => g.name === name);
  if (!found) throw new Error(`no group ${name}`);
  return found;
}

/** Asserts a refused request: 400 with the message, and no change to any group. */
async function expectRefused(
  request: () => Promise<{ status: number; body: Record<string, unknown> }>,
  msg: string,
  code = "BAD_REQUEST",
) {
  const before = await groups();
  const { status, body } = await request();
  expect(status).toBe(400);
  expect(body).toMatchObject({ result: "error", msg, code });
  expect(await groups()).toEqual(before);
}

describe("GET /user_groups", () => {
  it("lists system groups and the demo groups", async () => {
    const list = await groups();
    const engineering = list.find((g) => g.name === "engineering");
    expect(engineering).toEqual({
      id: expect.any(Number) as number,
      name: "engineering",
      description: "Builders of Parley.",
      members: [id("iago"), id("hamlet"), id("othello"), id("prospero")].sort((a, b) => a - b),
      direct_subgroup_ids: [],
      is_system_group: false,
      can_mention_group: list.find((g) => g.name === "role:everyone")?.id,
    });
    expect(list.filter((g) => !g.is_system_group).map((g) => g.name)).toEqual([
      "leadership",
      "engineering",
      "design",
      "support",
    ]);
    const admins = list.find((g) => g.name === "role:administrators");
    expect(admins?.members).toEqual([id("iago")]);
    expect(admins?.direct_subgroup_ids).toEqual([list.find((g) => g.name === "role:owners")?.id]);
    expect(list.find((g) => g.name === "role:everyone")?.members).toEqual([id("polonius")]);
  });

  it("refuses guests and bots", async () => {
    const guest = await server.api("GET", "user_groups", {}, as("polonius"));
    expect(guest.body).toMatchObject({ msg: "Not allowed for guest users" });
    const bot = await server.api("GET", "user_groups", {}, as("welcome-bot"));
    expect(bot.body).toMatchObject({ msg: "This endpoint does not accept bot requests." });
  });
});

describe("POST /user_groups/create", () => {
  it("creates a group with its members", async () => {
    const { status, body } = await server.api(
      "POST",
      "user_groups/create",
      { name: "writers", description: "Words.", members: [id("othello"), id("cordelia")] },
      as("cordelia"),
    );
    expect(status).toBe(200);
    const writers = await group("writers");
    expect(body["group_id"]).toBe(writers.id);
    expect(writers.members).toEqual([id("othello"), id("cordelia")].sort((a, b) => a - b));
  });

  it.each([
    [{ name: "", description: "x", members: [] }, "User group name can't be empty!"],
    [
      { name: "a".repeat(101), description: "x", members: [] },
      "User group name cannot exceed 100 characters.",
    ],
    [
      { name: "role:x", description: "x", members: [] },
      "User group name cannot start with 'role:'.",
    ],
    [{ name: "@x", description: "x", members: [] }, "User group name cannot start with '@'."],
    [
      { name: "Leadership", description: "x", members: [] },
      "User group 'Leadership' already exists.",
    ],
    [{ name: "new", description: "x", members: [999999] }, "Invalid user ID: 999999"],
    [{ name: "new", description: "x", members: [2 ** 40] }, "Invalid user ID: 1099511627776"],
    [{ name: "new", description: "x", members: ["hamlet"] }, "members[0] is not an integer"],
    [{ name: "new", description: "x", members: 5 }, "members is not a list"],
    [
      { name: "new", description: "x".repeat(1025), members: [] },
      "User group description cannot exceed 1024 characters.",
    ],
  ])("refuses %j", async (params, msg) => {
    await expectRefused(() => server.api("POST", "user_groups/create", params, as("hamlet")), msg);
  });

  it("refuses missing and malformed parameters, guests and bots", async () => {
    await expectRefused(
      () => server.api("POST", "user_groups/create", { description: "x" }, as("hamlet")),
      "Missing 'name' argument",
      "REQUEST_VARIABLE_MISSING",
    );
    await expectRefused(
      () =>
        server.api(
          "POST",
          "user_groups/create",
          { name: "n", description: "x", members: "[1," },
          as("hamlet"),
        ),
      'Argument "members" is not valid JSON.',
      "INVALID_JSON",
    );
    for (const who of ["polonius", "welcome-bot"]) {
      await expectRefused(
        () => server.api("POST", "user_groups/create", { name: "n", description: "x" }, as(who)),
        who === "polonius"
          ? "Not allowed for guest users"
          : "This endpoint does not accept bot requests.",
      );
    }
  });
});

describe("POST /user_groups/{id}/members", () => {
  it("adds and removes members, as a member of the group", async () => {
    const design = await group("design");
    const { status } = await server.api(
      "POST",
      `user_groups/${design.id}/members`,
      { add: [id("hamlet")], delete: [id("desdemona")] },
      as("cordelia"),
    );
    expect(status).toBe(200);
    expect((await group("design")).members).toEqual(
      [id("hamlet"), id("cordelia")].sort((a, b) => a - b),
    );
  });

  it("lets moderators and administrators change groups they are not in", async () => {
    const support = await group("support");
    const byIago = await server.api(
      "POST",
      `user_groups/${support.id}/members`,
      { add: [id("iago")] },
      as("iago"),
    );
    expect(byIago.status).toBe(200);
    const byProspero = await server.api(
      "POST",
      `user_groups/${support.id}/members`,
      { delete: [id("iago")] },
      as("prospero"),
    );
    expect(byProspero.status).toBe(200);
  });

  it("refuses bad changes without writing anything", async () => {
    const leadership = await group("leadership");
    const system = await group("role:members");
    const path = `user_groups/${leadership.id}/members`;
    const cases: [Record<string, object>, string, string][] = [
      [{ add: [id("iago")] }, `User ${id("iago")} is already a member of this group`, "hamlet"],
      [
        { delete: [id("cordelia")] },
        `There is no member '${id("cordelia")}' in this user group`,
        "hamlet",
      ],
      [{}, 'Nothing to do. Specify at least one of "add" or "delete".', "hamlet"],
      [{ add: [999999] }, "Invalid user ID: 999999", "hamlet"],
      [{ add: [id("cordelia")] }, "Insufficient permission", "othello"],
      [{ add: [id("cordelia")] }, "Not allowed for guest users", "polonius"],
    ];
    for (const [params, msg, who] of cases) {
      await expectRefused(() => server.api("POST", path, params, as(who)), msg);
    }
    await expectRefused(
      () =>
        server.api(
          "POST",
          `user_groups/${system.id}/members`,
          { add: [id("cordelia")] },
          as("iago"),
        ),
      "Insufficient permission",
    );
    await expectRefused(
      () =>
        server.api(
          "POST",
          "user_groups/99999999999/members",
          { add: [id("cordelia")] },
          as("iago"),
        ),
      "Invalid user group",
    );
    await expectRefused(
      () => server.api("POST", "user_groups/abc/members", { add: [id("cordelia")] }, as("iago")),
      "Bad value for 'user_group_id': abc",
      "REQUEST_VARIABLE_INVALID",
    );
  });

  it("lists members, recursively by default", async () => {
    const admins = await group("role:administrators");
    const { body } = await server.api("GET", `user_groups/${admins.id}/members`, {}, as("hamlet"));
    expect(body["members"]).toEqual([id("desdemona"), id("iago")].sort((a, b) => a - b));
    const direct = await server.api(
      "GET",
      `user_groups/${admins.id}/members`,
      { direct_member_only: true },
      as("hamlet"),
    );
    expect(direct.body["members"]).toEqual([id("iago")]);
  });
});

describe("user_group events", () => {
  const apply = (state: State, event: TestEvent) => {
    if (event.type !== "user_group") return;
    const list = state["realm_user_groups"] as Group[];
    const groupId = event["group_id"];
    const userIds = event["user_ids"] as number[];
    const target = list.find((g) => g.id === groupId);
    if (event["op"] === "add") list.push(event["group"] as Group);
    else if (event["op"] === "add_members" && target)
      target.members = [...target.members, ...userIds].sort((a, b) => a - b);
    else if (event["op"] === "remove_members" && target)
      target.members = target.members.filter((m) => !userIds.includes(m));
  };

  it("sends user_group add to every queue that wants it", async () => {
    const guest = await registerQueue(server, as("polonius"), { event_types: ["user_group"] });
    const other = await registerQueue(server, as("iago"), { event_types: ["message"] });
    await server.api(
      "POST",
      "user_groups/create",
      { name: "evented", description: "" },
      as("hamlet"),
    );
    const [event] = await queuedEvents(server, as("polonius"), guest.queueId);
    expect(event).toEqual({
      id: 0,
      type: "user_group",
      op: "add",
      group: await group("evented"),
    });
    expect(await queuedEvents(server, as("iago"), other.queueId)).toEqual([]);
  });

  it("verify_action: create, add members, remove members", async () => {
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["realm_user_groups"],
      numEvents: 1,
      action: async () => {
        await server.api(
          "POST",
          "user_groups/create",
          { name: "verified", description: "v", members: [id("hamlet")] },
          as("hamlet"),
        );
      },
      apply,
    });
    const verified = await group("verified");
    await verifyAction(server, {
      email: "othello@parley.test",
      keys: ["realm_user_groups"],
      numEvents: 2,
      action: async () => {
        const { status } = await server.api(
          "POST",
          `user_groups/${verified.id}/members`,
          { add: [id("othello"), id("cordelia")], delete: [id("hamlet")] },
          as("hamlet"),
        );
        expect(status).toBe(200);
      },
      apply,
    });
  });
});
