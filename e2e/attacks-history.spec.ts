import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { narrowToHash, topicNarrow } from "../src/lib/narrow";
import { DOMPURIFY_CORPUS, dompurifyCases, flagVariant } from "../src/test/attacks/corpus";
import { needsCorpora } from "./support/corpora";
import { apiUser } from "./support/api-user";

// Hostile content and topics through the edit-history dialog in Chromium: each message is sent
// harmless, edited into a payload (and moved from a hostile topic), then edited back, so the
// dialog renders the payload as a version, as inserted text and as deleted text of the server's
// diff. No dialog may open, no script run (`window.__pwned`), no request leave the origin.

const AUTHOR = "iago@parley.test";
const STREAM = "general";

/** The worst of DOMPurify's corpus (mXSS, namespace confusion, clobbering) by index. */
const WORST = [
  37, 38, 39, 41, 42, 44, 45, 47, 49, 50, 56, 60, 97, 98, 107, 124, 143, 179, 181, 184, 193, 194,
  195, 196, 197, 199, 200, 201, 202, 205, 206,
];

/** Markdown inputs of security notes §7 (1–4, 9, 11, 13, 16, 23). */
const NOTES_INPUTS = [
  "<img src=x onerror=alert(1)>",
  "[x](javascript:alert(1)) [x](JaVaScRiPt:alert(1)) [x](java&#x09;script:alert(1)) [x]( javascript:alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD4=) [y](vbscript:msgbox(1))",
  '<https://ok.example/" onmouseover="alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<math><mtext><mglyph><style><!--</style><img src onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<p>text</p><img src="a">',
  ':"><img src=x onerror=alert(1)>: :zulip: :nope:',
  '@**"><img src=x>|99999** #**s>t"><b>**',
  'foo https://a.example/"><script>alert(1)</script>',
];

/** Topics a message is moved from: hostile text, each a valid topic (≤ 60, no controls). */
const HOSTILE_TOPICS = [
  "<img src=x onerror=alert(1)>",
  'foo https://a.example/"><script>',
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
  "\u202Eevil topic",
];

function payloads(): string[] {
  const cases = dompurifyCases();
  const worst = WORST.flatMap((index) => {
    const payload = cases[index]?.payload;
    return payload === undefined ? [] : [payload];
  });
  return [...worst, ...NOTES_INPUTS].map(flagVariant).filter((payload) => payload.trim() !== "");
}

/** Edits a message through the API (the app's own editor is tested in edit-history.spec). */
async function editer(request: APIRequestContext, email: string) {
  const response = await request.post("/api/v1/dev_fetch_api_key", { form: { username: email } });
  const body: unknown = await response.json();
  const key =
    typeof body === "object" && body !== null && "api_key" in body ? body.api_key : undefined;
  if (typeof key !== "string") throw new Error(`no dev API key for ${email}`);
  const headers = { Authorization: `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}` };
  return async (id: number, form: Record<string, string>): Promise<void> => {
    const result = await request.fetch(`/api/v1/messages/${id}`, {
      method: "PATCH",
      form,
      headers,
    });
    expect(result.status(), `PATCH messages/${id}: ${await result.text()}`).toBe(200);
  };
}

/** Every `on…` attribute inside the element (there must be none). */
function handlerAttributes(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluate((node) =>
      Array.from(node.querySelectorAll("*")).flatMap((element) =>
        element.getAttributeNames().filter((name) => name.toLowerCase().startsWith("on")),
      ),
    );
}

/** Logs in and records dialogs, popups and requests to other origins. */
async function watchedPage(page: Page, origin: string, events: string[]): Promise<void> {
  page.on("dialog", (dialog) => {
    events.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== origin) events.push(`request to ${request.url()}`);
  });
  page.on("popup", (popup) => events.push(`popup ${popup.url()}`));
  await page.goto("/");
  await page.getByRole("button", { name: /iago@parley\.test/ }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

needsCorpora([DOMPURIFY_CORPUS]);

test("hostile edits render in the edit-history dialog without running", async ({
  page,
  request,
  baseURL,
}) => {
  // Every payload is sent, edited twice and opened in the dialog: 40 s on a quiet machine, over
  // three minutes on a loaded one (a CI run timed out at 180 s), hence the room.
  test.setTimeout(360_000);
  const api = await apiUser(baseURL ?? "", AUTHOR);
  const edit = await editer(request, AUTHOR);
  const run = Date.now().toString(36);
  const topic = `history-attacks-${run}`;
  const all = payloads();
  const ids: number[] = [];
  for (const [index, payload] of all.entries()) {
    const from = HOSTILE_TOPICS[index % HOSTILE_TOPICS.length] ?? topic;
    const first = index % 3 === 0 ? `${from} ${run}` : topic;
    const id = await api.sendStream(STREAM, first, "harmless words here");
    // Without the Notification Bot's "moved here" notice, which would join the topic's rows.
    await edit(id, {
      content: payload,
      topic,
      propagate_mode: "change_one",
      send_notification_to_new_thread: "false",
    });
    await edit(id, { content: "harmless words again" });
    ids.push(id);
  }

  const events: string[] = [];
  await watchedPage(page, new URL(baseURL ?? "http://127.0.0.1").origin, events);
  const generalId = (await api.streamIds()).get(STREAM) ?? 0;
  await page.evaluate(
    (hash) => {
      window.location.hash = hash;
    },
    narrowToHash(topicNarrow(generalId, STREAM, topic)),
  );
  await expect(page.getByRole("list", { name: "Messages" }).getByRole("article")).toHaveCount(
    ids.length,
  );

  for (const id of ids) {
    const row = page.locator(`li[data-message-id="${id}"]`);
    // Selected by a click, its menu opened with `i`. Not by hovering for the toolbar: a hover
    // near the bottom can be followed by the list settling on the newest message, which moves
    // the row from under the pointer, and its toolbar hides before it can be clicked (a CI run
    // and a local one waited out the test's whole timeout so).
    await row.locator(".message-body").click();
    await expect(row).toHaveAttribute("data-selected", "true");
    await page.keyboard.press("i");
    await page.getByRole("menuitem", { name: "View edit history" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit history" });
    const cards = dialog.getByRole("list", { name: "Versions" }).getByRole("listitem");
    await expect(cards).toHaveCount(3);
    // The diffs of both edits (the payload inserted, then deleted), then every version whole.
    expect(await handlerAttributes(page, ".edit-history-dialog"), `diff of ${id}`).toEqual([]);
    await dialog.getByRole("radio", { name: "Plain versions" }).check();
    await expect(dialog.locator(".highlight_text_inserted")).toHaveCount(0);
    expect(await handlerAttributes(page, ".edit-history-dialog"), `versions of ${id}`).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
  // Give late image loads and handlers a moment before concluding.
  await page.waitForTimeout(1_000);

  expect(events).toEqual([]);
  expect(await page.evaluate((): unknown => Reflect.get(window, "__pwned"))).toBeUndefined();
});
