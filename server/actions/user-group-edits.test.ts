import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queuedEvents, registerQueue } from "../test/realm-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

// PATCH /user_groups/{id} (name, description) and POST /user_groups/{id}/deactivate: checks,
// permissions, events to every queue, and what a deactivated group no longer does.
let server: TestServer;
const auth: Record<string, string> = {};
const ids: Record<string, number> = {};
const PEOPLE = ["iago", "hamlet", "othello", "cordelia", "prospero", "polonius"];
const WITH_DEACTIVATED = { client_capabilities: { include_deactivated_groups: true } };

beforeAll(async () => {
  server = await startTestServer();
  for (const name of PEOPLE) {
    auth[name] = await server.auth(`${name}@parley.test`);
    const { body } = await server.api("GET", `users/${name}@parley.test`, {}, as(name));
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
  deactivated?: boolean;
}

function as(name: string): string {
  const header = auth[name];
  if (header === undefined) throw new Error(`no auth for ${name}`);
  return header;
}

async function groups(params: Record<string, boolean> = {}): Promise<Group[]> {
  const { body } = await server.api("GET", "user_groups", params, as("hamlet"));
  return body["user_groups"] as Group[]; // our own response
}

/** A new group made by hamlet (so hamlet, a plain member, may change it). */
async function create(name: string, members = [ids["hamlet"] ?? 0]): Promise<number> {
  const { body } = await server.api(
    "POST",
    "user_groups/create",
    { name, description: "Before.", members },
    as("hamlet"),
  );
  return Number(body["group_id"]);
}

async function expectRefused(
  request: () => Promise<{ status: number; body: Record<string, unknown> }>,
  msg: string,
  code = "BAD_REQUEST",
) {
  const before = await groups({ include_deactivated_groups: true });
  const { status, body } = await request();
  expect(status).toBe(400);
  expect(body).toMatchObject({ result: "error", msg, code });
  expect(await groups({ include_deactivated_groups: true })).toEqual(before);
}

describe("PATCH /user_groups/{id}", () => {
  it("renames and redescribes, one update event per changed field to every queue", async () => {
    const id = await create("patchers");
    const guest = await registerQueue(server, as("polonius"), { event_types: ["user_group"] });
    const { status } = await server.api(
      "PATCH",
      `user_groups/${id}`,
      { name: " Patch crew ", description: "After." },
      as("hamlet"),
    );
    expect(status).toBe(200);
    expect((await groups()).find((g) => g.id === id)).toMatchObject({
      name: "Patch crew",
      description: "After.",
    });
    expect(await queuedEvents(server, as("polonius"), guest.queueId)).toEqual([
      { id: 0, type: "user_group", op: "update", group_id: id, data: { name: "Patch crew" } },
      { id: 1, type: "user_group", op: "update", group_id: id, data: { description: "After." } },
    ]);
  });

  it("sends nothing for a field given unchanged, and takes its own name in another case", async () => {
    const id = await create("casey");
    const queue = await registerQueue(server, as("othello"), { event_types: ["user_group"] });
    await server.api("PATCH", `user_groups/${id}`, { description: "Before." }, as("hamlet"));
    expect(await queuedEvents(server, as("othello"), queue.queueId)).toEqual([]);
    const recased = await server.api("PATCH", `user_groups/${id}`, { name: "Casey" }, as("hamlet"));
    expect(recased.status).toBe(200);
    expect((await groups()).find((g) => g.id === id)?.name).toBe("Casey");
  });

  it("refuses bad names, clashes, system groups and people who may not, changing nothing", async () => {
    const id = await create("refusers");
    const system = (await groups()).find((g) => g.name === "role:members")?.id ?? 0;
    const patch =
      (params: Record<string, string>, who = "hamlet", target = id) =>
      () =>
        server.api("PATCH", `user_groups/${target}`, params, as(who));
    await expectRefused(patch({ name: "  " }), "User group name can't be empty!");
    await expectRefused(patch({ name: "role:x" }), "User group name cannot start with 'role:'.");
    await expectRefused(
      patch({ name: "a".repeat(101) }),
      "User group name cannot exceed 100 characters.",
    );
    await expectRefused(
      patch({ description: "x".repeat(1025) }),
      "User group description cannot exceed 1024 characters.",
    );
    await expectRefused(patch({ name: "ENGINEERING" }), "User group 'ENGINEERING' already exists.");
    await expectRefused(patch({}), "No new data supplied");
    await expectRefused(patch({ name: "mine" }, "othello"), "Insufficient permission");
    await expectRefused(patch({ name: "mine" }, "polonius"), "Not allowed for guest users");
    await expectRefused(patch({ name: "mine" }, "iago", system), "Insufficient permission");
    await expectRefused(patch({ name: "mine" }, "iago", 99999999), "Invalid user group");
    // Moderators and administrators may change groups they are not in.
    expect((await patch({ description: "By a moderator." }, "prospero")()).status).toBe(200);
  });
});

describe("POST /user_groups/{id}/deactivate", () => {
  it("hides the group and its mentions; remove or update events by capability", async () => {
    const id = await create("fading", [ids["hamlet"] ?? 0, ids["cordelia"] ?? 0]);
    const plain = await registerQueue(server, as("othello"), { event_types: ["user_group"] });
    const capable = await registerQueue(server, as("othello"), {
      event_types: ["user_group"],
      ...WITH_DEACTIVATED,
    });
    const { status } = await server.api("POST", `user_groups/${id}/deactivate`, {}, as("hamlet"));
    expect(status).toBe(200);
    expect(await queuedEvents(server, as("othello"), plain.queueId)).toEqual([
      { id: 0, type: "user_group", op: "remove", group_id: id },
    ]);
    expect(await queuedEvents(server, as("othello"), capable.queueId)).toEqual([
      { id: 0, type: "user_group", op: "update", group_id: id, data: { deactivated: true } },
    ]);

    expect((await groups()).some((g) => g.id === id)).toBe(false);
    const all = await groups({ include_deactivated_groups: true });
    expect(all.find((g) => g.id === id)).toMatchObject({ name: "fading", deactivated: true });
    expect(all.find((g) => g.name === "engineering")?.deactivated).toBe(false);
    const registered = await registerQueue(server, as("othello"));
    expect((registered.state["realm_user_groups"] as Group[]).some((g) => g.id === id)).toBe(false);
    const { body: members } = await server.api(
      "GET",
      `user_groups/${id}/members`,
      {},
      as("hamlet"),
    );
    expect(members["members"]).toEqual(
      [ids["hamlet"] ?? 0, ids["cordelia"] ?? 0].sort((a, b) => a - b),
    );

    // Not mentionable: no mention markup and no `mentioned` flag for its members.
    const sent = await server.api(
      "POST",
      "messages",
      { type: "stream", to: "general", topic: "fading", content: "@*fading* hello" },
      as("iago"),
    );
    const { body } = await server.api(
      "GET",
      "messages",
      { anchor: Number(sent.body["id"]), num_before: 0, num_after: 0 },
      as("cordelia"),
    );
    const [message] = body["messages"] as { content: string; flags: string[] }[];
    expect(message?.content).not.toContain("user-group-mention");
    expect(message?.flags).not.toContain("mentioned");
  });

  it("refuses a second deactivation, changes to a deactivated group, and people who may not", async () => {
    const id = await create("gone");
    await expectRefused(
      () => server.api("POST", `user_groups/${id}/deactivate`, {}, as("othello")),
      "Insufficient permission",
    );
    expect((await server.api("POST", `user_groups/${id}/deactivate`, {}, as("iago"))).status).toBe(
      200,
    );
    const cases: [string, string, Record<string, unknown>][] = [
      ["POST", `user_groups/${id}/deactivate`, {}],
      ["PATCH", `user_groups/${id}`, { name: "back" }],
      ["POST", `user_groups/${id}/members`, { add: [ids["othello"]] }],
    ];
    for (const [method, path, params] of cases) {
      await expectRefused(
        () => server.api(method as "POST", path, params as Record<string, string>, as("iago")),
        "User group is deactivated.",
      );
    }
    // Its name stays taken, as in Zulip.
    await expectRefused(
      () =>
        server.api("POST", "user_groups/create", { name: "gone", description: "" }, as("hamlet")),
      "User group 'gone' already exists.",
    );
  });
});
