import type { AppContext } from "../context";
import {
  findUserByEmail,
  insertUser,
  NOTIFICATION_BOT_EMAIL,
  ROLE,
  type UserRow,
} from "../db/users";
import { generateApiKey } from "./api-key";

/**
 * The Notification Bot, created on first need (a database seeded before it existed has none).
 * Zulip's system bots are generic bots (`bot_type` 1) with no owner; nobody logs in as one
 * (no password), and its API key is never handed out.
 */
export async function notificationBot(ctx: AppContext): Promise<UserRow> {
  const found = await findUserByEmail(ctx.db, NOTIFICATION_BOT_EMAIL);
  if (found) return found;
  await insertUser(ctx.db, {
    email: NOTIFICATION_BOT_EMAIL,
    fullName: "Notification Bot",
    role: ROLE.member,
    isBot: true,
    botType: 1,
    apiKey: generateApiKey(),
    dateJoined: Math.floor(ctx.clock.now() / 1000),
  });
  const created = await findUserByEmail(ctx.db, NOTIFICATION_BOT_EMAIL);
  if (!created) throw new Error("the Notification Bot could not be created");
  return created;
}
