import { describe, expect, it } from "vitest";
import { renderMarkdown, type RenderContext } from "./render";
import { TEST_CONTEXT } from "./test-context";

const CAMO = { baseUrl: "https://camo.example/external/", key: "secret" };
const REALM: RenderContext = { ...TEST_CONTEXT, realmUrl: "https://chat.example", camo: CAMO };
const html = (content: string, context: RenderContext = REALM): string =>
  renderMarkdown(content, context);

const thumb = (url: string, size: string): string =>
  `/thumbnail?url=${encodeURIComponent(url)}&amp;size=${size}`;
const imageDiv = (href: string, src: string, title = ""): string =>
  `<div class="message_inline_image"><a href="${href}"${title}><img src="${src}"></a></div>`;

describe("inline previews: uploaded files", () => {
  it("an uploaded image is shown from its own URL, the bare link giving way", () => {
    expect(html("https://chat.example/user_uploads/2/ab/cat.png")).toBe(
      imageDiv("https://chat.example/user_uploads/2/ab/cat.png", "/user_uploads/2/ab/cat.png"),
    );
    expect(html("[the cat](/user_uploads/2/ab/Cat.JPG)")).toBe(
      '<p><a href="/user_uploads/2/ab/Cat.JPG">the cat</a></p>\n' +
        imageDiv("/user_uploads/2/ab/Cat.JPG", "/user_uploads/2/ab/Cat.JPG", ' title="the cat"'),
    );
  });
  it("an uploaded image with a thumbnail is Zulip 9's thumbnail markup", () => {
    const context: RenderContext = {
      ...REALM,
      uploadImages: {
        "2/ab/cat.png": {
          width: 1920,
          height: 1080,
          contentType: "image/png",
          animated: false,
          thumbnail: "840x560.webp",
        },
        "2/ab/cat.gif": {
          width: 300,
          height: 200,
          contentType: "image/gif",
          animated: true,
          thumbnail: "840x560.webp",
        },
      },
    };
    expect(html("https://chat.example/user_uploads/2/ab/cat.png", context)).toBe(
      '<div class="message_inline_image"><a href="https://chat.example/user_uploads/2/ab/cat.png">' +
        '<img data-original-dimensions="1920x1080" data-original-content-type="image/png"' +
        ' src="/user_uploads/thumbnail/2/ab/cat.png/840x560.webp"></a></div>',
    );
    expect(html("[anim](/user_uploads/2/ab/cat.gif)", context)).toBe(
      '<p><a href="/user_uploads/2/ab/cat.gif">anim</a></p>\n' +
        '<div class="message_inline_image"><a href="/user_uploads/2/ab/cat.gif" title="anim">' +
        '<img data-animated="true" data-original-dimensions="300x200"' +
        ' data-original-content-type="image/gif"' +
        ' src="/user_uploads/thumbnail/2/ab/cat.gif/840x560.webp"></a></div>',
    );
    // Another upload, and a key no upload has, keep the original.
    expect(html("[x](/user_uploads/2/ab/dog.png)", context)).toContain(
      '<img src="/user_uploads/2/ab/dog.png">',
    );
    expect(html("[x](/user_uploads/2/constructor.png)", context)).toContain(
      '<img src="/user_uploads/2/constructor.png">',
    );
  });
  it("an uploaded video plays from its own URL, without camo", () => {
    expect(html("[clip](/user_uploads/2/cd/clip.mp4)")).toBe(
      '<p><a href="/user_uploads/2/cd/clip.mp4">clip</a></p>\n' +
        '<div class="message_inline_image message_inline_video"><a href="/user_uploads/2/cd/clip.mp4" title="clip">' +
        '<video src="/user_uploads/2/cd/clip.mp4" preload="metadata"></video></a></div>',
    );
  });
  it("a path that leaves the uploads, or any other same-origin path, is not loaded", () => {
    for (const url of [
      "/user_uploads/2/../../api/v1/users/me/x.png",
      "/user_uploads/2/%2e%2e/api/x.png",
      "/user_uploads/x/a.png",
      "/static/images/a.png",
      "/api/v1/users/me/a.png",
    ]) {
      const out = html(`[x](${url})`);
      expect(out, url).not.toContain("<img");
      expect(out, url).not.toContain("message_inline_image");
    }
  });
});

