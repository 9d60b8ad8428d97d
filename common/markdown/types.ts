/** Everything the renderer needs to know about the organisation. */
export interface RenderContext {
  users: readonly { id: number; full_name: string; email: string }[];
  groups: readonly { id: number; name: string }[];
  streams: readonly { id: number; name: string }[];
  customEmoji: readonly { id: string; name: string; source_url: string; deactivated: boolean }[];
  linkifiers: readonly { id: number; pattern: string; url_template: string }[];
  /** The organisation URL: absolute links to its `#narrow/…` become relative (as Zulip does). */
  realmUrl?: string;
  /** Zulip's per-user `translate_emoticons` setting (`:)` → `:smile:`). */
  translateEmoticons?: boolean;
  /**
   * Zulip's camo image proxy (`CAMO_URI`, `CAMO_KEY`): external videos previewed inline load
   * from `{baseUrl}{HMAC-SHA1 of the URL under key}/{the URL in hex}`. Without it they are not
   * previewed. The key is a server secret: a client's context never has it.
   */
  camo?: { baseUrl: string; key: string };
  /** No inline image or video previews (Zulip's `no_previews`, e.g. for stream descriptions). */
  noPreviews?: boolean;
  /**
   * The uploaded images the message links that have thumbnails, by path id (the part of the URL
   * after `/user_uploads/`): Zulip's `user_upload_previews`. An upload not here (not an image, an
   * old one, a local echo) previews as the original.
   */
  uploadImages?: Readonly<Record<string, UploadImage>>;
}

/** What the server knows of an uploaded image (Zulip's ImageAttachment). */
export interface UploadImage {
  /** After EXIF rotation. */
  width: number;
  height: number;
  /** The original's type, as sniffed at upload. */
  contentType: string;
  animated: boolean;
  /** The format name of the thumbnail a message shows (`840x560.webp`). */
  thumbnail: string;
}

/** What rendering one message produces. */
export interface RenderResult {
  html: string;
  /** `@**Name**` and `@**Name|id**` (not silent `@_**Name**`). */
  mentionedUserIds: number[];
  /** `@*group*`. */
  mentionedGroupIds: number[];
  /** `@**all**`, `@**everyone**`, `@**stream**`, `@**channel**`, `@**topic**`. */
  hasWildcardMention: boolean;
  /** The message starts with `/me `. */
  isMeMessage: boolean;
}

/** A context with nobody and nothing in it. */
export const EMPTY_RENDER_CONTEXT: RenderContext = {
  users: [],
  groups: [],
  streams: [],
  customEmoji: [],
  linkifiers: [],
};
