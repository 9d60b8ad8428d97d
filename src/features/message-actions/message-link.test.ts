import { describe, expect, it } from "vitest";
import * as eg from "../../test/example-data";
import { conversationNarrow, messageLink, quoteText } from "./message-link";

describe("message links and quotes", () => {
  const message = eg.streamMessage({ id: 77, subject: "lunch plans" });

  it("links a stream message to its topic", () => {
    expect(messageLink(message, eg.iago.user_id, "http://chat.example/app?x=1#old")).toBe(
      "http://chat.example/app?x=1#narrow/stream/12-general/topic/lunch.20plans",
    );
  });

  it("links a direct message to its conversation", () => {
    const dm = eg.streamMessage({
      type: "private",
      subject: "",
      display_recipient: [
        { id: eg.iago.user_id, email: eg.iago.email, full_name: eg.iago.full_name },
        { id: eg.hamlet.user_id, email: eg.hamlet.email, full_name: eg.hamlet.full_name },
      ],
    });
    expect(conversationNarrow(dm, eg.iago.user_id)).toEqual({
      kind: "dm",
      userIds: [eg.hamlet.user_id],
    });
  });

  it("quotes with a silent mention, a link and a fence longer than any inside", () => {
    const text = quoteText(message, "look:\n````\ncode\n````", "#narrow/x");
    expect(text).toBe(
      "@_**King Hamlet|11** [said](#narrow/x):\n`````quote\nlook:\n````\ncode\n````\n`````\n",
    );
    expect(quoteText(message, "plain", "#l")).toContain("```quote\nplain\n```");
  });
});
