import { expect, test } from "@playwright/test";
import { apiUser } from "./support/api-user";
import { logIn } from "./support/reader";

// The narrow lives in the URL: a topic URL opened directly shows the topic, survives a reload,
// and back/forward move between narrows.

test("a narrow URL opens directly, survives a reload, and history moves between narrows", async ({
  page,
  baseURL,
}) => {
  const iago = await apiUser(baseURL ?? "", "iago@parley.test");
  const generalId = (await iago.streamIds()).get("general");
  if (generalId === undefined) throw new Error("no stream general");
  const topic = `reload ${Date.now().toString(36)}`;
  const text = `A message to reload on ${topic}`;
  await iago.sendStream("general", topic, text);
  const topicHash = `#narrow/stream/${generalId}-general/topic/${encodeURIComponent(topic).replace(/%/g, ".")}`;

  await logIn(page, "", "rosalind@parley.test");
  await page.goto(`/${topicHash}`);
  const heading = page.getByRole("heading", { level: 1 });
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(heading).toHaveText(`#general > ${topic}`);
  await expect(messages.getByText(text)).toBeVisible();

  await page.reload();
  await expect(heading).toHaveText(`#general > ${topic}`);
  await expect(messages.getByText(text)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`#general > ${topic} - Parley$`));

  // Another narrow, from the sidebar; then back and forward.
  await page
    .getByRole("navigation", { name: "Streams" })
    .getByRole("link", { name: "random", exact: true })
    .click();
  await expect(heading).toHaveText("#random");
  await page.goBack();
  await expect(heading).toHaveText(`#general > ${topic}`);
  await expect(messages.getByText(text)).toBeVisible();
  await page.goForward();
  await expect(heading).toHaveText("#random");
});
