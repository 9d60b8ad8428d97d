import { useState } from "react";
import type { RealmEmoji } from "../../../common/wire/realm";
import type { User } from "../../../common/wire/users";
import { safeImageUrl } from "../../lib/safe-url";
import { authorName, canDeactivate } from "./emoji-rows";
import "./custom-emoji.css";

/**
 * The emoji's image, decorative (its `:name:` is written beside it). A URL that is not http(s)
 * or same-origin, or an image that fails to load, shows a neutral placeholder instead.
 */
function EmojiImage({ emoji }: { emoji: RealmEmoji }) {
  const url = safeImageUrl(emoji.source_url, "");
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (url === "" || brokenUrl === url) {
    return (
      <span className="custom-emoji-card-image custom-emoji-card-placeholder" aria-hidden="true">
        ?
      </span>
    );
  }
  return (
    <img
      className="custom-emoji-card-image"
      src={url}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      onError={() => {
        setBrokenUrl(url);
      }}
    />
  );
}

function EmojiCard({
  emoji,
  users,
  me,
  onDeactivate,
}: {
  emoji: RealmEmoji;
  users: ReadonlyMap<number, User>;
  me: User | undefined;
  onDeactivate: (emoji: RealmEmoji) => void;
}) {
  const author = authorName(emoji, users);
  return (
    <li
      className={emoji.deactivated ? "custom-emoji-card is-deactivated" : "custom-emoji-card"}
      data-emoji-name={emoji.name}
    >
      <div className="custom-emoji-card-main">
        <EmojiImage emoji={emoji} />
        <div className="custom-emoji-card-text">
          <span className="custom-emoji-card-name">:{emoji.name}:</span>
          <span className="custom-emoji-card-author">
            {author === null ? "Author unknown" : `Added by ${author}`}
          </span>
          {emoji.deactivated && <span className="custom-emoji-badge">Deactivated</span>}
        </div>
      </div>
      {canDeactivate(emoji, me) && (
        <button
          type="button"
          className="button custom-emoji-card-action"
          aria-label={`Deactivate :${emoji.name}:`}
          onClick={() => {
            onDeactivate(emoji);
          }}
        >
          Deactivate
        </button>
      )}
    </li>
  );
}

/** The emoji as cards: image, `:name:`, who added it, "Deactivated", and Deactivate if allowed. */
export function EmojiGrid({
  rows,
  users,
  me,
  onDeactivate,
}: {
  rows: readonly RealmEmoji[];
  users: ReadonlyMap<number, User>;
  me: User | undefined;
  onDeactivate: (emoji: RealmEmoji) => void;
}) {
  return (
    <ul className="custom-emoji-grid" aria-label="Custom emoji">
      {rows.map((emoji) => (
        <EmojiCard key={emoji.id} emoji={emoji} users={users} me={me} onDeactivate={onDeactivate} />
      ))}
    </ul>
  );
}
