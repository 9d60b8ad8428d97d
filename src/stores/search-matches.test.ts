import { describe, expect, it } from "vitest";
import { searchNarrow, streamNarrow } from "../lib/narrow";
import * as eg from "../test/example-data";
import { highlightedContent, highlightedTopic, rememberSearchMatches } from "./search-matches";

const span = (text: string) => `<span class="highlight">${text}</span>`;

describe("search matches", () => {
  it("are the search's own, for the content and topic they were found in", () => {
    const search = searchNarrow("run");
    const message = eg.streamMessage({
      subject: `R&D "runs" it's`,
      content: "<p>runs</p>",
      match_content: `<p>${span("runs")}</p>`,
      match_subject: `R&amp;D &quot;${span("runs")}&quot; it&#39;s`,
    });
    rememberSearchMatches(search, [message]);

    expect(highlightedContent(search, message)).toBe(`<p>${span("runs")}</p>`);
    expect(highlightedTopic(search, message)).toEqual([
      { text: 'R&D "', isMatch: false },
      { text: "runs", isMatch: true },
      { text: `" it's`, isMatch: false },
    ]);
    expect(highlightedContent(searchNarrow("other"), message)).toBeUndefined();
    const general = streamNarrow(eg.general.stream_id, eg.general.name);
    expect(highlightedContent(general, message)).toBeUndefined();
    const edited = { ...message, content: "<p>walks</p>", subject: "moved" };
    expect(highlightedContent(search, edited)).toBeUndefined();
    expect(highlightedTopic(search, edited)).toBeUndefined();
  });

  it("leave a topic unhighlighted when match_subject is not that topic with spans", () => {
    const search = searchNarrow("odd");
    const message = eg.streamMessage({
      subject: "odd topic",
      match_subject: `<b>${span("odd")}</b> topic`,
    });
    rememberSearchMatches(search, [message]);
    expect(highlightedTopic(search, message)).toBeUndefined();
    expect(highlightedContent(search, message)).toBeUndefined();
  });

  it("keep only the most recent searches", () => {
    const first = eg.streamMessage({ match_content: span("x") });
    rememberSearchMatches(searchNarrow("first"), [first]);
    for (let index = 0; index < 10; index++) rememberSearchMatches(searchNarrow(`s${index}`), []);
    expect(highlightedContent(searchNarrow("first"), first)).toBeUndefined();
  });
});
