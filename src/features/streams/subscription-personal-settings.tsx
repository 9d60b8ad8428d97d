import { useId, useState } from "react";
import type { Subscription } from "../../../common/wire/streams";
import type { SubscriptionPropertyChange } from "../../api/subscriptions";
import { useSetSubscriptionProperty } from "../../queries/muting-mutations";
import { errorMessage } from "./error-message";
import { streamColor } from "./stream-color";
import { LazyStreamColorDialog } from "./lazy-stream-color-dialog";
import "./subscription-personal-settings.css";

type NotificationProperty = Extract<
  SubscriptionPropertyChange["property"],
  | "desktop_notifications"
  | "audible_notifications"
  | "push_notifications"
  | "email_notifications"
  | "wildcard_mentions_notify"
>;

const NOTIFICATIONS: readonly { property: NotificationProperty; label: string }[] = [
  { property: "desktop_notifications", label: "Desktop notifications" },
  { property: "audible_notifications", label: "Sounds" },
  { property: "push_notifications", label: "Mobile notifications" },
  { property: "email_notifications", label: "Emails" },
  { property: "wildcard_mentions_notify", label: "Notify for @all mentions" },
];

/** A notification setting as the select shows it: null is the user's default ("inherit"). */
function choiceOf(value: boolean | null | undefined): string {
  return value === true ? "on" : value === false ? "off" : "default";
}

function valueOf(choice: string): boolean | null {
  return choice === "on" ? true : choice === "off" ? false : null;
}

/**
 * One's own settings of a subscription (Zulip's "Personal" tab): mute, pin, colour, and per
 * stream notifications, each "Default" (the user's own setting applies) or on or off. Each
 * change is sent at once; the page follows the `subscription` event.
 */
export function PersonalSettingsSection({ subscription }: { subscription: Subscription }) {
  const headingId = useId();
  const setProperty = useSetSubscriptionProperty();
  const [error, setError] = useState<string | null>(null);
  const [isColoring, setColoring] = useState(false);
  const streamId = subscription.stream_id;
  const change = (property: SubscriptionPropertyChange["property"], value: boolean | null) => {
    setError(null);
    setProperty.mutate(
      { stream_id: streamId, property, value },
      {
        onError: (failure) => {
          setError(`Could not save the setting: ${errorMessage(failure)}`);
        },
      },
    );
  };
  const color = streamColor(subscription.color);
  return (
    <section className="stream-settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="stream-settings-card-title">
        Personal settings
      </h2>
      <div className="personal-settings">
        <label className="personal-setting">
          <input
            type="checkbox"
            checked={subscription.is_muted}
            onChange={(event) => {
              change("is_muted", event.target.checked);
            }}
          />
          Mute stream
        </label>
        <label className="personal-setting">
          <input
            type="checkbox"
            checked={subscription.pin_to_top}
            onChange={(event) => {
              change("pin_to_top", event.target.checked);
            }}
          />
          Pin to top of the stream list
        </label>
        <div className="personal-setting">
          <span
            className="stream-color-sample"
            style={color === undefined ? undefined : { backgroundColor: color }}
            aria-hidden="true"
          />
          Colour {color ?? ""}
          <button
            type="button"
            className="button"
            onClick={() => {
              setColoring(true);
            }}
          >
            Change colour
          </button>
        </div>
        <h3 className="personal-settings-subtitle">Notifications</h3>
        {NOTIFICATIONS.map(({ property, label }) => (
          <label key={property} className="personal-setting notification-setting">
            <span>{label}</span>
            <select
              value={choiceOf(subscription[property])}
              onChange={(event) => {
                change(property, valueOf(event.target.value));
              }}
            >
              <option value="default">Default (your setting)</option>
              <option value="on">On</option>
              <option value="off">Off</option>
            </select>
          </label>
        ))}
      </div>
      {error !== null && (
        <p className="streams-error" role="alert">
          {error}
        </p>
      )}
      {isColoring && (
        <LazyStreamColorDialog
          streamId={streamId}
          streamName={subscription.name}
          color={subscription.color}
          onClose={() => {
            setColoring(false);
          }}
        />
      )}
    </section>
  );
}
