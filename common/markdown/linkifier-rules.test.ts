import { describe, expect, it } from "vitest";
import {
  checkPattern,
  checkUrlTemplate,
  formatStringToTemplate,
  parseUrlTemplate,
  repetitionWeight,
  templateToFormatString,
} from "./linkifier-rules";

// The messages are the server's (and Zulip's, where Zulip has the rule): the server's 400s and
// the client form's inline errors both come from here.

describe("checkPattern", () => {
  it("returns the named groups of an RE2 pattern", () => {
    expect(checkPattern("#(?P<id>[0-9]+)")).toEqual({ groups: ["id"] });
    expect(checkPattern("(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>\\d+)")).toEqual({
      groups: ["org", "repo", "id"],
    });
    expect(checkPattern("(a+)+b")).toEqual({ groups: [] });
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
  ])("refuses the hostile pattern %s", (pattern, error) => {
    expect(checkPattern(pattern)).toEqual({ error });
  });

  it("refuses patterns whose counted repeats cost too much", () => {
    for (const pattern of ["(?i)\\w{1000}!", "x{101}", "(a{11}){10}", "\\d{60}\\w{60}"]) {
      expect(checkPattern(pattern), pattern).toEqual({
        error: "Bad regular expression: repetition counts too large (at most 100 in total)",
      });
    }
    expect(checkPattern("(?P<y>[0-9]{4})-(?P<m>[0-9]{2})")).toEqual({ groups: ["y", "m"] });
    expect(checkPattern("x{100}")).toEqual({ groups: [] });
  });

  it("refuses patterns too complex for RE2's program limit", () => {
    // Within the repetition budget (90), but RE2 unrolls it into about 2,250 instructions.
    expect(checkPattern("(?:abcdefghijklmnopqrstuvwxy){90}")).toEqual({
      error: "Bad regular expression: pattern too complex",
    });
    expect(checkPattern("(?:abcdefghij){90}")).toEqual({ groups: [] });
  });

  it("refuses blank and overlong patterns", () => {
    expect(checkPattern("")).toEqual({ error: "This field cannot be blank." });
    expect(checkPattern("a".repeat(1001))).toEqual({
      error: "Ensure this value has at most 1000 characters (it has 1001).",
    });
  });

  it("accepts group names that are Object.prototype keys", () => {
    expect(checkPattern("(?P<name>a)(?P<__proto__>b)(?P<constructor>c)")).toEqual({
      groups: ["name", "__proto__", "constructor"],
    });
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
      ["https://example.com{/foo,bar}", ["foo", "bar"]],
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
      expect(checkUrlTemplate(template, groups), template).toBeUndefined();
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
    "https://x/a b/{foo}",
    "{id",
  ])("refuses the malformed template %s", (template) => {
    expect(checkUrlTemplate(template, ["foo"])).toEqual({
      field: "url_template",
      error: "Invalid URL template.",
    });
  });

  it("refuses blank and overlong templates", () => {
    expect(checkUrlTemplate("", [])).toEqual({
      field: "url_template",
      error: "This field cannot be blank.",
    });
    expect(checkUrlTemplate(`https://x/${"a".repeat(1015)}`, [])).toEqual({
      field: "url_template",
      error: "Ensure this value has at most 1024 characters (it has 1025).",
    });
  });

  it("requires the template variables to equal the named groups", () => {
    const notInPattern = (name: string) => ({
      field: "__all__",
      error: `Group '${name}' in URL template is not present in linkifier pattern.`,
    });
    const notInTemplate = (name: string) => ({
      field: "__all__",
      error: `Group '${name}' in linkifier pattern is not present in URL template.`,
    });
    expect(checkUrlTemplate("https://x/{hello}", ["id"])).toEqual(notInPattern("hello"));
    expect(checkUrlTemplate("https://x/{hello}", ["id", "hello"])).toEqual(notInTemplate("id"));
    expect(checkUrlTemplate("https://x/", ["id"])).toEqual(notInTemplate("id"));
    expect(checkUrlTemplate("https://x/{id}", ["num"])).toEqual(notInPattern("id"));
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
    expect(checkUrlTemplate(template, groups)).toEqual({
      field: "url_template",
      error: "URL scheme not allowed",
    });
  });

  it("keeps https templates with reserved expansion after the scheme", () => {
    expect(checkUrlTemplate("https://h/{+x}", ["x"])).toBeUndefined();
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
      expect(formatStringToTemplate(format)).toBeUndefined();
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
