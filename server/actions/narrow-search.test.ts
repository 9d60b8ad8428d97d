import { describe, expect, it } from "vitest";
import { sendToStream } from "../test/message-action-helpers";
import { demoSuite } from "../test/demo-suite";
import { highlightMarked, MAX_SEARCH_LENGTH } from "./narrow-search";

const suite = demoSuite(["hamlet"]);
const { as } = suite;

interface Found {
  id: number;
  content: string;
  subject: string;
  match_content?: string;
  match_subject?: string;
}

async function fetchNarrow(narrow: object[]) {
  return suite.server.api(
    "GET",
    "messages",
    { anchor: "newest", num_before: 100, num_after: 0, narrow },
    as("hamlet"),
  );
}

async function search(topic: string, ...terms: object[]): Promise<Found[]> {
  const { body } = await fetchNarrow([
    { operator: "stream", operand: "general" },
    { operator: "topic", operand: topic },
    ...terms,
  ]);
  expect(body["result"], JSON.stringify(body)).toBe("success");
  return body["messages"] as Found[]; // our own server's list
}

const words = (operand: string, negated = false) => ({ operator: "search", operand, negated });
const idsOf = (found: readonly Found[]) => found.map((message) => message.id);
/** Hamlet posts `content` to #general under `topic`; the new message's id. */
const postToGeneral = (topic: string, content: string) =>
  sendToStream(suite.server, as("hamlet"), "general", topic, content);

const unhighlighted = (html: string) =>
  html.replace(/<span class="highlight">([^<]*)<\/span>/g, "$1");

describe("the search narrow: Zulip's english_us_search", () => {
  it("stems words (running finds run, in content and topic) and ignores stop words", async () => {
    const topic = "stemming check";
    const ran = await postToGeneral(topic, "we run the tests nightly");
    const other = await postToGeneral(topic, "nothing to see");

    expect(idsOf(await search(topic, words("running")))).toEqual([ran]);
    expect(idsOf(await search(topic, words("Runs nightly")))).toEqual([ran]);
    // Every word must match: "tests" is there, "quokka" is not.
    expect(idsOf(await search(topic, words("tests quokka")))).toEqual([]);
    // The topic is searched too.
    expect(idsOf(await search(topic, words("checking")))).toEqual([ran, other]);
    // A query of stop words only matches nothing, as in Zulip.
    expect(idsOf(await search(topic, words("the")))).toEqual([]);
  });

  it("matches a quoted phrase as typed, in content or topic; the words alone in any order", async () => {
    const topic = "phrase check";
    const inOrder = await postToGeneral(topic, "apple banana cherry");
    const reversed = await postToGeneral(topic, "cherry banana apple");
    const percent = await postToGeneral(topic, "apple 100% banana");

    expect(idsOf(await search(topic, words("apple banana")))).toEqual([inOrder, reversed, percent]);
    expect(idsOf(await search(topic, words('"apple banana"')))).toEqual([inOrder]);
    expect(idsOf(await search(topic, words('"APPLE Banana" cherry')))).toEqual([inOrder]);
    // LIKE's wildcards in a phrase stand for themselves.
    expect(idsOf(await search(topic, words('"100% banana"')))).toEqual([percent]);
    expect(idsOf(await search(topic, words('"1_0"')))).toEqual([]);
    expect(idsOf(await search(topic, words('"phrase check" apple')))).toEqual([
      inOrder,
      reversed,
      percent,
    ]);
  });

  it("negates a term, and combines several terms and other operators", async () => {
    const topic = "negation check";
    const both = await postToGeneral(topic, "red green");
    const red = await postToGeneral(topic, "red only");
    const elsewhere = await sendToStream(
      suite.server,
      as("hamlet"),
      "engineering",
      topic,
      "red green",
    );

    expect(idsOf(await search(topic, words("red"), words("green", true)))).toEqual([red]);
    expect(idsOf(await search(topic, words("red"), words("green")))).toEqual([both]);
    expect(idsOf(await search(topic, words('"red green"', true)))).toEqual([red]);
    const everywhere = await fetchNarrow([{ operator: "topic", operand: topic }, words("green")]);
    expect(idsOf(everywhere.body["messages"] as Found[])).toEqual([both, elsewhere]);
  });

  it("finds a message by its new words after an edit and by its new topic after a move", async () => {
    const topic = "edit check";
    const id = await postToGeneral(topic, "original wording");
    const edited = await suite.server.api(
      "PATCH",
      `messages/${id}`,
      { content: "revised text" },
      as("hamlet"),
    );
    expect(edited.body["result"], JSON.stringify(edited.body)).toBe("success");
    expect(idsOf(await search(topic, words("original")))).toEqual([]);
    expect(idsOf(await search(topic, words("revised")))).toEqual([id]);

    const moved = await suite.server.api(
      "PATCH",
      `messages/${id}`,
      { topic: "relocated thread", propagate_mode: "change_all" },
      as("hamlet"),
    );
    expect(moved.body["result"], JSON.stringify(moved.body)).toBe("success");
    // The topic's words are searched in their new place (the bot's notice there is in it too).
    expect(idsOf(await search("relocated thread", words("revised relocated")))).toEqual([id]);
  });
});

