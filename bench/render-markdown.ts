// The Markdown renderer on its own (Node): messages per second over Zulip's corpus inputs, and
// the worst render time over the hostile inputs (goal ≤ 50 ms each). Prints and writes
// bench/results/render-markdown.json.
import { HOSTILE_CONTEXT, HOSTILE_INPUTS } from "../common/markdown/hostile-inputs";
import { degradedHtml, renderMessage } from "../common/markdown/render";
import { TEST_CONTEXT } from "../common/markdown/test-context";
import { CORPORA, readCorpus } from "../common/test/corpora";
import { writeResults } from "./lib";

// Parsed boundary: the corpus file's shape.
const corpus = JSON.parse(readCorpus(CORPORA.markdownCases)) as {
  regular_tests: { input: string }[];
  linkify_tests: [string, string, string][];
};

const inputs = [
  ...corpus.regular_tests.map((t) => t.input),
  ...corpus.linkify_tests.map((t) => t[0]),
];

function throughput(seconds: number): { messages: number; perSecond: number } {
  for (let i = 0; i < 3; i++) for (const input of inputs) renderMessage(input, TEST_CONTEXT);
  let messages = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    for (const input of inputs) renderMessage(input, TEST_CONTEXT);
    messages += inputs.length;
  }
  const elapsed = (performance.now() - start) / 1000;
  return { messages, perSecond: Math.round(messages / elapsed) };
}

function hostile(): { name: string; bytes: number; worstMs: number; degraded: boolean }[] {
  return Object.entries(HOSTILE_INPUTS).map(([name, content]) => {
    let worst = 0;
    let html = "";
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      html = renderMessage(content, HOSTILE_CONTEXT).html;
      worst = Math.max(worst, performance.now() - start);
    }
    // Escaped text only: degraded past the budget, or nothing in it to render.
    const degraded = html === degradedHtml(content) && !content.startsWith("<script>");
    return {
      name,
      bytes: new TextEncoder().encode(content).length,
      worstMs: Number(worst.toFixed(2)),
      degraded,
    };
  });
}

const speed = throughput(5);
const cases = hostile().sort((a, b) => b.worstMs - a.worstMs);
const worst = cases[0];
console.log(
  `corpus inputs: ${String(speed.perSecond)} messages/s (${String(speed.messages)} renders)`,
);
console.log(
  `hostile inputs: worst ${String(worst?.worstMs)} ms (${worst?.name ?? ""}); goal ≤ 50 ms`,
);
for (const c of cases)
  console.log(
    `  ${c.worstMs.toFixed(2).padStart(7)} ms  ${c.degraded ? "as text " : "        "}  ${c.name}`,
  );
await writeResults("render-markdown", {
  corpusMessagesPerSecond: speed.perSecond,
  corpusInputs: inputs.length,
  hostileWorstMs: worst?.worstMs,
  hostileWorstInput: worst?.name,
  hostile: cases,
});
