import { topicLinks, type RenderContext } from "../../common/markdown/render";
import type { UploadImage } from "../../common/markdown/types";
import type { Queryable } from "../db/database";
import { findImagesByPathIds } from "../db/image-attachments";
import type { UserSettings } from "../../common/wire/settings";
import { listEmoji, listLinkifiers } from "../db/realm";
import { loadUserSettings } from "../db/user-settings";
import { listUsers } from "../db/users";
import { emojiSourceUrl } from "../format/emoji";
import { defaultFormat } from "../thumbnails/formats";

/** What the renderer needs that is the same for every sender. */
type SharedContext = Omit<RenderContext, "streams"> & {
  streams: readonly { id: number; name: string; invite_only: boolean }[];
};

async function loadShared(db: Queryable): Promise<SharedContext> {
  const [users, groups, streams, emoji, linkifiers] = await Promise.all([
    listUsers(db),
    db.query<{ id: number; name: string }>(
      "SELECT id, name FROM user_groups WHERE NOT is_system_group AND NOT deactivated ORDER BY id",
    ),
    db.query<{ id: number; name: string; invite_only: boolean }>(
      "SELECT id, name, invite_only FROM streams ORDER BY id",
    ),
    listEmoji(db),
    listLinkifiers(db),
  ]);
  return {
    users: users
      .filter((u) => u.is_active)
      .map((u) => ({ id: u.id, full_name: u.full_name, email: u.email })),
    groups,
    streams,
    customEmoji: emoji.map((e) => ({
      id: String(e.id),
      name: e.name,
      source_url: emojiSourceUrl(e.file_name),
      deactivated: e.deactivated,
    })),
    linkifiers: linkifiers.map((l) => ({
      id: l.id,
      pattern: l.pattern,
      url_template: l.url_template,
    })),
  };
}

/** What may be a path id after `/user_uploads/` in a message's Markdown. */
const LINKED_UPLOAD = /\/user_uploads\/(\d+\/[^\s()[\]<>"'?#]+)/g;

/**
 * The thumbnailed uploads `content` links (Zulip's `get_user_upload_previews`), in one query,
 * keyed by path id; the renderer previews them with their thumbnails.
 */
async function linkedUploadImages(
  db: Queryable,
  content: string,
): Promise<Record<string, UploadImage>> {
  const pathIds = new Set<string>();
  for (const match of content.matchAll(LINKED_UPLOAD)) {
    if (match[1] !== undefined) pathIds.add(match[1]);
  }
  const images: Record<string, UploadImage> = {};
  for (const row of await findImagesByPathIds(db, [...pathIds])) {
    const thumbnail = defaultFormat(row.thumbnail_formats);
    if (thumbnail === undefined) continue;
    images[row.path_id] = {
      width: row.original_width,
      height: row.original_height,
      contentType: row.content_type,
      animated: row.frames > 1,
      thumbnail,
    };
  }
  return images;
}

/**
 * The renderer's view of the organisation (people, groups, streams, custom emoji, linkifiers),
 * read once and kept until an action that changes one of them calls `invalidate()`. Stream
 * links are resolved per sender: public streams, and private ones only for their subscribers.
 */
export class RenderContextCache {
  private shared: Promise<SharedContext> | undefined;
  private version = 0;
  /** Each sender's settings that rendering reads, loaded at their first message. */
  private readonly senderSettings = new Map<number, Promise<UserSettings>>();

  /** `camo`: the server's camo proxy (configuration), which external video previews load from. */
  constructor(private readonly camo?: RenderContext["camo"]) {}

  /** Drops the cached context; the next render reads it again. */
  invalidate(): void {
    this.shared = undefined;
    this.version++;
  }

  /** Forgets a sender's settings after they changed them; their next message reads them again. */
  senderSettingsChanged(userId: number): void {
    this.senderSettings.delete(userId);
  }

  private settingsOf(db: Queryable, userId: number): Promise<UserSettings> {
    let settings = this.senderSettings.get(userId);
    if (!settings) {
      settings = loadUserSettings(db, userId).catch((error: unknown) => {
        this.senderSettings.delete(userId);
        throw error;
      });
      this.senderSettings.set(userId, settings);
    }
    return settings;
  }

  /** Increases on every invalidation; lets callers memoise what they derive from the context. */
  get generation(): number {
    return this.version;
  }

  /**
   * The context for rendering `content` sent by `senderId`, with the sender's settings
   * (`translate_emoticons`, as Zulip's `render_message_markdown` reads the sender's); `realmUrl`
   * is the organisation's URL (links into it render relative, Zulip's `realm_uri`).
   */
  async forSender(
    db: Queryable,
    senderId: number,
    content: string,
    realmUrl?: string,
  ): Promise<RenderContext> {
    this.shared ??= loadShared(db).catch((error: unknown) => {
      this.shared = undefined;
      throw error;
    });
    const [shared, settings] = await Promise.all([this.shared, this.settingsOf(db, senderId)]);
    const publicStreams = shared.streams.filter((s) => !s.invite_only);
    // Private stream links only render for their subscribers; most messages link no stream.
    const privateStreams = content.includes("#**")
      ? await db.query<{ id: number; name: string }>(
          `SELECT s.id, s.name FROM streams s JOIN subscriptions sub ON sub.stream_id = s.id
            WHERE s.invite_only AND sub.user_id = $1 AND sub.active`,
          [senderId],
        )
      : [];
    const uploadImages = content.includes("/user_uploads/")
      ? await linkedUploadImages(db, content)
      : undefined;
    return {
      ...shared,
      ...(uploadImages === undefined ? {} : { uploadImages }),
      streams: [...publicStreams, ...privateStreams].map((s) => ({ id: s.id, name: s.name })),
      translateEmoticons: settings.translate_emoticons,
      ...(realmUrl === undefined ? {} : { realmUrl }),
      ...(this.camo === undefined ? {} : { camo: this.camo }),
    };
  }

  /** Topic links for message objects: the linkifiers applied to a topic, memoised per topic. */
  async topicLinker(db: Queryable): Promise<(topic: string) => { text: string; url: string }[]> {
    this.shared ??= loadShared(db);
    const { linkifiers } = await this.shared;
    const memo = new Map<string, { text: string; url: string }[]>();
    return (topic) => {
      let links = memo.get(topic);
      if (!links) {
        links = topicLinks(topic, linkifiers);
        memo.set(topic, links);
      }
      return links;
    };
  }
}