describe("match_content and match_subject", () => {
  it("highlight each match in the rendered content and the escaped topic, tags kept whole", async () => {
    const topic = "R&D <runs> café";
    const content =
      "Run <b> & [link](https://run.example/run) `run()` well-run café\n\n```\nruns here\n```";
    const id = await postToGeneral(topic, content);
    const [found] = await search(topic, words("runs café"));

    expect(found?.id).toBe(id);
    const html = found?.content ?? "";
    expect(found?.match_subject).toBe(
      'R&amp;D &lt;<span class="highlight">runs</span>&gt; <span class="highlight">café</span>',
    );
    const match = found?.match_content ?? "";
    expect(unhighlighted(match)).toBe(html);
    expect(match).toContain('<p><span class="highlight">Run</span> &lt;b&gt; &amp; <a href="');
    expect(match).toContain('https://run.example/run"');
    expect(match).toContain('<code><span class="highlight">run</span>()</code>');
    expect(match).toContain('<span class="highlight">café</span>');
    expect(match).toContain('<span class="highlight">runs</span> here');
    expect(match).not.toMatch(/<[^>]*<span/);
  });

  it("are absent outside a search and present, unhighlighted, for a negated search alone", async () => {
    const topic = "fields check";
    await postToGeneral(topic, "plain words");
    const [plain] = await search(topic);
    expect(plain).not.toHaveProperty("match_content");
    expect(plain).not.toHaveProperty("match_subject");
    const [negated] = await search(topic, words("absent", true));
    expect(negated?.match_content).toBe(negated?.content);
    expect(negated?.match_subject).toBe("fields check");
  });
});

describe("bad search operands", () => {
  it("gets Zulip's errors, and ours for an operand too long to be a search", async () => {
    const cases: [unknown, string][] = [
      ["   ", "operand cannot be blank."],
      [12, "operand is not a string"],
      [
        "x".repeat(MAX_SEARCH_LENGTH + 1),
        `Search is too long (limit: ${MAX_SEARCH_LENGTH} characters, got ${MAX_SEARCH_LENGTH + 1}).`,
      ],
    ];
    for (const [operand, msg] of cases) {
      const { status, body } = await fetchNarrow([{ operator: "search", operand }]);
      expect(status).toBe(400);
      expect(body).toMatchObject({ result: "error", code: "BAD_REQUEST", msg });
    }
  });
});

describe("highlightMarked", () => {
  it("turns the headline's marks into Zulip's spans", () => {
    expect(highlightMarked("a \u0001b\u0002 c", "a b c")).toBe(
      'a <span class="highlight">b</span> c',
    );
  });

  it("leaves a match inside a tag alone, as Zulip's highlight_string does", () => {
    const original = '<a title="run">run</a>';
    const marked = '<a title="\u0001run\u0002">\u0001run\u0002</a>';
    expect(highlightMarked(marked, original)).toBe(
      '<a title="run"><span class="highlight">run</span></a>',
    );
  });

  it("gives the text unhighlighted when marks and text cannot be told apart", () => {
    expect(highlightMarked("\u0001a\u0002\u0001", "a\u0001")).toBe("a\u0001");
    expect(highlightMarked("\u0001b\u0002", "a")).toBe("a");
  });
});
