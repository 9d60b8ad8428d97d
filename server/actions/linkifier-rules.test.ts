import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import {
  checkPattern,
  checkUrlTemplate,
  formatStringToTemplate,
  templateToFormatString,
} from "./linkifier-rules";

// The rules themselves are tested in common/markdown/linkifier-rules.test.ts; here, that each
// problem becomes Zulip's 400 with the message under the right field of `errors`.

interface Refusal {
  status: number;
  code: string;
  message: string;
  extra: unknown;
}

function refusalOf(action: () => unknown): Refusal {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) {
      return { status: error.status, code: error.code, message: error.message, extra: error.extra };
    }
    throw error;
  }
  return { status: 200, code: "", message: "no error", extra: undefined };
}

function badRequest(field: string, message: string): Refusal {
  return { status: 400, code: "BAD_REQUEST", message, extra: { errors: { [field]: [message] } } };
}

describe("checkPattern", () => {
  it("returns the named groups of a good pattern", () => {
    expect(checkPattern("#(?P<id>[0-9]+)")).toEqual(["id"]);
  });

  it("throws a bad pattern's 400 under `pattern`", () => {
    expect(refusalOf(() => checkPattern("(foo"))).toEqual(
      badRequest("pattern", "Bad regular expression: missing closing ): `(foo`"),
    );
    expect(refusalOf(() => checkPattern(""))).toEqual(
      badRequest("pattern", "This field cannot be blank."),
    );
  });
});

describe("checkUrlTemplate", () => {
  it("passes a template that matches the groups", () => {
    expect(
      refusalOf(() => {
        checkUrlTemplate("https://x/{id}", ["id"]);
      }).message,
    ).toBe("no error");
  });

  it("throws under `url_template` or `__all__`, as Zulip does", () => {
    expect(
      refusalOf(() => {
        checkUrlTemplate("https://x/{id", ["id"]);
      }),
    ).toEqual(badRequest("url_template", "Invalid URL template."));
    expect(
      refusalOf(() => {
        checkUrlTemplate("data:{id}", ["id"]);
      }),
    ).toEqual(badRequest("url_template", "URL scheme not allowed"));
    expect(
      refusalOf(() => {
        checkUrlTemplate("https://x/{hello}", ["id"]);
      }),
    ).toEqual(
      badRequest("__all__", "Group 'hello' in URL template is not present in linkifier pattern."),
    );
  });
});

describe("format strings", () => {
  it("converts an [OLD] format string, or throws its 400 under `url_format_string`", () => {
    expect(formatStringToTemplate("https://x/%(id)s")).toBe("https://x/{id}");
    expect(templateToFormatString("https://x/{id}")).toBe("https://x/%(id)s");
    expect(refusalOf(() => formatStringToTemplate("https://x/%s"))).toEqual(
      badRequest("url_format_string", "Invalid format string in URL."),
    );
  });
});
