import { expect, test, type Page } from "@playwright/test";
import { DOMPURIFY_CORPUS, dompurifyCases, flagVariant } from "../src/test/attacks/corpus";
import { needsCorpora } from "./support/corpora";
import { logIn, openStreamAtNewest } from "./support/reader";

// The compose preview renders what is typed with the Markdown renderer and shows it through the
// sanitising message body. Hostile input typed there (security notes §7 and DOMPurify's corpus)
// must not open a dialog, run script (`window.__pwned`) or make a request to another origin.

/** Markdown inputs of security notes §7 (1–4, 9, 10, 13, 16, 23). */
const NOTES_INPUTS = [
  "<img src=x onerror=alert(1)>",
  "[x](javascript:alert(1)) [x](JaVaScRiPt:alert(1)) [x](java&#x09;script:alert(1)) [x]( javascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD4=) [y](vbscript:msgbox(1))",
  '<https://ok.example/" onmouseover="alert(1)>',
  "[x](https://evil.example) [y](//evil.example/path) [z](/user_uploads/../api/v1/users/me/api_key/regenerate)",
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<math><mtext><mglyph><style><!--</style><img src onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<form id=x><input name=attributes> <img name=createElement>",
  ':"><img src=x onerror=alert(1)>: :zulip: :nope:',
  '@**"><img src=x>|99999** #**s>t"><b>**',
  'foo https://a.example/"><script>alert(1)</script>',
  "![img](https://evil.example/pixel.png) ![js](javascript:alert(1))",
];

/** About 30 of DOMPurify's payloads that try to run script, spread over the corpus. */
function corpusSample(): string[] {
  const scripted = dompurifyCases()
    .map((item) => item.payload)
    .filter((payload) => /alert|on\w+=|script/i.test(payload) && !payload.includes("\u0000"));
  const step = Math.max(1, Math.floor(scripted.length / 30));
  return scripted.filter((_, index) => index % step === 0).slice(0, 30);
}

function watch(page: Page, origin: string, events: string[]): void {
  page.on("dialog", (dialog) => {
    events.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("popup", (popup) => events.push(`popup ${popup.url()}`));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.origin !== origin) {
      events.push(`request to ${request.url()}`);
    }
  });
}

needsCorpora([DOMPURIFY_CORPUS]);

test("hostile input in the compose preview shows as text: no dialog, no script, no request out", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const events: string[] = [];
  watch(page, new URL(baseURL ?? "http://invalid").origin, events);
  await logIn(page, "", "horatio@parley.test");
  await openStreamAtNewest(page, "support");

  const composer = page.getByRole("textbox", { name: "Message" });
  const write = page.getByRole("tab", { name: "Write" });
  const preview = page.getByRole("tab", { name: "Preview" });
  const panel = page.getByRole("tabpanel", { name: "Preview" });
  const payloads = [...NOTES_INPUTS, ...corpusSample()].map(flagVariant);
  expect(payloads.length).toBeGreaterThanOrEqual(40);

  for (const payload of payloads) {
    await composer.fill(payload);
    await preview.click();
    await expect(preview).toHaveAttribute("aria-selected", "true");
    await expect(panel.locator(".message-body")).toBeAttached();
    // Whatever the body holds, nothing in it may carry a handler or a script URL.
    const unsafe = await panel.evaluate((root) =>
      Array.from(root.querySelectorAll("*")).flatMap((element) =>
        Array.from(element.attributes)
          .filter(
            (attribute) =>
              /^on/i.test(attribute.name) ||
              /^\s*(javascript|vbscript|data:text)/i.test(attribute.value),
          )
          .map((attribute) => `<${element.tagName} ${attribute.name}="${attribute.value}">`),
      ),
    );
    expect(unsafe, payload).toEqual([]);
    expect(await panel.locator("script, iframe, object, embed, form").count(), payload).toBe(0);
    await write.click();
  }

  // Let late image loads and handlers have their chance before concluding.
  await page.waitForTimeout(1_000);
  expect(events).toEqual([]);
  expect(await page.evaluate((): unknown => Reflect.get(window, "__pwned"))).toBeUndefined();
  await composer.fill("");
});
