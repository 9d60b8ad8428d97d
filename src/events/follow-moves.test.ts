import { describe, expect, it, vi } from "vitest";
import type { UpdateMessageEvent } from "../../common/wire/message-events";
import { followTopicMove } from "./follow-moves";

const move = (fields: Partial<UpdateMessageEvent>): UpdateMessageEvent => ({
  id: 1,
  type: "update_message",
  user_id: 5,
  rendering_only: false,
  message_id: 10,
  message_ids: [10, 11],
  flags: [],
  edit_timestamp: 1_700_000_000,
  stream_id: 12,
  stream_name: "general",
  orig_subject: "lunch",
  subject: "✔ lunch",
  propagate_mode: "change_all",
  ...fields,
});

function follow(hash: string, event: UpdateMessageEvent): string | undefined {
  const replace = vi.fn<(url: string) => void>();
  followTopicMove(event, { hash, replace });
  return replace.mock.calls[0]?.[0];
}

describe("a topic view follows its topic's move", () => {
  it("follows a rename of the whole topic, its case aside", () => {
    expect(follow("#narrow/stream/12-general/topic/Lunch", move({}))).toBe(
      "#narrow/stream/12-general/topic/.E2.9C.94.20lunch",
    );
  });

  it("follows a move to another stream", () => {
    expect(
      follow(
        "#narrow/stream/12-general/topic/lunch",
        move({ new_stream_id: 13, subject: undefined }),
      ),
    ).toBe("#narrow/stream/13-general/topic/lunch");
  });

  it("stays for one message, another topic, another stream or another view", () => {
    expect(
      follow("#narrow/stream/12-general/topic/lunch", move({ propagate_mode: "change_one" })),
    ).toBeUndefined();
    expect(follow("#narrow/stream/12-general/topic/dinner", move({}))).toBeUndefined();
    expect(follow("#narrow/stream/14-other/topic/lunch", move({}))).toBeUndefined();
    expect(follow("#narrow/stream/12-general", move({}))).toBeUndefined();
    expect(
      follow("#narrow/stream/12-general/topic/lunch", move({ subject: undefined })),
    ).toBeUndefined();
  });
});
