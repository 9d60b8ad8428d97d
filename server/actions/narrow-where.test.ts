import { describe, expect, it } from "vitest";
import { FLAG_BITS } from "../db/flags";
import { demoSuite } from "../test/demo-suite";
import { sendToStream } from "../test/message-action-helpers";

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
