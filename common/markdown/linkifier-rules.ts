import { RE2JS, RE2JSException } from "re2js";
import { parseTemplate } from "url-template";
import { ALLOWED_SCHEMES } from "./urls";

/**
 * Validation of linkifiers, as Zulip's `RealmFilter.full_clean` does it (re2 syntax, RFC 6570
 * template, group names equal to template variables), plus two limits of our own: a bounded
 * pattern cost and an allowlist of URL schemes. One copy for both programs: the server turns a
 * problem into its 400 (server/actions/linkifier-rules.ts), the client shows it beside the field
 * before sending (features/linkifiers). So nothing here throws, and the messages are the server's.
 */

const MAX_PATTERN_LENGTH = 1000;
const MAX_URL_TEMPLATE_LENGTH = 1024;
/** Sum of `{n}` repeat counts, nested ones multiplied: RE2 allows 1000, which costs ~200 ms per message. */
const MAX_REPETITION_WEIGHT = 100;
/** RE2 program size; a 1000-character literal pattern is about 1000. */
const MAX_PROGRAM_SIZE = 2000;

/** Django's messages for a blank or overlong field; undefined when the length is fine. */
function lengthProblem(value: string, limit: number): string | undefined {
  if (value === "") return "This field cannot be blank.";
  if (value.length > limit) {
    return `Ensure this value has at most ${String(limit)} characters (it has ${String(value.length)}).`;
  }
  return undefined;
}

/** Skips a character class starting at `start` (`[`); returns the index after its `]`. */
function skipCharacterClass(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === "^") i++;
  if (pattern[i] === "]") i++;
  while (i < pattern.length && pattern[i] !== "]") {
    if (pattern[i] === "\\") i += 2;
    else if (pattern.startsWith("[:", i)) {
      const end = pattern.indexOf(":]", i + 2);
      i = end === -1 ? i + 1 : end + 2;
    } else i++;
  }
  return i + 1;
}

/** Skips an escape starting at `start` (`\`); returns the index after it. */
function skipEscape(pattern: string, start: number): number {
  const next = pattern[start + 1];
  if (next === "Q") {
    const end = pattern.indexOf("\\E", start + 2);
    return end === -1 ? pattern.length : end + 2;
  }
  if ((next === "p" || next === "P" || next === "x") && pattern[start + 2] === "{") {
    const end = pattern.indexOf("}", start + 2);
    return end === -1 ? pattern.length : end + 1;
  }
  return start + 2;
}

/**
 * How many copies counted repeats make of the pattern: each `{n}`, `{n,}` or `{n,m}` multiplies
 * what it repeats (at least 1) by its largest count; sums over the pattern. `(a{100}){100}` is
 * 10,000. The pattern has already compiled, so its syntax is valid.
 */
export function repetitionWeight(pattern: string): number {
  const frames: { total: number; last: number }[] = [{ total: 0, last: 0 }];
  let i = 0;
  while (i < pattern.length) {
    const frame = frames[frames.length - 1] ?? { total: 0, last: 0 };
    const char = pattern[i];
    const counted = /^\{(\d+)(?:,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (char === "{" && counted) {
      const count = Number(counted[2] === undefined || counted[2] === "" ? counted[1] : counted[2]);
      const weight = count * Math.max(frame.last, 1);
      frame.total += weight - frame.last;
      frame.last = weight;
      i += counted[0].length;
      continue;
    }
    if (char === "(") {
      frames.push({ total: 0, last: 0 });
      i++;
      continue;
    }
    if (char === ")" && frames.length > 1) {
      frames.pop();
      const parent = frames[frames.length - 1] ?? frame;
      parent.total += frame.total;
      parent.last = frame.total;
      i++;
      continue;
    }
    frame.last = 0;
    if (char === "\\") i = skipEscape(pattern, i);
    else if (char === "[") i = skipCharacterClass(pattern, i);
    else i++;
  }
  return frames.reduce((sum, frame) => sum + frame.total, 0);
}

/** A pattern's named groups, or why it is refused (the `pattern` field's message). */
export type PatternCheck = { groups: string[] } | { error: string };

/**
 * Compiles a linkifier pattern with RE2 (linear-time; no backreferences or lookaround) and
 * returns its named groups. Errors: "This field cannot be blank.", "Bad regular expression: …".
 */
export function checkPattern(pattern: string): PatternCheck {
  const badLength = lengthProblem(pattern, MAX_PATTERN_LENGTH);
  if (badLength !== undefined) return { error: badLength };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (error) {
    if (!(error instanceof RE2JSException)) throw error;
    const message = error.message.replace(/^error parsing regexp: /, "");
    return { error: `Bad regular expression: ${message}` };
  }
  if (repetitionWeight(pattern) > MAX_REPETITION_WEIGHT) {
    return {
      error: `Bad regular expression: repetition counts too large (at most ${String(MAX_REPETITION_WEIGHT)} in total)`,
    };
  }
  if (compiled.programSize() > MAX_PROGRAM_SIZE) {
    return { error: "Bad regular expression: pattern too complex" };
  }
  // namedGroups() is a null-prototype object, so names like `__proto__` are plain keys.
  return { groups: Object.keys(compiled.namedGroups()) };
}

/** One `{…}` of an RFC 6570 template. */
export interface TemplateExpression {
  operator: string;
  variables: string[];
}

const OPERATORS = new Set(["+", "#", ".", "/", ";", "?", "&"]);
const VARSPEC =
  /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::[1-9]\d{0,3}|\*)?$/;

function parseExpression(body: string): TemplateExpression | undefined {
  const first = body.charAt(0);
  const operator = OPERATORS.has(first) ? first : "";
  const variables: string[] = [];
  for (const spec of body.slice(operator.length).split(",")) {
    const match = VARSPEC.exec(spec);
    if (!match?.[1]) return undefined;
    variables.push(match[1]);
  }
  return { operator, variables };
}

/** Whitespace, control characters and a stray `}` cannot appear in a template's literal text. */
function hasForbiddenLiteral(literal: string): boolean {
  for (const char of literal) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || char === "}" || /\s/.test(char)) return true;
  }
  return false;
}

