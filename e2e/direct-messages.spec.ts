import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./support/test";
import { expectConnectionState, logInFresh } from "./support/reader";

// Direct messages written from All messages with the recipient typeahead: to one person, and to
// two (a group conversation). The recipients see them live, in the right conversation.

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Every user's id by email, read through the API as `email`. */
async function userIds(request: APIRequestContext, email: string): Promise<Map<string, number>> {
  const keyAnswer = await request.post("/api/v1/dev_fetch_api_key", { form: { username: email } });
  const { api_key: key } = (await keyAnswer.json()) as { api_key: string }; // the server's JSON
  const authorization = `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`;
  const answer = await request.get("/api/v1/users", { headers: { Authorization: authorization } });
  // The server's JSON answer to GET /users.
  const { members } = (await answer.json()) as { members: { email: string; user_id: number }[] };
  return new Map(members.map((member) => [member.email, member.user_id]));
}

function idOf(ids: Map<string, number>, name: string): number {
  const id = ids.get(`${name}@parley.test`);
  if (id === undefined) throw new Error(`no user ${name}`);
  return id;
}

/** Opens a narrow by its hash and waits for its title, the live connection and the newest. */
async function openHash(page: Page, hash: string, title: string): Promise<void> {
  await page.evaluate((value) => {
    window.location.hash = value;
  }, hash);
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expectConnectionState(page, "live");
  const jump = page.getByRole("button", { name: "Jump to newest" });
  if (await jump.isVisible()) await jump.click();
}

/** Adds recipients through the typeahead: type part of a name, Enter picks the first match. */
async function addRecipients(page: Page, parts: readonly string[]): Promise<void> {
  await page.getByRole("button", { name: "Direct message" }).click();
  const recipients = page.getByRole("combobox", { name: "Recipients" });
  for (const part of parts) {
    await recipients.fill(part);
    await expect(
      page.getByRole("listbox", { name: "People" }).getByRole("option").first(),
    ).toBeVisible();
    await recipients.press("Enter");
    await expect(recipients).toHaveValue("");
  }
}

function messagesWith(page: Page, sender: string, text: string) {
  return page
    .getByRole("list", { name: "Messages" })
    .getByRole("article", { name: `Message from ${sender}` })
    .filter({ hasText: text });
}

test("a direct message to one person, chosen by typeahead, arrives live in their conversation", async ({
  browser,
  request,
}) => {
  // Two or three people logged in at once: more than the default time on a busy machine.
  test.setTimeout(60_000);
  const ids = await userIds(request, "viola@parley.test");
  const viola = await logInFresh(browser, "viola@parley.test");
  const horatio = await logInFresh(browser, "horatio@parley.test");
  await openHash(horatio, `#narrow/dm/${idOf(ids, "viola")}-dm`, "Viola");
  await openHash(viola, "#all_messages", "All messages");

  await addRecipients(viola, ["hora"]);
  const chosen = viola.getByRole("list", { name: "Recipients chosen" });
  await expect(chosen.getByRole("listitem")).toHaveText(["Horatio"]);
  const text = unique("Just between us");
  const composer = viola.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");

  await expect(messagesWith(horatio, "Viola", text)).toHaveCount(1);
  const sent = viola.getByRole("status").filter({ hasText: "Sent to" });
  await expect(sent).toHaveText("Sent to Horatio");
  await sent.getByRole("link").click();
  await expect(
    viola.getByRole("heading", { level: 1, name: "Horatio", exact: true }),
  ).toBeVisible();
  await expect(messagesWith(viola, "Viola", text)).toHaveCount(1);
});

test("a group message to two people reaches both, in the three-person conversation", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const ids = await userIds(request, "rosalind@parley.test");
  const rosalindId = idOf(ids, "rosalind");
  const cordeliaId = idOf(ids, "cordelia");
  const prosperoId = idOf(ids, "prospero");
  const sorted = (a: number, b: number) => (a < b ? [a, b] : [b, a]).join(",");
  const names = new Map([
    [rosalindId, "Rosalind"],
    [cordeliaId, "Cordelia"],
    [prosperoId, "Prospero"],
  ]);
  const title = (a: number, b: number) =>
    (a < b ? [a, b] : [b, a]).map((id) => names.get(id)).join(", ");

  const rosalind = await logInFresh(browser, "rosalind@parley.test");
  const cordelia = await logInFresh(browser, "cordelia@parley.test");
  const prospero = await logInFresh(browser, "prospero@parley.test");
  await openHash(
    cordelia,
    `#narrow/dm/${sorted(rosalindId, prosperoId)}-group`,
    title(rosalindId, prosperoId),
  );
  await openHash(
    prospero,
    `#narrow/dm/${sorted(rosalindId, cordeliaId)}-group`,
    title(rosalindId, cordeliaId),
  );
  await openHash(rosalind, "#all_messages", "All messages");

  await addRecipients(rosalind, ["cord", "prosp"]);
  // A chip goes with Backspace in the empty box, and comes back through the typeahead.
  const chosen = rosalind.getByRole("list", { name: "Recipients chosen" });
  await rosalind.getByRole("combobox", { name: "Recipients" }).press("Backspace");
  await expect(chosen.getByRole("listitem")).toHaveText(["Cordelia"]);
  await addRecipients(rosalind, ["prosp"]);
  await expect(chosen.getByRole("listitem")).toHaveText(["Cordelia", "Prospero"]);

  const text = unique("To both of you");
  const composer = rosalind.getByRole("textbox", { name: "Message" });
  await composer.fill(text);
  await composer.press("Enter");
  await expect(composer).toHaveValue("");

  await expect(messagesWith(cordelia, "Rosalind", text)).toHaveCount(1);
  await expect(messagesWith(prospero, "Rosalind", text)).toHaveCount(1);
  const sent = rosalind.getByRole("status").filter({ hasText: "Sent to" });
  await sent.getByRole("link").click();
  await expect(
    rosalind.getByRole("heading", { level: 1, name: title(cordeliaId, prosperoId), exact: true }),
  ).toBeVisible();
  await expect(messagesWith(rosalind, "Rosalind", text)).toHaveCount(1);
});
