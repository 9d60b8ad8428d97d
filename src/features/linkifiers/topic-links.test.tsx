// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as renderer from "../../../common/markdown/render";
import * as wire from "../../test/api-fixtures";
import * as eg from "../../test/example-data";
import { currentTopicLinks, TopicLinkIcons } from "./topic-links";

afterEach(cleanup);

const par = wire.linkifier({
  id: 7,
  pattern: "PAR-(?P<id>[0-9]+)",
  url_template: "https://t.example/{id}",
});

describe("currentTopicLinks", () => {
  const message = eg.streamMessage({
    subject: "PAR-5 and zulip#12",
    topic_links: [{ text: "zulip#12", url: "https://github.com/zulip/zulip/issues/12" }],
  });

  it("computes the links from the current linkifiers, so a change shows at once", () => {
    expect(currentTopicLinks(message, [wire.linkifier(), par], renderer)).toEqual([
      { text: "PAR-5", url: "https://t.example/5" },
      { text: "zulip#12", url: "https://github.com/zulip/zulip/issues/12" },
    ]);
    // The linkifier that made the server's link is gone: so is the link.
    expect(currentTopicLinks(message, [par], renderer)).toEqual([
      { text: "PAR-5", url: "https://t.example/5" },
    ]);
  });

  it("falls back to the message's own links until the list and the renderer are loaded", () => {
    const server = [{ text: "zulip#12", url: "https://github.com/zulip/zulip/issues/12" }];
    expect(currentTopicLinks(message, undefined, renderer)).toEqual(server);
    expect(currentTopicLinks(message, [par], undefined)).toEqual(server);
    const failing = {
      topicLinks: () => {
        throw new Error("bug");
      },
    };
    expect(currentTopicLinks(message, [par], failing)).toEqual(server);
  });
});

describe("TopicLinkIcons", () => {
  function renderIcons(links: { text: string; url: string }[], tabIndex?: number) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <TopicLinkIcons message={eg.streamMessage({ topic_links: links })} tabIndex={tabIndex} />
      </QueryClientProvider>,
    );
  }

  it("shows one external link per topic link, named by its URL", () => {
    renderIcons([{ text: "PAR-5", url: "https://t.example/5" }]);
    const link = screen.getByRole("link", { name: "Open https://t.example/5" });
    expect(link.getAttribute("href")).toBe("https://t.example/5");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("leaves out URLs whose scheme is not allowed", () => {
    renderIcons([
      { text: "x", url: "javascript:alert(1)" },
      { text: "y", url: " data:text/html,x" },
      { text: "z", url: "mailto:a@example.com" },
    ]);
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "mailto:a@example.com",
    ]);
  });

  it("keeps a ghost header's links out of the tab order", () => {
    renderIcons([{ text: "PAR-5", url: "https://t.example/5" }], -1);
    expect(screen.getByRole("link").getAttribute("tabindex")).toBe("-1");
  });
});
