// The part of jsdom that the server's tests use to read HTML with a real parser (html-diff's
// output, rendered_content compared with Zulip's Markdown cases).
// jsdom ships no types (and @types/jsdom is not installed), and the server program has no DOM
// library, so the few DOM members the test touches are declared here.
declare module "jsdom" {
  interface DomAttribute {
    readonly name: string;
    readonly value: string;
  }
  interface DomList<T> extends Iterable<T> {
    readonly length: number;
  }
  interface DomNode {
    readonly nodeType: number;
    readonly childNodes: DomList<DomNode>;
    readonly nodeValue: string | null;
    readonly textContent: string | null;
    normalize(): void;
  }
  interface DomElement extends DomNode {
    readonly tagName: string;
    innerHTML: string;
    readonly outerHTML: string;
    readonly attributes: DomList<DomAttribute>;
    readonly children: DomList<DomElement>;
    readonly childNodes: DomList<DomNode>;
    readonly firstElementChild: DomElement | null;
    getAttribute(name: string): string | null;
    getAttributeNames(): string[];
    querySelector(selectors: string): DomElement | null;
    querySelectorAll(selectors: string): DomList<DomElement>;
    replaceWith(...nodes: (DomNode | string)[]): void;
    remove(): void;
  }
  interface DomTemplateElement extends DomElement {
    readonly content: DomNode;
  }
  interface DomDocument {
    createElement(tagName: "template"): DomTemplateElement;
    createElement(tagName: string): DomElement;
    createTreeWalker(root: DomNode, whatToShow: number): { nextNode(): DomNode | null };
  }
  export type { DomElement, DomNode };
  export class JSDOM {
    constructor(html?: string);
    readonly window: { readonly document: DomDocument };
  }
}
