import { describe, expect, it } from "vitest";
import * as eg from "../test/example-data";
import { createFakeFetch } from "../test/fake-fetch";
import { createApiClient } from "./client";
import {
  FEATURE_LEVEL,
  linkifiersFromFilters,
  linkifierWriteParams,
  normalizeFeatureLevelWire,
  normalizeLinkifierWire,
} from "../../common/wire/compat";
import { getMessage, getMessageHistory, getMessages } from "./messages";
import { parseServerEvent } from "../../common/wire/events";
import {
  messageSchema,
  normalizeMessageWire,
  normalizeSnapshotWire,
  normalizeUpdateMessageEventWire,
} from "../../common/wire/message";

function setup() {
  const fake = createFakeFetch();
  const client = createApiClient({
    auth: { email: "iago@parley.test", apiKey: "k" },
    fetch: fake.fetch,
  });
  return { fake, client };
}

/** A message as a server at some feature level sends it: today's, minus `topic_links`. */
function wireMessage(fields: Record<string, unknown>): Record<string, unknown> {
  const { topic_links: _dropped, ...message } = eg.streamMessage({ id: 500, subject: "issue #12" });
  return { ...message, ...fields };
}

const ISSUE_URL = "https://github.com/zulip/zulip/issues/12";

describe("messages from servers of every feature level", () => {
  it("keeps today's topic_links (FL ≥ 46) as they are", () => {
    const links = [{ text: "#12", url: ISSUE_URL }];
    const raw = wireMessage({ topic_links: links });
    expect(normalizeMessageWire(raw)).toBe(raw);
    expect(messageSchema.parse(raw).topic_links).toEqual(links);
  });

  it("turns FL 1–45's topic_links URL list into {text, url} (text = url)", () => {
    expect(messageSchema.parse(wireMessage({ topic_links: [ISSUE_URL] })).topic_links).toEqual([
      { text: ISSUE_URL, url: ISSUE_URL },
    ]);
  });

  it("builds topic_links from Zulip ≤ 2.1's subject_links", () => {
    expect(messageSchema.parse(wireMessage({ subject_links: [ISSUE_URL] })).topic_links).toEqual([
      { text: ISSUE_URL, url: ISSUE_URL },
    ]);
  });

  it("prefers topic_links when a server sends both (Parley's server does)", () => {
    const links = [{ text: "#12", url: ISSUE_URL }];
    const parsed = messageSchema.parse(wireMessage({ subject_links: [], topic_links: links }));
    expect(parsed.topic_links).toEqual(links);
  });

  it("gives a message without links of either form an empty list", () => {
    expect(messageSchema.parse(wireMessage({})).topic_links).toEqual([]);
  });

  it("still rejects a malformed message", () => {
    expect(messageSchema.safeParse(wireMessage({ topic_links: [{ text: 1 }] })).success).toBe(
      false,
    );
    expect(normalizeMessageWire(null)).toBeNull();
  });

  it("normalises at the API boundary: GET /messages and GET /messages/{id}", async () => {
    const { fake, client } = setup();
    fake.json(200, {
      ...eg.messagesResponse([]),
      messages: [wireMessage({ subject_links: [ISSUE_URL] })],
    });
    const window = await getMessages(client, { anchor: "newest", num_before: 1, num_after: 0 });
    expect(window.messages[0]?.topic_links).toEqual([{ text: ISSUE_URL, url: ISSUE_URL }]);

    fake.json(200, {
      result: "success",
      msg: "",
      message: wireMessage({ topic_links: [ISSUE_URL] }),
      raw_content: "x",
    });
    const single = await getMessage(client, { message_id: 500 });
    expect(single.message.topic_links).toEqual([{ text: ISSUE_URL, url: ISSUE_URL }]);
  });

  it("normalises the message of a message event", () => {
    const parsed = parseServerEvent({
      id: 3,
      type: "message",
      flags: [],
      message: wireMessage({ subject_links: [ISSUE_URL] }),
    });
    expect(parsed).toMatchObject({
      event: { message: { topic_links: [{ text: ISSUE_URL, url: ISSUE_URL }] } },
    });
  });
});

