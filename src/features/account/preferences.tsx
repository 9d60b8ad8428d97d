import { useId, useState } from "react";
import { useUpdateUserSettings } from "../../queries/settings-mutations";
import { settingsQueries } from "../../queries/settings-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";

/**
 * The user's preferences: "Convert emoticons before sending" (`translate_emoticons`). The box
 * shows the value being saved while it is saved, and the saved one after (this tab's answer,
 * or another tab's change through the `user_settings` event). The value asked for is this
 * component's own state, set in the change handler, so the box shows the click at once: the
 * mutation's pending state reaches React only on a later task, and until then React would put
 * the controlled box back to the saved value.
 */
export function Preferences() {
  const settings = useSnapshotQuery(settingsQueries.user());
  const update = useUpdateUserSettings();
  const headingId = useId();
  const hintId = useId();
  const [asked, setAsked] = useState<boolean | null>(null);
  const saved = settings.data?.translate_emoticons;
  const shown = asked ?? saved;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Preferences</h2>
      <label className="account-toggle">
        <input
          type="checkbox"
          checked={shown ?? false}
          disabled={saved === undefined || asked !== null}
          aria-describedby={hintId}
          onChange={(event) => {
            setAsked(event.target.checked);
            update.mutate(
              { translate_emoticons: event.target.checked },
              {
                onSettled: () => {
                  setAsked(null);
                },
              },
            );
          }}
        />
        Convert emoticons before sending
      </label>
      <p id={hintId} className="muted">
        In the messages you send, <kbd>:)</kbd> becomes 🙂, <kbd>:(</kbd> 🙁, <kbd>&lt;3</kbd> ❤ and
        so on.
      </p>
      {settings.isError && (
        <p className="account-state error" role="alert">
          Could not load your preferences: {settings.error.message}
        </p>
      )}
      {update.isError && (
        <p className="account-state error" role="alert">
          Could not save: {update.error.message}
        </p>
      )}
    </section>
  );
}
