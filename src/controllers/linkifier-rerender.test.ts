import { describe, expect, it } from "vitest";
import * as renderer from "../../common/markdown/render";
import { EMPTY_RENDER_CONTEXT, type RenderContext } from "../../common/markdown/types";
import * as eg from "../test/example-data";
import { linkifierMatcher, type LinkifierRule } from "./linkifier-matcher";
import {
  changedLinkifiers,
  htmlText,
  MAX_RERENDERED,
  rerenderForLinkifierChange,
  type LinkifierRerenderDeps,
} from "./linkifier-rerender";
import { createMessageStore, getMessage } from "../stores/message-store";

const zulip: LinkifierRule = {
  id: 1,
  pattern: "zulip#(?P<id>[0-9]+)",
  url_template: "https://github.com/zulip/zulip/issues/{id}",
};
const par: LinkifierRule = {
  id: 2,
  pattern: "PAR-(?P<id>[0-9]+)",
  url_template: "https://t.example/{id}",
};

describe("changedLinkifiers", () => {
  it("is what was added, removed, changed, or moved past another", () => {
    expect(changedLinkifiers([zulip], [zulip, par])).toEqual([par]);
    expect(changedLinkifiers([zulip, par], [par])).toEqual([zulip]);
    // Reordered (PATCH realm/linkifiers): of two overlapping ones the earlier links the text.
    expect(changedLinkifiers([zulip, par], [par, zulip])).toEqual([par, zulip]);
    const bug = { ...par, id: 3, pattern: "BUG-(?P<id>[0-9]+)" };
    expect(changedLinkifiers([zulip, par, bug], [zulip, bug, par])).toEqual([bug, par]);
    expect(changedLinkifiers([zulip, par, bug], [zulip, bug])).toEqual([par]);
    const moved = { ...par, url_template: "https://other.example/{id}" };
    expect(changedLinkifiers([par], [moved])).toEqual([par, moved]);
  });
});

describe("htmlText", () => {
  it("keeps the text of message HTML, entities decoded", () => {
    expect(htmlText('<p>Fix <a href="x">PAR-1</a> &amp; PAR&#45;2&#x21;</p>')).toBe(
      " Fix  PAR-1  & PAR-2! ",
    );
    expect(htmlText("&bogus; &#0;")).toBe("&bogus; &#0;");
  });
});

/** A store with messages by id and raw Markdown, and deps that render for real. */
function setup(raw: Record<number, string>, linkifiers: readonly LinkifierRule[]) {
  const store = createMessageStore();
  const context: RenderContext = { ...EMPTY_RENDER_CONTEXT, linkifiers };
  store.getState().messagesReceived(
    Object.entries(raw).map(([id, content]) => ({
      message: eg.streamMessage({ id: Number(id), content: renderer.renderMarkdown(content) }),
      flags: [],
    })),
  );
  const fetched: number[] = [];
  const deps: LinkifierRerenderDeps = {
    store,
    loadMatcher: () => Promise.resolve(linkifierMatcher),
    loadRenderer: () => Promise.resolve(renderer),
    fetchRawContent: (id) => {
      fetched.push(id);
      const content = raw[id];
      return content === undefined ? Promise.reject(new Error("gone")) : Promise.resolve(content);
    },
    renderContext: () => context,
    yieldToPage: () => Promise.resolve(),
  };
  return { store, deps, fetched, context };
}

describe("rerenderForLinkifierChange", () => {
  it("re-renders the loaded messages that match an added pattern, and only those", async () => {
    const { store, deps, fetched } = setup(
      { 1: "Fixed PAR-7 today", 2: "nothing to see", 3: "see PAR-8" },
      [par],
    );
    const ids = await rerenderForLinkifierChange(deps, [], [par]);
    expect(ids).toEqual([3, 1]);
    expect(fetched.sort()).toEqual([1, 3]);
    expect(getMessage(store.getState(), 1)?.content).toBe(
      '<p>Fixed <a href="https://t.example/7">PAR-7</a> today</p>',
    );
    expect(getMessage(store.getState(), 2)?.content).toBe("<p>nothing to see</p>");
  });

  it("takes the link away when the linkifier is removed", async () => {
    const { store, deps } = setup({ 1: "Fixed PAR-7 today" }, []);
    store.getState().messageUpdated({
      message_id: 1,
      message_ids: [1],
      rendering_only: true,
      rendered_content: '<p>Fixed <a href="https://t.example/7">PAR-7</a> today</p>',
    });
    await rerenderForLinkifierChange(deps, [par], []);
    expect(getMessage(store.getState(), 1)?.content).toBe("<p>Fixed PAR-7 today</p>");
  });

  it("does nothing when the list did not change", async () => {
    const { deps, fetched } = setup({ 1: "PAR-1" }, [par]);
    expect(await rerenderForLinkifierChange(deps, [par, zulip], [{ ...par }, zulip])).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it("re-renders what a reorder may link differently: text of the linkifiers that moved", async () => {
    const { deps, fetched } = setup({ 1: "PAR-1", 2: "nothing to link" }, [zulip, par]);
    expect(await rerenderForLinkifierChange(deps, [par, zulip], [zulip, par])).toEqual([1]);
    expect(fetched).toEqual([1]);
  });

  it("re-renders at most the newest MAX_RERENDERED matching messages", async () => {
    const raw: Record<number, string> = {};
    for (let id = 1; id <= MAX_RERENDERED + 20; id++) raw[id] = `PAR-${String(id)}`;
    const { deps, fetched } = setup(raw, [par]);
    const ids = await rerenderForLinkifierChange(deps, [], [par]);
    expect(ids).toHaveLength(MAX_RERENDERED);
    expect(Math.min(...fetched)).toBe(21);
  });

  it("skips a message whose source cannot be fetched, and keeps going", async () => {
    const { store, deps } = setup({ 1: "PAR-1", 2: "PAR-2" }, [par]);
    const fetchRawContent = deps.fetchRawContent;
    const failingFirst: LinkifierRerenderDeps = {
      ...deps,
      fetchRawContent: (id) => (id === 2 ? Promise.reject(new Error("gone")) : fetchRawContent(id)),
    };
    await rerenderForLinkifierChange(failingFirst, [], [par]);
    expect(getMessage(store.getState(), 2)?.content).toBe("<p>PAR-2</p>");
    expect(getMessage(store.getState(), 1)?.content).toContain('href="https://t.example/1"');
  });

  it("leaves a message edited meanwhile with the edit's HTML", async () => {
    const { store, deps } = setup({ 1: "PAR-1" }, [par]);
    const editing: LinkifierRerenderDeps = {
      ...deps,
      fetchRawContent: (id) => {
        store.getState().messageUpdated({
          message_id: id,
          message_ids: [id],
          rendered_content: "<p>edited</p>",
          edit_timestamp: 1,
        });
        return Promise.resolve("PAR-1");
      },
    };
    await rerenderForLinkifierChange(editing, [], [par]);
    expect(getMessage(store.getState(), 1)?.content).toBe("<p>edited</p>");
  });
});
