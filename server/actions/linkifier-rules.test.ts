import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import {
  checkPattern,
  checkUrlTemplate,
  formatStringToTemplate,
  parseUrlTemplate,
  repetitionWeight,
  templateToFormatString,
} from "./linkifier-rules";

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return "no error";
}

describe("checkPattern", () => {
  it("returns the named groups of an RE2 pattern", () => {
    expect(checkPattern("#(?P<id>[0-9]+)")).toEqual(["id"]);
    expect(checkPattern("(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>\\d+)")).toEqual([
      "org",
      "repo",
      "id",
    ]);
    expect(checkPattern("(a+)+b")).toEqual([]);
  });

  it.each([
    ["(a)\\1", "Bad regular expression: invalid escape sequence: `\\1`"],
    ["(?=x)", "Bad regular expression: invalid or unsupported Perl syntax: `(?=`"],
    ["(?<=x)y", "Bad regular expression: invalid named capture: `(?<=x)y`"],
    ["(?x) a", "Bad regular expression: invalid or unsupported Perl syntax: `(?x`"],
    ["a{1001}", "Bad regular expression: invalid repeat count: `{1001}`"],
    ["(a{100}){100}", "Bad regular expression: invalid repeat count: `{100}`"],
    ["[", "Bad regular expression: missing closing ]: `[`"],
    ["(foo", "Bad regular expression: missing closing ): `(foo`"],
  ])("refuses the hostile pattern %s", (pattern, msg) => {
    expect(messageOf(() => checkPattern(pattern))).toBe(msg);
  });

  it("refuses patterns whose counted repeats cost too much", () => {
    for (const pattern of ["(?i)\\w{1000}!", "x{101}", "(a{11}){10}", "\\d{60}\\w{60}"]) {
      expect(messageOf(() => checkPattern(pattern))).toMatch(
        /^Bad regular expression: repetition counts too large/,
      );
    }
    expect(checkPattern("(?P<y>[0-9]{4})-(?P<m>[0-9]{2})")).toEqual(["y", "m"]);
    expect(checkPattern("x{100}")).toEqual([]);
  });

  it("refuses blank and overlong patterns", () => {
    expect(messageOf(() => checkPattern(""))).toBe("This field cannot be blank.");
    expect(messageOf(() => checkPattern("a".repeat(1001)))).toBe(
      "Ensure this value has at most 1000 characters (it has 1001).",
    );
  });

  it("accepts group names that are Object.prototype keys", () => {
    expect(checkPattern("(?P<name>a)(?P<__proto__>b)(?P<constructor>c)")).toEqual([
      "name",
      "__proto__",
      "constructor",
    ]);
  });
});

describe("repetitionWeight", () => {
  it("multiplies nested counts and ignores escapes, classes and quoting", () => {
    expect(repetitionWeight("a{3}b{4}")).toBe(7);
    expect(repetitionWeight("(a{10}){10}")).toBe(100);
    expect(repetitionWeight("(?:ab){5}")).toBe(5);
    expect(repetitionWeight("[{]{2}\\{3}\\Q{9}\\E")).toBe(2);
    expect(repetitionWeight("\\p{Greek}{2,7}")).toBe(7);
    expect(repetitionWeight("a{2,}")).toBe(2);
  });
});