describe("inline previews: other sites", () => {
  it("an external image goes through /thumbnail, at both sizes, Python's urlencode way", () => {
    const url = "https://a.example/it's(1)!*~.png?size=2&b=c+d";
    const out = html(`[pic](${url})`);
    const encoded = "https%3A%2F%2Fa.example%2Fit%27s%281%29%21%2A~.png%3Fsize%3D2%26b%3Dc%2Bd";
    expect(out).toContain(`src="/thumbnail?url=${encoded}&amp;size=thumbnail"`);
    expect(out).toContain(`data-src-fullsize="/thumbnail?url=${encoded}&amp;size=full"`);
  });
  it("an external video is previewed through camo, or not at all without one", () => {
    const url = "https://v.example/clip.webm";
    const out = html(url);
    expect(out).toMatch(
      /^<div class="message_inline_image message_inline_video"><a href="https:\/\/v\.example\/clip\.webm"><video src="https:\/\/camo\.example\/external\/[0-9a-f]{40}\/[0-9a-f]+" preload="metadata" data-video-original-url="https:\/\/v\.example\/clip\.webm"><\/video><\/a><\/div>$/,
    );
    const { camo: _, ...noCamo } = REALM;
    expect(html(url, noCamo)).toBe(`<p><a href="${url}">${url}</a></p>`);
  });
  it("Zulip's video test: the MIME guess reads the whole URL, query included", () => {
    expect(html("https://v.example/clip.mp4?t=1")).not.toContain("video");
    expect(html("https://v.example/clip.MP4")).toContain("<video");
  });
  it("GitHub blob pages load the raw file; Wikipedia file pages the file", () => {
    expect(html("https://github.com/zulip/zulip/blob/main/static/a.png")).toContain(
      thumb("https://raw.githubusercontent.com/zulip/zulip/main/static/a.png", "thumbnail"),
    );
    const wiki = html("[Cat](https://en.wikipedia.org/wiki/File:Cat.jpg)");
    // Zulip previews the corrected source as a bare link: no title, and the paragraph goes.
    expect(wiki).toBe(
      imageDiv(
        "https://en.wikipedia.org/wiki/Special:FilePath/File:Cat.jpg",
        thumb("https://en.wikipedia.org/wiki/Special:FilePath/File:Cat.jpg", "thumbnail"),
      )
        .replace("><img", "><img")
        .replace(
          '"></a>',
          `" data-src-fullsize="${thumb("https://en.wikipedia.org/wiki/Special:FilePath/File:Cat.jpg", "full")}"></a>`,
        ),
    );
  });
  it("no preview but for http(s) and uploads: never javascript:, data: or ftp:", () => {
    for (const content of [
      "[x](javascript:alert(1)//a.png)",
      "[x](data:image/png;base64,AAAA.png)",
      "[x](ftp://files.example/a.png)",
      "[x](ftp://files.example/a.mp4)",
      "[x](#narrow/a.png)",
    ]) {
      const out = html(content);
      expect(out, content).not.toMatch(/<img|<video/);
    }
  });
});

describe("inline previews: where they go", () => {
  it("after the paragraph, in link order, each URL once", () => {
    const a = "https://a.example/1.png";
    const b = "https://a.example/2.gif";
    const out = html(`${a} and ${b} and ${a}\n\nnext`);
    expect(out.indexOf(thumb(a, "thumbnail"))).toBeLessThan(out.indexOf(thumb(b, "thumbnail")));
    expect(out.split(thumb(a, "thumbnail"))).toHaveLength(2);
    expect(out.indexOf("message_inline_image")).toBeGreaterThan(out.indexOf("</p>"));
    expect(out.endsWith("<p>next</p>")).toBe(true);
  });
  it("none when the context says no previews (Zulip's no_previews)", () => {
    expect(html("https://a.example/1.png", { ...REALM, noPreviews: true })).toBe(
      '<p><a href="https://a.example/1.png">https://a.example/1.png</a></p>',
    );
  });
  it("none inside a quote", () => {
    expect(html("> https://a.example/1.png")).not.toContain("message_inline_image");
  });
  it("a link inside emphasis previews at the end of the message", () => {
    const out = html("**[pic](https://a.example/1.png)**\n\nlast");
    expect(out.startsWith("<p><strong><a")).toBe(true);
    expect(out.indexOf("<p>last</p>")).toBeLessThan(out.indexOf("message_inline_image"));
  });
  it("in a loose list item, after the item's paragraph", () => {
    const out = html("* a https://a.example/1.png\n\n* b");
    expect(out).toMatch(/<li>\n<p>a <a [^>]+>[^<]+<\/a><\/p>\n<div class="message_inline_image">/);
  });
  it("inside a spoiler's content", () => {
    const out = html("```spoiler head\nhttps://a.example/1.png\n```");
    expect(out).toMatch(
      /<div class="spoiler-content" aria-hidden="true">\n<div class="message_inline_image">.*<\/div><\/div><\/div>$/,
    );
  });
  it("none at all past 24 previewable URLs, as Zulip", () => {
    const links = (n: number): string =>
      Array.from({ length: n }, (_, i) => `https://a.example/${String(i)}.png`).join(" ");
    expect(html(links(24)).split("message_inline_image")).toHaveLength(25);
    expect(html(links(25))).not.toContain("message_inline_image");
  });
});
