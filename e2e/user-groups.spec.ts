import { expect, test, type Page } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { expectAccessible } from "./support/axe";
import { logIn, openStream } from "./support/reader";

// The user groups page: the demo groups with descriptions and members (with presence), a
// filter, a member's card, a group created elsewhere appearing live, and the same groups in
// the compose box's `@` typeahead.

const DEMO_GROUPS = [
  ["design", "Look and feel.", ["Cordelia", "Desdemona"]],
  ["engineering", "Builders of Parley.", ["Iago", "King Hamlet", "Othello", "Prospero"]],
  ["leadership", "The people who run the place.", ["Desdemona", "Iago", "King Hamlet"]],
  ["support", "Helping our users.", ["Cordelia", "Othello", "Prospero"]],
] as const;

/** `POST user_groups/create` as Iago (an administrator), with Viola as the only member. */
async function createGroupAsIago(baseURL: string, name: string, description: string) {
  const iago = await apiUser(baseURL, "iago@parley.test");
  const viola = (await iago.userIds()).get("viola@parley.test");
  if (viola === undefined) throw new Error("Viola is missing from the demo organisation");
  await iago.call("POST", "user_groups/create", {
    name,
    description,
    members: JSON.stringify([viola]),
  });
}

/** The names of the groups the page lists, in order. */
function listedGroups(page: Page) {
  return page
    .getByRole("main")
    .getByRole("list", { name: "User groups" })
    .getByRole("heading", { level: 2 });
}

test("the user groups view: demo groups with members, the filter, a card, a new group live", async ({
  page,
  baseURL,
}) => {
  await logIn(page, "", "hamlet@parley.test");
  await page
    .getByRole("navigation", { name: "Organization" })
    .getByRole("link", { name: "User groups" })
    .click();
  await expect(page).toHaveURL(/#organization\/user-groups$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "User groups" })).toBeVisible();

  const groups = main.getByRole("list", { name: "User groups" });
  for (const [name, description, members] of DEMO_GROUPS) {
    const card = groups.getByRole("listitem", { name, exact: true });
    await expect(card).toContainText(description);
    await expect(card).toContainText(`${members.length} members`);
    const buttons = card.getByRole("list", { name: `Members of ${name}` }).getByRole("button");
    await expect(buttons).toHaveCount(members.length);
    for (const [index, member] of members.entries()) {
      // Each member with their presence in words.
      await expect(buttons.nth(index)).toHaveAccessibleName(
        new RegExp(`^${member}, (Active|Idle|Offline)$`),
      );
    }
  }
  // Hamlet's own tab reports him active.
  await expect(
    groups
      .getByRole("listitem", { name: "engineering", exact: true })
      .getByRole("button", { name: "King Hamlet, Active" }),
  ).toBeVisible();
  // System groups stay out, as in Zulip's UI.
  await expect(main.getByText(/role:/)).toHaveCount(0);

  // The filter: by description, then by a member's name.
  const filter = main.getByRole("searchbox", { name: "Filter groups" });
  await filter.fill("look and feel");
  await expect(listedGroups(page)).toHaveText(["design"]);
  await filter.fill("cordelia");
  await expect(listedGroups(page)).toHaveText(["design", "support"]);

  // A member's card.
  await groups
    .getByRole("listitem", { name: "support", exact: true })
    .getByRole("button", { name: /^Cordelia, / })
    .click();
  const card = page.getByRole("dialog", { name: "Cordelia" });
  await expect(card).toBeVisible();
  await expect(card.getByText("cordelia@parley.test")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(card).toBeHidden();

  // A group made elsewhere appears without a reload.
  await filter.fill("");
  const name = `qa-${Date.now().toString(36)}`;
  await createGroupAsIago(baseURL ?? "", name, "Made by the user groups spec.");
  const created = groups.getByRole("listitem", { name, exact: true });
  await expect(created).toContainText("Made by the user groups spec.");
  await expect(created.getByRole("button", { name: /^Viola, / })).toBeVisible();
  await filter.fill(name);
  await expect(listedGroups(page)).toHaveText([name]);

  // No serious accessibility problem on the page, in either theme.
  await filter.fill("");
  await expectAccessible(page, ".group-directory", { switchBy: "attribute" });

  // Group mentions in compose use the same groups.
  await openStream(page, "general");
  const composer = page.getByRole("textbox", { name: "Message" });
  await composer.click();
  await composer.pressSequentially(`@${name.slice(0, 6)}`);
  await expect(
    page
      .getByRole("listbox", { name: "People and groups" })
      .getByRole("option", { name: new RegExp(name) }),
  ).toBeVisible();
  await composer.press("Escape");
  await composer.fill("");
});