/**
 * Parses an RFC 6570 template into its literal text and expressions, or undefined when it is not
 * one (unbalanced braces, bad operator, variable or modifier). Literals may not hold whitespace or
 * control characters (a stricter rule than Zulip's validator, which passes them).
 */
export function parseUrlTemplate(
  template: string,
): { literals: string[]; expressions: TemplateExpression[] } | undefined {
  const literals: string[] = [];
  const expressions: TemplateExpression[] = [];
  let rest = template;
  for (;;) {
    const open = rest.indexOf("{");
    const literal = open === -1 ? rest : rest.slice(0, open);
    if (hasForbiddenLiteral(literal)) return undefined;
    literals.push(literal);
    if (open === -1) return { literals, expressions };
    const close = rest.indexOf("}", open);
    if (close === -1) return undefined;
    const expression = parseExpression(rest.slice(open + 1, close));
    if (!expression) return undefined;
    expressions.push(expression);
    rest = rest.slice(close + 1);
  }
}

function schemeOf(url: string): string | undefined {
  return /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
}

const HOSTILE_SAMPLES = ["x", "", "javascript:alert(1)", "//evil.example/", "data:text/html,x"];

/**
 * The scheme must be literal text of the template (before any expression) and allowed, and stay
 * so whatever the matched text is: `{+x}`, `javascript:{id}` and `data:{id}` are refused. The
 * allowlist is Zulip's `sanitize_url` one without `file`. Zulip does not check schemes when a
 * linkifier is saved (only message links are sanitised at render time, topic links are not at
 * all); we refuse the linkifier instead.
 */
function isSchemeAllowed(template: string, literalPrefix: string, variables: string[]): boolean {
  const scheme = schemeOf(literalPrefix);
  if (scheme === undefined || scheme === "file" || !ALLOWED_SCHEMES.has(scheme)) return false;
  const expander = parseTemplate(template);
  return HOSTILE_SAMPLES.every((sample) => {
    // fromEntries defines own properties, so a variable called `__proto__` is a plain key.
    const values = Object.fromEntries(variables.map((name) => [name, sample]));
    return schemeOf(expander.expand(values)) === scheme;
  });
}

/** Why a URL template is refused, and the field Zulip reports it under. */
export interface TemplateProblem {
  field: "url_template" | "__all__";
  error: string;
}

/**
 * Checks a URL template against the pattern's named groups; undefined when it is fine. Errors:
 * "Invalid URL template.", "Group 'x' in URL template is not present in linkifier pattern.",
 * "Group 'x' in linkifier pattern is not present in URL template.", "URL scheme not allowed".
 */
export function checkUrlTemplate(
  template: string,
  groups: readonly string[],
): TemplateProblem | undefined {
  const badLength = lengthProblem(template, MAX_URL_TEMPLATE_LENGTH);
  if (badLength !== undefined) return { field: "url_template", error: badLength };
  const parsed = parseUrlTemplate(template);
  if (!parsed) return { field: "url_template", error: "Invalid URL template." };
  const variables = new Set(parsed.expressions.flatMap((e) => e.variables));
  const groupSet = new Set(groups);
  const notInPattern = [...variables].filter((name) => !groupSet.has(name)).sort()[0];
  if (notInPattern !== undefined) {
    const error = `Group '${notInPattern}' in URL template is not present in linkifier pattern.`;
    return { field: "__all__", error };
  }
  const notInTemplate = groups.filter((name) => !variables.has(name)).sort()[0];
  if (notInTemplate !== undefined) {
    const error = `Group '${notInTemplate}' in linkifier pattern is not present in URL template.`;
    return { field: "__all__", error };
  }
  if (!isSchemeAllowed(template, parsed.literals[0] ?? "", [...variables])) {
    return { field: "url_template", error: "URL scheme not allowed" };
  }
  return undefined;
}

/** The server's message for a format string `formatStringToTemplate` refuses. */
export const INVALID_FORMAT_STRING = "Invalid format string in URL.";

/**
 * Converts an [OLD] `url_format_string` (`%(name)s`, `%%`) to a URL template, or undefined when it
 * uses `%` any other way or has a brace (which a template would read as an expression).
 */
export function formatStringToTemplate(format: string): string | undefined {
  let template = "";
  let i = 0;
  while (i < format.length) {
    const char = format.charAt(i);
    const named = /^%\(([A-Za-z0-9_]+)\)s/.exec(format.slice(i, i + 200));
    if (named?.[1] !== undefined) {
      template += `{${named[1]}}`;
      i += named[0].length;
    } else if (format.startsWith("%%", i)) {
      template += "%";
      i += 2;
    } else if (char === "%" || char === "{" || char === "}") {
      return undefined;
    } else {
      template += char;
      i++;
    }
  }
  return template;
}

/** The [OLD] `url_format_string` of a template: each expression becomes `%(name)s`. */
export function templateToFormatString(template: string): string {
  const parsed = parseUrlTemplate(template);
  if (!parsed) return template.replaceAll("%", "%%");
  let result = "";
  parsed.literals.forEach((literal, index) => {
    result += literal.replaceAll("%", "%%");
    const expression = parsed.expressions[index];
    if (expression) result += expression.variables.map((name) => `%(${name})s`).join(",");
  });
  return result;
}