describe("checkUrlTemplate", () => {
  it("accepts Zulip's valid templates", () => {
    const valid: [string, string[]][] = [
      ["https://example.com/{foo}", ["foo"]],
      ["https://example.com/{foo}{bars}", ["foo", "bars"]],
      ["https://example.com/?foo={foo}", ["foo"]],
      ["https://example.com/%ab/{x}", ["x"]],
      ["https://example.com/foo[bar]", []],
      ["https://example.com{/foo,bar,baz}", ["foo", "bar", "baz"]],
      ["https://example.com/{?foo*}", ["foo"]],
      ["https://example.com/{+foo,bar}", ["foo", "bar"]],
      ["https://chat{.domain}.com/{#foo}", ["domain", "foo"]],
      [
        "https://zone_{zone}{.domain}.net/ticket{/location}{/id}{?name,chapter}{#fragment:5}",
        ["zone", "domain", "location", "id", "name", "chapter", "fragment"],
      ],
      ["mailto:{user}@example.com", ["user"]],
    ];
    for (const [template, groups] of valid) {
      expect(
        messageOf(() => {
          checkUrlTemplate(template, groups);
        }),
        template,
      ).toBe("no error");
    }
  });

  it.each([
    "https://example.com/{foo",
    "https://example.com/{{}",
    "https://example.com/{//foo}",
    "https://example.com/{bar++}",
    "https://example.com/}",
    "https://example.com/{=foo}",
    "https://example.com/a b/{foo}",
    "{id",
  ])("refuses the malformed template %s", (template) => {
    expect(
      messageOf(() => {
        checkUrlTemplate(template, ["foo"]);
      }),
    ).toBe("Invalid URL template.");
  });

  it("requires the template variables to equal the named groups", () => {
    expect(
      messageOf(() => {
        checkUrlTemplate("https://x/{hello}", ["id"]);
      }),
    ).toBe("Group 'hello' in URL template is not present in linkifier pattern.");
    expect(
      messageOf(() => {
        checkUrlTemplate("https://x/{hello}", ["id", "hello"]);
      }),
    ).toBe("Group 'id' in linkifier pattern is not present in URL template.");
    expect(
      messageOf(() => {
        checkUrlTemplate("https://x/", ["id"]);
      }),
    ).toBe("Group 'id' in linkifier pattern is not present in URL template.");
    expect(
      messageOf(() => {
        checkUrlTemplate("https://x/{id}", ["num"]);
      }),
    ).toBe("Group 'id' in URL template is not present in linkifier pattern.");
  });

  it.each([
    ["javascript:alert({id})", ["id"]],
    ["data:{id}", ["id"]],
    ["{+x}", ["x"]],
    ["{#x}", ["x"]],
    ["{x}", ["x"]],
    ["{+x}/path", ["x"]],
    ["{x}mpp:{y}", ["x", "y"]],
    ["htt{x}://example.com", ["x"]],
    ["/relative/{id}", ["id"]],
    ["file:///etc/{id}", ["id"]],
    ["$not_a_url$", []],
  ])("refuses the template %s whose scheme is not safe", (template, groups) => {
    expect(
      messageOf(() => {
        checkUrlTemplate(template, groups);
      }),
    ).toBe("URL scheme not allowed");
  });

  it("keeps https templates with reserved expansion after the scheme", () => {
    expect(
      messageOf(() => {
        checkUrlTemplate("https://h/{+x}", ["x"]);
      }),
    ).toBe("no error");
  });
});

describe("format strings", () => {
  it("converts [OLD] %(x)s strings to templates and back", () => {
    expect(formatStringToTemplate("https://x/%(id)s/%(name)s")).toBe("https://x/{id}/{name}");
    expect(formatStringToTemplate("https://x/100%%/%(id)s")).toBe("https://x/100%/{id}");
    expect(templateToFormatString("https://x/{id}/{+name}")).toBe("https://x/%(id)s/%(name)s");
    expect(templateToFormatString("https://x/%20{id}")).toBe("https://x/%%20%(id)s");
  });

  it.each(["https://x/%(id)d", "https://x/%s", "https://x/%20", "https://x/{id}", "https://x/%("])(
    "refuses the format string %s",
    (format) => {
      expect(messageOf(() => formatStringToTemplate(format))).toBe("Invalid format string in URL.");
    },
  );

  it("parses templates into literals and expressions", () => {
    expect(parseUrlTemplate("a{b}c{+d,e*}")).toEqual({
      literals: ["a", "c", ""],
      expressions: [
        { operator: "", variables: ["b"] },
        { operator: "+", variables: ["d", "e"] },
      ],
    });
  });
});
