import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StreamRow } from "../db/streams";
import { formatStream } from "./stream";

// A unit test of this module alone: the renderer is counted, not run.
const render = vi.hoisted(() => vi.fn((text: string, _context?: object) => `<p>${text}</p>`));
vi.mock("../../common/markdown/render", () => ({
  renderMarkdown: render,
  EMPTY_RENDER_CONTEXT: {},
}));

function stream(id: number, description: string): StreamRow {
  return {
    id,
    name: `stream ${id}`,
    description,
    invite_only: false,
    history_public_to_subscribers: true,
    date_created: 0,
    first_message_id: null,
    can_remove_subscribers_group: 1,
    recipient_id: 100 + id,
  };
}

describe("formatStream's rendered_description", () => {
  beforeEach(() => {
    render.mockClear();
  });

  it("renders a description's text once, however many times it is formatted", () => {
    const first = formatStream(stream(1, "Where **release** plans go"));
    const again = formatStream(stream(1, "Where **release** plans go"));
    const sameText = formatStream(stream(2, "Where **release** plans go"));
    expect(render).toHaveBeenCalledTimes(1);
    expect([first, again, sameText].map((s) => s.rendered_description)).toEqual([
      "<p>Where **release** plans go</p>",
      "<p>Where **release** plans go</p>",
      "<p>Where **release** plans go</p>",
    ]);
  });

  it("renders without inline previews, as Zulip's render_stream_description (no_previews)", () => {
    formatStream(stream(4, "https://a.example/logo.png"));
    expect(render.mock.calls.at(-1)?.[1]).toMatchObject({ noPreviews: true });
  });

  it("renders a changed description anew", () => {
    formatStream(stream(3, "Old words"));
    const changed = formatStream(stream(3, "New words"));
    expect(changed.rendered_description).toBe("<p>New words</p>");
    expect(render.mock.calls.map(([text]) => text)).toEqual(["Old words", "New words"]);
  });
});
