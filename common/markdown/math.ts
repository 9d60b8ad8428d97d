// Math the way Zulip renders it: KaTeX on the server side of the renderer, `tex-error` with the
// source when KaTeX refuses the input. Zulip's own output comes from KaTeX 0.16 (0.19 renamed
// the classes), so the corpus's math cases match only with 0.16.
import katex from "katex";
import type { Budget } from "./budget";
import { escapeText } from "./escape";

/**
 * KaTeX's cost grows with a formula's size, nesting and macro expansion, and nothing inside it
 * can be interrupted, so each formula is bounded before it starts: longer, deeper or
 * further-expanding formulas, and those past a message's quota, show as Zulip's `tex-error`
 * source. Measured worst cases within these limits stay under 10 ms each (bench/render-hostile).
 */
const MATH_LIMITS = {
  /** Characters of TeX in one formula. */
  maxLength: 600,
  /** Nested groups (`{`, `\left`) in one formula. */
  maxDepth: 12,
  /** Macro expansions in one formula (KaTeX's default is 1000). */
  maxExpand: 200,
  /** Formulas rendered in one message; the rest stay as their source. */
  maxFormulas: 40,
  /** Time (ms) one message may spend in KaTeX; formulas after that stay as their source. */
  maxMathMs: 15,
} as const;

/** The deepest nesting of braces and `\left`/`\begin` groups in `tex`. */
function nestingDepth(tex: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of tex.matchAll(/\\(?:left|begin)\b|\\(?:right|end)\b|\\[{}]|[{}]/g)) {
    const token = match[0];
    if (token === "{" || token === "\\left" || token === "\\begin") {
      depth++;
      deepest = Math.max(deepest, depth);
    } else if (token === "}" || token === "\\right" || token === "\\end") {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** Formulas rendered so far and the time they took, per budget (one per message render). */
const mathSpent = new WeakMap<Budget, { formulas: number; ms: number }>();

function withinLimits(tex: string, budget: Budget | undefined): boolean {
  if (tex.length > MATH_LIMITS.maxLength || nestingDepth(tex) > MATH_LIMITS.maxDepth) return false;
  if (budget === undefined) return true;
  const spent = mathSpent.get(budget) ?? { formulas: 0, ms: 0 };
  mathSpent.set(budget, spent);
  spent.formulas++;
  return spent.formulas <= MATH_LIMITS.maxFormulas && spent.ms < MATH_LIMITS.maxMathMs;
}

function recordTime(budget: Budget | undefined, startedAt: number): void {
  const spent = budget === undefined ? undefined : mathSpent.get(budget);
  if (spent !== undefined) spent.ms += performance.now() - startedAt;
}

/**
 * KaTeX's HTML and MathML for `tex`, or undefined when KaTeX cannot render it (a parse error, a
 * macro expanding too far, nesting too deep for the stack). `trust: false` keeps `\href`,
 * `\url`, `\includegraphics` and `\htmlClass`-style commands out.
 */
export function renderTex(tex: string, display: boolean, budget?: Budget): string | undefined {
  if (!withinLimits(tex, budget)) return undefined;
  const startedAt = performance.now();
  try {
    return katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      trust: false,
      maxExpand: MATH_LIMITS.maxExpand,
      output: "htmlAndMathml",
    });
  } catch {
    return undefined;
  } finally {
    recordTime(budget, startedAt);
    // The message's clock: past its time budget the whole message degrades to escaped text.
    budget?.charge(tex.length * 20);
  }
}

/** Inline `$$…$$`: KaTeX's output, or Zulip's fallback with the source as typed. */
export function inlineMath(source: string, tex: string, budget?: Budget): string {
  return renderTex(tex, false, budget) ?? `<span class="tex-error">${escapeText(source)}</span>`;
}

/** A ```math block: one display formula per paragraph (as Zulip splits it), or the fallback. */
export function blockMath(lines: readonly string[], budget?: Budget): string {
  const paragraphs = lines
    .join("\n")
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter((text) => text !== "");
  return paragraphs
    .map((tex) => {
      const html = renderTex(tex, true, budget);
      return `<p>${html ?? `<span class="tex-error">${escapeText(tex)}</span>`}</p>`;
    })
    .join("\n");
}
