// @vitest-environment jsdom
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { CORPORA } from "../test/corpora";
import {
  canonicalFragment,
  readMarkdownCorpus,
  ZULIP_TEST_CAMO,
  type MarkdownCorpus,
} from "../test/markdown-corpus";
import { describeWithCorpora } from "../test/vitest-corpora";
import { renderMessage } from "./render";
import type { RenderContext } from "./types";

type RegularCase = MarkdownCorpus["regular_tests"][number];

/** Zulip's test organisation, as far as the cases name it. */
const ZULIP_TEST_REALM: RenderContext = {
  users: [
    { id: 10, full_name: "King Hamlet", email: "hamlet@zulip.com" },
    { id: 8, full_name: "Cordelia, Lear's daughter", email: "cordelia@zulip.com" },
    { id: 12, full_name: "Othello, the Moor of Venice", email: "othello@zulip.com" },
    { id: 11, full_name: "Iago", email: "iago@zulip.com" },
  ],
  groups: [{ id: 1, name: "hamletcharacters" }],
  streams: [
    { id: 1, name: "Denmark" },
    { id: 3, name: "Verona" },
    { id: 4, name: "Scotland" },
  ],
  customEmoji: [
    {
      id: "1",
      name: "green_tick",
      source_url: "/user_avatars/2/emoji/images/1.png",
      deactivated: false,
    },
  ],
  linkifiers: [],
  realmUrl: "http://zulip.testserver",
  camo: ZULIP_TEST_CAMO,
};

/**
 * The regular cases that do not render as Zulip does: none (all 179 do, the inline image and
 * video previews with Zulip's test camo). Listed by name so that a case that starts failing
 * shows. Math matches because the renderer uses KaTeX 0.16.22, pinned: later 0.16 releases
 * round lengths to four digits and 0.19 renames classes, where Zulip's expected output has
 * neither. Every linkify case renders as Zulip does.
 */
const KNOWN_REGULAR_FAILURES: readonly string[] = [];

const normalise = (html: string): string => canonicalFragment(document, html);

function renderCase(input: string, translateEmoticons: boolean): string {
  return renderMessage(input, { ...ZULIP_TEST_REALM, translateEmoticons }).html;
}

function regularPasses(c: RegularCase): boolean {
  return (
    normalise(renderCase(c.input, c.translate_emoticons === true)) === normalise(c.expected_output)
  );
}

function linkifyPasses([input, template, url]: MarkdownCorpus["linkify_tests"][number]): boolean {
  const href = url.startsWith("http") ? url : url.includes("@") ? `mailto:${url}` : `http://${url}`;
  const expected = url === "" ? template : template.replace("%s", `<a href="${href}">${url}</a>`);
  return normalise(renderCase(input, false)) === normalise(expected);
}

/** Run with CORPUS_VERBOSE=1 to see what each failing case renders. */
const VERBOSE = process.env["CORPUS_VERBOSE"] === "1";

describeWithCorpora("Zulip's Markdown corpus", [CORPORA.markdownCases], () => {
  // The renderer's wall-clock backstops (budget.ts, math.ts) degrade a message that takes too
  // long: on a loaded machine a large formula passes them and its case compares as escaped text.
  // These suites are about the output, so the clock the backstops read stands still here; the
  // work limits still apply, and the renderer's own tests cover the backstops.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["performance"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const corpus = readMarkdownCorpus();

  it("renders every regular case as Zulip does but the known failures", () => {
    const failing = corpus.regular_tests.filter((c) => !regularPasses(c));
    if (VERBOSE) {
      for (const c of failing) {
        const got = normalise(renderCase(c.input, c.translate_emoticons === true));
        console.info(`FAIL ${c.name}\n  got:  ${got}\n  want: ${normalise(c.expected_output)}`);
      }
    }
    expect(failing.map((c) => c.name).sort()).toEqual([...KNOWN_REGULAR_FAILURES].sort());
  });

  it("renders every linkify case as Zulip does", () => {
    const failing = corpus.linkify_tests.filter((t) => !linkifyPasses(t));
    if (VERBOSE) {
      for (const [input] of failing) {
        console.info(`FAIL linkify ${JSON.stringify(input)}\n  got: ${renderCase(input, false)}`);
      }
    }
    expect(corpus.linkify_tests.length).toBeGreaterThan(0);
    expect(failing.map(([input]) => input)).toEqual([]);
  });
});