describe("normalizeUpdateMessageEventWire", () => {
  it("converts an old move's links and leaves an event without links alone", () => {
    expect(normalizeUpdateMessageEventWire({ subject: "t", subject_links: [ISSUE_URL] })).toEqual({
      subject: "t",
      subject_links: [ISSUE_URL],
      topic_links: [{ text: ISSUE_URL, url: ISSUE_URL }],
    });
    expect(normalizeUpdateMessageEventWire({ subject: "t", topic_links: [ISSUE_URL] })).toEqual({
      subject: "t",
      topic_links: [{ text: ISSUE_URL, url: ISSUE_URL }],
    });
    const contentOnly = { content: "new" };
    expect(normalizeUpdateMessageEventWire(contentOnly)).toBe(contentOnly);
  });
});

describe("edit history snapshots", () => {
  const snapshot = {
    topic: "new",
    content: "c",
    rendered_content: "<p>c</p>",
    timestamp: 1,
    user_id: 3,
  };

  it("renames FL < 118's prev_subject to prev_topic, through GET /messages/{id}/history", async () => {
    const { fake, client } = setup();
    fake.json(200, {
      result: "success",
      msg: "",
      message_history: [snapshot, { ...snapshot, prev_subject: "old" }],
    });
    const history = await getMessageHistory(client, { message_id: 500 });
    expect(history.message_history[1]?.prev_topic).toBe("old");
    expect(history.message_history[0]?.prev_topic).toBeUndefined();
  });

  it("keeps today's prev_topic", () => {
    const today = { ...snapshot, prev_topic: "old" };
    expect(normalizeSnapshotWire(today)).toBe(today);
  });
});

describe("linkifiers", () => {
  it("keeps today's url_template (FL ≥ 176)", () => {
    const today = { id: 1, pattern: "#(?P<id>[0-9]+)", url_template: "https://x.org/{id}" };
    expect(normalizeLinkifierWire(today)).toBe(today);
  });

  it("takes FL < 176's url_format_string as the template (the renderer expands %(name)s)", () => {
    expect(
      normalizeLinkifierWire({
        id: 1,
        pattern: "#(?P<id>[0-9]+)",
        url_format_string: "https://x.org/%(id)s",
      }),
    ).toMatchObject({ url_template: "https://x.org/%(id)s" });
  });

  it("turns realm_filters tuples into linkifiers", () => {
    expect(linkifiersFromFilters([["#(?P<id>[0-9]+)", "https://x.org/%(id)s", 7]])).toEqual([
      { id: 7, pattern: "#(?P<id>[0-9]+)", url_template: "https://x.org/%(id)s" },
    ]);
  });

  it("adds with url_template from FL 176, with url_format_string before", () => {
    const linkifier = { pattern: "#(?P<id>[0-9]+)", url_template: "https://x.org/{id}/{id}" };
    expect(linkifierWriteParams(FEATURE_LEVEL.linkifierUrlTemplate, linkifier)).toBe(linkifier);
    expect(linkifierWriteParams(175, linkifier)).toEqual({
      pattern: "#(?P<id>[0-9]+)",
      url_format_string: "https://x.org/%(id)s/%(id)s",
    });
  });

  it("refuses templates an old server's format string cannot express", () => {
    const pattern = "#(?P<id>[0-9]+)";
    expect(
      linkifierWriteParams(100, { pattern, url_template: "https://x.org/{+id}" }),
    ).toBeUndefined();
    expect(
      linkifierWriteParams(100, { pattern, url_template: "https://x.org/{id}?q=100%" }),
    ).toBeUndefined();
  });
});

describe("normalizeFeatureLevelWire", () => {
  it("gives servers older than Zulip 3.0 feature level 0 and keeps the others", () => {
    expect(normalizeFeatureLevelWire({ zulip_version: "2.1.7" })).toEqual({
      zulip_version: "2.1.7",
      zulip_feature_level: 0,
    });
    const today = { zulip_version: "9.0", zulip_feature_level: 247 };
    expect(normalizeFeatureLevelWire(today)).toBe(today);
  });
});
