import type { RefObject } from "react";
import { Icon } from "../../components/icon";
import { useUiStore } from "../../stores/ui-store";
import { useSavePreference } from "../shell/server-preferences";
import { MAX_CONTENT_BYTES, utf8Length } from "./compose-limits";
import { sendHint } from "./compose-keys";
import { AttachButton } from "./compose-uploads";
import type { ComposeState } from "./use-compose";

/**
 * Under the message: how to send (and the Enter setting), the size once it nears the limit, an
 * attach and emoji buttons, Send (disabled while the message can't go, with the reason shown below).
 */
export function ComposeFooter({
  compose,
  hintId,
  problemId,
  problem,
  onEmoji,
  emojiButtonRef,
  onFiles,
}: {
  compose: ComposeState;
  hintId: string;
  problemId: string;
  /** The problem to show, or null (there may still be one, not shown yet: empty box). */
  problem: { text: string; isLimit: boolean } | null;
  onEmoji: () => void;
  /** The emoji button, which the emoji picker is anchored to. */
  emojiButtonRef: RefObject<HTMLButtonElement | null>;
  onFiles: (files: readonly File[]) => void;
}) {
  const enterSends = useUiStore((state) => state.enterSends);
  const savePreference = useSavePreference();
  const bytes = utf8Length(compose.content);
  const isNearLimit = bytes > MAX_CONTENT_BYTES * 0.9;
  return (
    <>
      <div className="compose-footer">
        <p id={hintId} className="compose-hint">
          {sendHint(enterSends)}
        </p>
        <label className="compose-enter-setting">
          <input
            type="checkbox"
            checked={enterSends}
            onChange={(event) => {
              savePreference.setEnterSends(event.target.checked);
            }}
          />
          Enter sends
        </label>
        {isNearLimit && (
          <span className={bytes > MAX_CONTENT_BYTES ? "compose-count error" : "compose-count"}>
            {bytes.toLocaleString("en")} / {MAX_CONTENT_BYTES.toLocaleString("en")} bytes
          </span>
        )}
        <span className="compose-actions">
          <AttachButton onFiles={onFiles} />
          <button
            ref={emojiButtonRef}
            type="button"
            className="icon-button"
            aria-label="Add emoji"
            onClick={onEmoji}
          >
            <Icon name="smile" size={18} />
          </button>
          <button
            type="submit"
            className="button button-primary compose-send"
            disabled={compose.problem !== null}
            aria-describedby={problemId}
          >
            <Icon name="send" />
            Send
          </button>
        </span>
      </div>
      {/* Always present, so a screen reader hears the reason as it appears. */}
      <p
        id={problemId}
        className={
          problem?.isLimit === true ? "compose-problem compose-problem-limit" : "compose-problem"
        }
        aria-live="polite"
      >
        {problem?.text}
      </p>
    </>
  );
}
