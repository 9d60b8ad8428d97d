import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { emojiFolder } from "../actions/emoji";
import { hashPassword } from "../actions/password";
import type { AppContext } from "../context";
import { insertEmoji, insertLinkifier } from "../db/realm";
import { addGroupMembers, findUserGroupByName, insertUserGroup } from "../db/user-groups";
import { findUserByEmail } from "../db/users";
import { PROJECT_ROOT } from "../project-root";
import {
  DEMO_DOMAIN,
  DEMO_EMOJI,
  DEMO_LINKIFIERS,
  DEMO_PASSWORD,
  DEMO_USER_GROUPS,
} from "./demo-org";

const DEMO_EMOJI_FOLDER = join(PROJECT_ROOT, "public", "emoji");

let demoHash: Promise<string> | undefined;
/**
 * The hash every demo person gets. Computed once per process (scrypt is deliberately slow and
 * tests seed many servers); a shared salt reveals nothing, since the password is published.
 */
export function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

async function demoUserId(ctx: AppContext, localPart: string): Promise<number> {
  const user = await findUserByEmail(ctx.db, `${localPart}@${DEMO_DOMAIN}`);
  if (!user) throw new Error(`demo user ${localPart} missing`);
  return user.id;
}

/**
 * Seeds the demo linkifiers, custom emoji (copying their images into the emoji folder) and
 * user groups. Runs inside the seed's transaction.
 */
export async function seedRealmObjects(ctx: AppContext): Promise<void> {
  for (const [pattern, template] of DEMO_LINKIFIERS) {
    await insertLinkifier(ctx.db, pattern, template);
  }
  const folder = await emojiFolder(ctx);
  for (const [name, author] of DEMO_EMOJI) {
    const { fileName } = await insertEmoji(ctx.db, name, "png", await demoUserId(ctx, author));
    await copyFile(join(DEMO_EMOJI_FOLDER, `${name}.png`), join(folder, fileName));
  }
  const everyone = await findUserGroupByName(ctx.db, "role:everyone");
  for (const group of DEMO_USER_GROUPS) {
    const id = await insertUserGroup(ctx.db, {
      name: group.name,
      description: group.description,
      canMentionGroup: everyone?.id ?? null,
    });
    const members: number[] = [];
    for (const member of group.members) members.push(await demoUserId(ctx, member));
    await addGroupMembers(ctx.db, id, members);
  }
}
