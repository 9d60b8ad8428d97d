import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/test-server";

// The shared renderer inside the server: rendered_content, mention flags, linkifiers in
// message bodies and topics, and the render context following changes to the organisation.
const REALM_URL = "https://chat.example.org";
let server: TestServer;
let iago: string;
let hamlet: string;
beforeAll(async () => {
  server = await startTestServer({ realmUrl: REALM_URL });
  iago = await server.auth("iago@parley.test");
  hamlet = await server.auth("hamlet@parley.test");
});
afterAll(async () => {
  await server.close();
});

interface Fetched {
  id: number;
  content: string;
  flags: string[];
  topic_links: { text: string; url: string }[];
  subject_links: string[];
}

async function send(auth: string, topic: string, content: string): Promise<number> {
  const { body } = await server.api(
    "POST",
    "messages",
    { type: "stream", to: "general", topic, content },
    auth,
  );
  if (typeof body["id"] !== "number") throw new Error(JSON.stringify(body));
  return body["id"];
}

async function fetchAs(auth: string, id: number): Promise<Fetched> {
  const { body } = await server.api(
    "GET",
    "messages",
    { anchor: id, num_before: 0, num_after: 0 },
    auth,
  );
  const [message] = body["messages"] as Fetched[]; // our server's message objects
  if (!message) throw new Error(`message ${id} not found`);
  return message;
}

describe("rendering inside the server", () => {
  it("renders Markdown and flags the people a message mentions", async () => {
    const id = await send(iago, "mentions", "Hello @**King Hamlet**, see **this**");
    const seen = await fetchAs(hamlet, id);
    expect(seen.content).toContain("<strong>this</strong>");
    expect(seen.content).toContain('data-user-id="');
    expect(seen.flags).toContain("mentioned");
    const other = await fetchAs(await server.auth("othello@parley.test"), id);
    expect(other.flags).not.toContain("mentioned");
  });

  it("does not flag a silent mention", async () => {
    const id = await send(iago, "mentions", "cc @_**King Hamlet**");
    expect((await fetchAs(hamlet, id)).flags).not.toContain("mentioned");
  });

  it("flags the members of a mentioned group, and everyone for a wildcard", async () => {
    const group = await send(iago, "mentions", "@*engineering* the build is green");
    expect((await fetchAs(hamlet, group)).flags).toContain("mentioned");
    expect((await fetchAs(await server.auth("cordelia@parley.test"), group)).flags).not.toContain(
      "mentioned",
    );
    const wildcard = await send(iago, "mentions", "@**all** standup in five");
    expect((await fetchAs(hamlet, wildcard)).flags).toContain("wildcard_mentioned");
  });

  it("applies the organisation's linkifiers to bodies and topics", async () => {
    const id = await send(iago, "zulip#42 follow-up", "Fixed in zulip#123.");
    const message = await fetchAs(hamlet, id);
    expect(message.content).toContain('href="https://github.com/zulip/zulip/issues/123"');
    expect(message.topic_links).toEqual([
      { text: "zulip#42", url: "https://github.com/zulip/zulip/issues/42" },
    ]);
    expect(message.subject_links).toEqual(["https://github.com/zulip/zulip/issues/42"]);
  });

  it("uses a linkifier from the moment it is added, and stops when it is deleted", async () => {
    const added = await server.api(
      "POST",
      "realm/filters",
      { pattern: "TICKET-(?P<n>[0-9]+)", url_template: "https://tickets.example/{n}" },
      iago,
    );
    expect(added.status).toBe(200);
    const linked = await fetchAs(hamlet, await send(iago, "tickets", "See TICKET-7"));
    expect(linked.content).toContain('href="https://tickets.example/7"');
    await server.api("DELETE", `realm/filters/${String(added.body["id"])}`, {}, iago);
    const plain = await fetchAs(hamlet, await send(iago, "tickets", "See TICKET-8"));
    expect(plain.content).not.toContain("tickets.example");
  });

  it("re-renders an edit with the same context", async () => {
    const id = await send(hamlet, "edits", "first draft");
    const edited = await server.api(
      "PATCH",
      `messages/${id}`,
      { content: "now with zulip#7 and @**Iago**" },
      hamlet,
    );
    expect(edited.status).toBe(200);
    const message = await fetchAs(iago, id);
    expect(message.content).toContain('href="https://github.com/zulip/zulip/issues/7"');
    expect(message.content).toContain("user-mention");
  });

  it("makes links into the organisation relative, on sending and on editing, as Zulip does", async () => {
    const link = `[general](${REALM_URL}/#narrow/stream/1-general)`;
    const id = await send(hamlet, "links", link);
    expect((await fetchAs(iago, id)).content).toBe(
      '<p><a href="#narrow/stream/1-general">general</a></p>',
    );
    await server.api("PATCH", `messages/${id}`, { content: `again: ${link}` }, hamlet);
    expect((await fetchAs(iago, id)).content).toContain('href="#narrow/stream/1-general"');
    const elsewhere = await send(hamlet, "links", "[x](https://example.com/#narrow/stream/1-a)");
    expect((await fetchAs(iago, elsewhere)).content).toContain(
      'href="https://example.com/#narrow/stream/1-a"',
    );
  });

  it("keeps raw HTML as text", async () => {
    const id = await send(iago, "html", '<img src=x onerror="alert(1)">');
    const message = await fetchAs(hamlet, id);
    expect(message.content).not.toContain("<img");
    expect(message.content).toContain("&lt;img");
  });
});
