// Mounting and probing for the attack tests (Vitest's jsdom environment, which runs inline
// event handlers: `runScripts: "dangerously"`). A payload "fires" when a dialog function is
// called, `window.__pwned` is set, or a handler runs after events are dispatched to every node.
const TRAPPED = ["alert", "confirm", "prompt", "print", "open"] as const;

/** Tags that must never reach the page, whatever the path. */
const FORBIDDEN_TAGS = new Set([
  "SCRIPT",
  "IFRAME",
  "FRAME",
  "OBJECT",
  "EMBED",
  "STYLE",
  "LINK",
  "META",
  "BASE",
  "FORM",
  "INPUT",
  "BUTTON",
  "TEXTAREA",
  "SELECT",
  "TEMPLATE",
  "DIALOG",
  "SELECTEDCONTENT",
]);

const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "xlink:href",
  "poster",
  "background",
  "cite",
  "data",
  "ping",
  "longdesc",
  "lowsrc",
  "dynsrc",
]);

/** Events dispatched to every element so that any surviving inline handler would run. */
const EVENTS = [
  "error",
  "load",
  "click",
  "dblclick",
  "mouseover",
  "mouseenter",
  "mousedown",
  "focus",
  "focusin",
  "blur",
  "input",
  "change",
  "submit",
  "toggle",
  "beforetoggle",
  "animationstart",
  "animationend",
  "transitionend",
  "scroll",
  "copy",
  "pointerover",
] as const;

const DANGEROUS_URL = /^(?:javascript|data|vbscript):/i;

/** The traps (installed with `installTraps`, removed with `removeTraps`). */
export interface Traps {
  /** Every trap that fired since installation, e.g. `alert(["1"])`, `window.__pwned`. */
  fired(): string[];
}

/**
 * The windows a payload's script could see: the test's global and the jsdom window itself.
 * Vitest copies jsdom's globals onto Node's global object, but inline handlers run in jsdom's
 * own realm, where `alert` and `window.__pwned` are that window's properties.
 */
function windows(): object[] {
  const dom: unknown = Reflect.get(globalThis, "jsdom");
  const realm: unknown =
    typeof dom === "object" && dom !== null ? Reflect.get(dom, "window") : null;
  return typeof realm === "object" && realm !== null && realm !== globalThis
    ? [globalThis, realm]
    : [globalThis];
}

let restore: (() => void)[] = [];

/** Replaces `alert`, `confirm`, `prompt`, `print` and `open` in every realm with recorders. */
export function installTraps(): Traps {
  removeTraps();
  const calls: string[] = [];
  const targets = windows();
  for (const target of targets) {
    Reflect.deleteProperty(target, "__pwned");
    for (const name of TRAPPED) {
      const original: unknown = Reflect.get(target, name);
      Reflect.set(target, name, (...args: unknown[]) => {
        calls.push(`${name}(${JSON.stringify(args)})`);
        return null;
      });
      restore.push(() => Reflect.set(target, name, original));
    }
  }
  return {
    fired() {
      const flags = targets.some((target) => Reflect.get(target, "__pwned") !== undefined);
      return flags ? [...calls, "window.__pwned"] : [...calls];
    },
  };
}

/** Puts the original dialog functions back. */
export function removeTraps(): void {
  for (const undo of restore) undo();
  restore = [];
}

function attributeProblems(element: Element): string[] {
  const problems: string[] = [];
  for (const { name, value } of element.attributes) {
    const lower = name.toLowerCase();
    if (lower.startsWith("on")) problems.push(`<${element.localName} ${name}>`);
    // The browser strips controls and spaces (and tabs/newlines inside) before the scheme.
    // eslint-disable-next-line no-control-regex -- control characters are what is stripped
    const squeezed = value.replace(/[\u0000-\u0020]/g, "");
    if (URL_ATTRIBUTES.has(lower) && DANGEROUS_URL.test(squeezed)) {
      problems.push(`<${element.localName} ${name}="${value}">`);
    }
  }
  return problems;
}

/**
 * Checks a mounted tree: no forbidden element, no `on*` attribute, no `javascript:`/`data:`/
 * `vbscript:` URL; then dispatches common events to every element. Returns what is wrong.
 */
export function probe(root: Element): string[] {
  const elements = [root, ...root.querySelectorAll("*")];
  const problems: string[] = [];
  for (const element of elements) {
    if (FORBIDDEN_TAGS.has(element.tagName.toUpperCase())) problems.push(`<${element.localName}>`);
    problems.push(...attributeProblems(element));
  }
  // An inline handler needs an attribute: only elements with attributes can hold one.
  for (const element of elements) {
    if (element.attributes.length === 0) continue;
    for (const type of EVENTS) element.dispatchEvent(new Event(type));
  }
  return problems;
}

/** Mounts `html` (already sanitised) in a fresh container on the page, as the app would. */
export function mountHtml(html: string): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  container.innerHTML = html;
  return container;
}

/** Removes everything mounted on the page. */
export function unmountAll(): void {
  document.body.replaceChildren();
}
