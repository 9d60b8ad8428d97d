import { escapeAttr, escapeText } from "./escape";

/** Pygments' display names for common language aliases. */
const LANGUAGES: ReadonlyMap<string, string> = new Map([
  ["python", "Python"],
  ["py", "Python"],
  ["python3", "Python"],
  ["py3", "Python"],
  ["py2", "Python 2.x"],
  ["python2", "Python 2.x"],
  ["js", "JavaScript"],
  ["javascript", "JavaScript"],
  ["ts", "TypeScript"],
  ["typescript", "TypeScript"],
  ["php", "PHP"],
  ["css+php", "CSS+PHP"],
  ["html+php", "HTML+PHP"],
  ["javascript+php", "JavaScript+PHP"],
  ["js+php", "JavaScript+PHP"],
  ["xml+php", "XML+PHP"],
  ["tex", "TeX"],
  ["latex", "TeX"],
  ["bash", "Bash"],
  ["sh", "Bash"],
  ["shell", "Bash"],
  ["c", "C"],
  ["cpp", "C++"],
  ["c++", "C++"],
  ["java", "Java"],
  ["json", "JSON"],
  ["html", "HTML"],
  ["css", "CSS"],
  ["sql", "SQL"],
  ["go", "Go"],
  ["rust", "Rust"],
  ["rs", "Rust"],
  ["ruby", "Ruby"],
  ["rb", "Ruby"],
  ["yaml", "YAML"],
  ["yml", "YAML"],
  ["text", "Text only"],
]);

type Lexer = (code: string) => [cls: string, text: string][];

const PY_KEYWORDS = new Set(
  "def class return if elif else for while import from as with try except finally raise pass break continue lambda yield global nonlocal assert del async await print_function".split(
    " ",
  ),
);
const PY_WORD_OPS = new Set(["and", "or", "not", "in", "is"]);
const PY_CONSTANTS = new Set(["True", "False", "None"]);
const PY_BUILTINS = new Set(
  "print len range str int float list dict set tuple open type isinstance super object".split(" "),
);
const C_KEYWORDS = new Set(
  "function return if else elseif for foreach while do switch case break continue new class public private protected static const var let echo try catch finally throw use namespace".split(
    " ",
  ),
);

/** A small linear tokenizer using Pygments' class names. */
const TOKEN =
  /(#![^\n]*)|(#[^\n]*|\/\/[^\n]*)|("(?:[^"\\\n]|\\.)*"?)|('(?:[^'\\\n]|\\.)*'?)|(\d+(?:\.\d+)?)|(\$[A-Za-z_]\w*)|([A-Za-z_]\w*)|([=+\-*/%<>!&|^~?]+)|(:::|[()[\]{}:,.;@]+)|(\s+)|(.)/gsy;

function lexGeneric(code: string, python: boolean): [string, string][] {
  const out: [string, string][] = [];
  let previous = "";
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(code); m; m = TOKEN.exec(code)) {
    const text = m[0];
    let cls = "";
    if (m[1] !== undefined) cls = out.length === 0 ? "ch" : "c1";
    else if (m[2] !== undefined) cls = python && text.startsWith("//") ? "o" : "c1";
    else if (m[3] !== undefined) cls = "s2";
    else if (m[4] !== undefined) cls = "s1";
    else if (m[5] !== undefined) cls = text.includes(".") ? "mf" : "mi";
    else if (m[6] !== undefined) cls = "nv";
    else if (m[7] !== undefined) cls = wordClass(text, previous, python);
    else if (m[8] !== undefined) cls = "o";
    else if (m[9] !== undefined) cls = "p";
    else if (m[11] !== undefined) cls = "err";
    if (m[10] === undefined) previous = text;
    const last = out.at(-1);
    if (last && last[0] === cls && (cls === "p" || cls === "")) last[1] += text;
    else out.push([cls, text]);
  }
  return out;
}

function wordClass(word: string, previous: string, python: boolean): string {
  if (python) {
    if (previous === "def") return "nf";
    if (previous === "class") return "nc";
    if (PY_CONSTANTS.has(word)) return "kc";
    if (PY_WORD_OPS.has(word)) return "ow";
    if (PY_KEYWORDS.has(word)) return "k";
    if (word === "self" || word === "cls") return "bp";
    if (PY_BUILTINS.has(word)) return "nb";
    return "n";
  }
  return C_KEYWORDS.has(word) ? "k" : "nx";
}

const lexTex: Lexer = (code) => {
  const out: [string, string][] = [];
  for (const m of code.matchAll(/(\\[A-Za-z]+|\\.)|([{}])|(%[^\n]*)|([^\\{}%]+)/gs)) {
    out.push([m[1] ? "k" : m[2] ? "nb" : m[3] ? "c" : "", m[0]]);
  }
  return out;
};

function lexerFor(lang: string, firstLine: string): Lexer | null {
  const name = LANGUAGES.get(lang.toLowerCase()) ?? "";
  if (
    name.startsWith("Python") ||
    (lang === "" && /^(?:#!(?:\/\S*\/)?|:::)python/.test(firstLine))
  ) {
    return (code) => lexGeneric(code, true);
  }
  if (name === "TeX") return lexTex;
  if (
    [
      "PHP",
      "CSS+PHP",
      "HTML+PHP",
      "JavaScript+PHP",
      "XML+PHP",
      "JavaScript",
      "TypeScript",
      "C",
      "C++",
      "Java",
    ].includes(name)
  ) {
    return (code) => lexGeneric(code, false);
  }
  return null;
}

/** Zulip's code block: `div.codehilite` with `data-code-language`, lightly highlighted. */
export function highlight(lines: readonly string[], lang: string): string {
  let first = 0;
  let last = lines.length;
  while (first < last && (lines[first] ?? "").trim() === "") first++;
  while (last > first && (lines[last - 1] ?? "").trim() === "") last--;
  const code = lines.slice(first, last).join("\n");
  const lexer = code.length <= 20_000 ? lexerFor(lang, lines[first] ?? "") : null;
  const body = lexer
    ? lexer(code)
        .map(([cls, text]) =>
          cls === "" ? escapeText(text) : `<span class="${cls}">${escapeText(text)}</span>`,
        )
        .join("")
    : escapeText(code);
  const name = lang === "" ? "" : (LANGUAGES.get(lang.toLowerCase()) ?? lang);
  const attribute = name === "" ? "" : ` data-code-language="${escapeAttr(name)}"`;
  return `<div class="codehilite"${attribute}><pre><span></span><code>${body}\n</code></pre></div>`;
}
