import { describe, expect, it } from "vitest";
import { FLAG_BITS } from "../db/flags";
import { demoSuite } from "../test/demo-suite";
import { expectError, sendDirect, sendToStream } from "../test/message-action-helpers";

const suite = demoSuite(["hamlet", "iago"]);

const fetch = (narrow: object[], anchor: string | number = "newest") =>
  suite.server.api(
    "GET",
    "messages",
    { anchor, num_before: 100, num_after: 100, narrow },
    suite.as("hamlet"),
  );

async function ids(narrow: object[]): Promise<number[]> {
  const { body } = await fetch(narrow);
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return (body["messages"] as { id: number }[]).map((m) => m.id); // our own server's list
}

describe("is:alerted (Zulip's by_is: the has_alert_word flag)", () => {
  it("is not a mention: only a message flagged with an alert word matches", async () => {
    const mention = await sendToStream(
      suite.server,
      suite.as("iago"),
      "general",
      "al",
      "@**King Hamlet** hi",
    );
    const alerted = await sendToStream(suite.server, suite.as("iago"), "general", "al", "a word");
    expect(await ids([{ operator: "is", operand: "mentioned" }])).toContain(mention);
    expect(await ids([{ operator: "is", operand: "alerted" }])).toEqual([]);

    await suite.server.ctx.db.query(
      `UPDATE user_messages SET flags = flags | $1
        WHERE message_id = $2 AND user_id = (SELECT id FROM users WHERE email = $3)`,
      [FLAG_BITS.has_alert_word, alerted, "hamlet@parley.test"],
    );
    expect(await ids([{ operator: "is", operand: "alerted" }])).toEqual([alerted]);
    expect(await ids([{ operator: "is", operand: "alerted", negated: true }])).toContain(mention);
  });
});

describe("a narrow to both channel and direct messages (Zulip's check_not_both_channel_and_dm_narrow)", () => {
  const msg =
    "Invalid narrow operator: No message can be both a channel message and direct message";
  const dm = { operator: "dm", operand: "cordelia@parley.test" };

  it("is refused, whichever terms say it and in whichever order", async () => {
    const refused = [
      [{ operator: "channel", operand: "general" }, dm],
      [dm, { operator: "stream", operand: "general" }],
      [
        { operator: "topic", operand: "lunch" },
        { operator: "is", operand: "dm" },
      ],
      [
        { operator: "streams", operand: "public" },
        { operator: "pm-with", operand: "cordelia@parley.test" },
      ],
      // A negated is:dm is a channel narrow.
      [{ operator: "is", operand: "dm", negated: true }, dm],
      // The combination is refused as the second term is added, before its stream is looked up.
      [dm, { operator: "stream", operand: "no such stream" }],
    ];
    for (const narrow of refused) expectError(await fetch(narrow), msg, "BAD_NARROW");
  });

  it("keeps the combinations a negated term makes possible", async () => {
    const direct = await sendDirect(
      suite.server,
      suite.as("hamlet"),
      ["cordelia@parley.test"],
      "x",
    );
    const notGeneral = [{ operator: "stream", operand: "general", negated: true }, dm];
    expect(await ids(notGeneral)).toContain(direct);
    const publicNotDm = [
      { operator: "is", operand: "dm", negated: true },
      { operator: "streams", operand: "public" },
    ];
    expect(await ids(publicNotDm)).not.toContain(direct);
    const dmNotPublic = [
      { operator: "is", operand: "dm" },
      { operator: "streams", operand: "public", negated: true },
    ];
    expect(await ids(dmNotPublic)).toContain(direct);
  });
});

describe("in:home and in:all (Zulip's by_in, exclude_muting_conditions)", () => {
  const streamId = async (name: string) =>
    (
      await suite.server.ctx.db.query<{ id: number }>("SELECT id FROM streams WHERE name = $1", [
        name,
      ])
    )[0]!.id;
  const policy = async (stream: string, topic: string, visibility: number) => {
    const { body } = await suite.server.api(
      "POST",
      "user_topics",
      { stream_id: await streamId(stream), topic, visibility_policy: visibility },
      suite.as("hamlet"),
    );
    expect(body["result"], JSON.stringify(body)).toBe("success");
  };
  const setStreamMuted = async (stream: string, muted: boolean) => {
    const { body } = await suite.server.api(
      "POST",
      "users/me/subscriptions/properties",
      {
        subscription_data: [
          { stream_id: await streamId(stream), property: "is_muted", value: muted },
        ],
      },
      suite.as("hamlet"),
    );
    expect(body["result"], JSON.stringify(body)).toBe("success");
  };
  const home = [{ operator: "in", operand: "home" }];

  it("in:home leaves out muted topics and muted streams, but keeps their unmuted and followed topics", async () => {
    const iago = suite.as("iago");
    const hushed = await sendToStream(suite.server, iago, "general", "Hushed", "a");
    const open = await sendToStream(suite.server, iago, "general", "open", "b");
    const inMuted = await sendToStream(suite.server, iago, "engineering", "quiet", "c");
    const followed = await sendToStream(suite.server, iago, "engineering", "kept", "d");
    const direct = await sendDirect(suite.server, iago, ["hamlet@parley.test"], "e");
    const all = [hushed, open, inMuted, followed, direct];
    await policy("general", "hushed", 1);
    await setStreamMuted("engineering", true);
    try {
      expect(await ids(home)).toEqual(expect.arrayContaining([open, direct]));
      expect(await ids(home)).not.toContain(hushed);
      expect(await ids(home)).not.toContain(inMuted);
      expect(await ids(home)).not.toContain(followed);
      await policy("engineering", "KEPT", 3);
      expect(await ids(home)).toContain(followed);
      expect(await ids(home)).not.toContain(inMuted);
      // Negated, it keeps only what is muted.
      const muted = await ids([{ operator: "in", operand: "home", negated: true }]);
      expect(muted.filter((id) => all.includes(id))).toEqual([hushed, inMuted]);
      // in:all, negated or not, limits nothing.
      expect(await ids([{ operator: "in", operand: "all" }])).toEqual(expect.arrayContaining(all));
      expect(await ids([{ operator: "in", operand: "all", negated: true }])).toEqual(
        expect.arrayContaining(all),
      );
      // Unmuting brings them back.
      await policy("general", "hushed", 0);
      await setStreamMuted("engineering", false);
      expect(await ids(home)).toEqual(expect.arrayContaining(all));
    } finally {
      await setStreamMuted("engineering", false);
      await policy("general", "hushed", 0);
      await policy("engineering", "kept", 0);
    }
  });

  it("in:home with a stream term still leaves out that stream's muted topics", async () => {
    const iago = suite.as("iago");
    const hushed = await sendToStream(suite.server, iago, "general", "hush2", "a");
    const open = await sendToStream(suite.server, iago, "general", "open2", "b");
    await policy("general", "hush2", 1);
    try {
      const found = await ids([{ operator: "stream", operand: "general" }, ...home]);
      expect(found).toContain(open);
      expect(found).not.toContain(hushed);
    } finally {
      await policy("general", "hush2", 0);
    }
  });

  it("refuses an unknown in: operand", async () => {
    expectError(
      await fetch([{ operator: "in", operand: "elsewhere" }]),
      "Invalid narrow operator: unknown 'in' operand elsewhere",
      "BAD_NARROW",
    );
  });
});
