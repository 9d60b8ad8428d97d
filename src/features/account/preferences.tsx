import { useId, useState, type ReactNode } from "react";
import type { UserSettings } from "../../../common/wire/settings";
import type { UserSettingsUpdate } from "../../api/settings";
import { useUpdateUserSettings } from "../../queries/settings-mutations";
import { settingsQueries } from "../../queries/settings-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { ThemeSwitch } from "../shell/theme-switch";
import { UnicodeEmoji } from "../../components/unicode-emoji";

type BoolSetting = {
  [K in keyof UserSettingsUpdate]-?: UserSettings[K] extends boolean ? K : never;
}[keyof UserSettingsUpdate];

/**
 * Saving one change (`PATCH /settings`): the value asked for is the component's own state, set
 * in the change handler, so the control shows the click at once (the mutation's pending state
 * reaches React only on a later task, and until then React would put the controlled input back
 * to the saved value); once settled, the saved value shows (this tab's answer, or another tab's
 * change through the `user_settings` event).
 */
function useSettingChange<T>(saved: T | undefined) {
  const update = useUpdateUserSettings();
  const [asked, setAsked] = useState<T | null>(null);
  return {
    shown: asked ?? saved,
    isBusy: saved === undefined || asked !== null,
    error: update.error,
    change(value: T, request: UserSettingsUpdate) {
      setAsked(value);
      update.mutate(request, {
        onSettled: () => {
          setAsked(null);
        },
      });
    },
  };
}

function SaveError({ error }: { error: Error | null }) {
  if (error === null) return null;
  return (
    <p className="account-state error" role="alert">
      Could not save: {error.message}
    </p>
  );
}

/** A checkbox for one boolean setting. */
function SettingToggle({
  settings,
  name,
  children,
  hint,
}: {
  settings: UserSettings | undefined;
  name: BoolSetting;
  children: ReactNode;
  hint?: ReactNode;
}) {
  const setting = useSettingChange<boolean>(settings?.[name]);
  const hintId = useId();
  return (
    <>
      <label className="account-toggle">
        <input
          type="checkbox"
          checked={setting.shown ?? false}
          disabled={setting.isBusy}
          aria-describedby={hint === undefined ? undefined : hintId}
          onChange={(event) => {
            setting.change(event.target.checked, { [name]: event.target.checked });
          }}
        />
        {children}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="muted">
          {hint}
        </p>
      )}
      <SaveError error={setting.error} />
    </>
  );
}

/** A choice among a few values, as a select whose options stand for settings' values. */
function SettingSelect({
  label,
  value,
  options,
  onChange,
  isBusy,
  error,
}: {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  isBusy: boolean;
  error: Error | null;
}) {
  const id = useId();
  return (
    <>
      <div className="account-field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={value ?? ""}
          disabled={isBusy}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        >
          {value !== undefined && !options.some((option) => option.value === value) && (
            <option value={value}>Custom</option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <SaveError error={error} />
    </>
  );
}

const HOME_VIEWS = [
  { value: "inbox", label: "Inbox" },
  { value: "recent_topics", label: "Recent conversations" },
  { value: "all_messages", label: "All messages" },
] as const;

/** Zulip's two densities: compact (14 px, 122 %) and the default (16 px, 140 %). */
const DENSITIES = [
  { value: "16/140", label: "Default", fontSize: 16, lineHeight: 140 },
  { value: "14/122", label: "Compact", fontSize: 14, lineHeight: 122 },
] as const;

function HomeViewSetting({ settings }: { settings: UserSettings | undefined }) {
  const setting = useSettingChange<string>(settings?.web_home_view);
  return (
    <SettingSelect
      label="Home view"
      value={setting.shown}
      options={HOME_VIEWS}
      isBusy={setting.isBusy}
      error={setting.error}
      onChange={(value) => {
        setting.change(value, { web_home_view: value });
      }}
    />
  );
}

function DensitySetting({ settings }: { settings: UserSettings | undefined }) {
  const saved =
    settings === undefined
      ? undefined
      : `${String(settings.web_font_size_px)}/${String(settings.web_line_height_percent)}`;
  const setting = useSettingChange<string>(saved);
  return (
    <SettingSelect
      label="Density"
      value={setting.shown}
      options={DENSITIES}
      isBusy={setting.isBusy}
      error={setting.error}
      onChange={(value) => {
        const density = DENSITIES.find((option) => option.value === value);
        if (density === undefined) return;
        setting.change(value, {
          web_font_size_px: density.fontSize,
          web_line_height_percent: density.lineHeight,
        });
      }}
    />
  );
}

function TimeFormatSetting({ settings }: { settings: UserSettings | undefined }) {
  const saved = settings === undefined ? undefined : settings.twenty_four_hour_time ? "24" : "12";
  const setting = useSettingChange<string>(saved);
  return (
    <SettingSelect
      label="Time format"
      value={setting.shown}
      options={[
        { value: "12", label: "12-hour (3:07 PM)" },
        { value: "24", label: "24-hour (15:07)" },
      ]}
      isBusy={setting.isBusy}
      error={setting.error}
      onChange={(value) => {
        setting.change(value, { twenty_four_hour_time: value === "24" });
      }}
    />
  );
}

/**
 * An emoji in a hint, drawn as the messages draw it (the system may have no emoji font), named
 * for screen readers by its `:name:`.
 */
function HintEmoji({ code, name }: { code: string; name: string }) {
  const text = String.fromCodePoint(parseInt(code, 16));
  return (
    <>
      <UnicodeEmoji code={code} text={text} className="account-hint-emoji" />
      <span className="visually-hidden">:{name}:</span>
    </>
  );
}

/**
 * The user's preferences, each one of their settings on the server (`PATCH /settings`, every
 * tab and device follows): theme, time format, density, home view, how compose sends, emoticons,
 * and which messages notify (every stream's, followed topics', direct messages and mentions),
 * each of these stream defaults overridable per stream in its settings.
 */
export function Preferences() {
  const query = useSnapshotQuery(settingsQueries.user());
  const settings = query.data;
  const headingId = useId();
  const notificationsId = useId();
  return (
    <>
      <section className="account-section" aria-labelledby={headingId}>
        <h2 id={headingId}>Preferences</h2>
        <div className="account-field">
          <span aria-hidden="true">Theme</span>
          <ThemeSwitch showLabels />
        </div>
        <TimeFormatSetting settings={settings} />
        <DensitySetting settings={settings} />
        <HomeViewSetting settings={settings} />
        <SettingToggle
          settings={settings}
          name="enter_sends"
          hint="Otherwise Enter adds a line and Ctrl+Enter (⌘+Enter on a Mac) sends."
        >
          Enter sends a message
        </SettingToggle>
        <SettingToggle
          settings={settings}
          name="translate_emoticons"
          hint={
            <>
              In the messages you send, <kbd>:)</kbd> becomes{" "}
              <HintEmoji code="1f642" name="smile" />, <kbd>:(</kbd>{" "}
              <HintEmoji code="1f641" name="frown" />, <kbd>&lt;3</kbd>{" "}
              <HintEmoji code="2764" name="heart" /> and so on.
            </>
          }
        >
          Convert emoticons before sending
        </SettingToggle>
        {query.isError && (
          <p className="account-state error" role="alert">
            Could not load your preferences: {query.error.message}
          </p>
        )}
      </section>
      <section className="account-section" aria-labelledby={notificationsId}>
        <h2 id={notificationsId}>Notifications</h2>
        <p className="muted">
          Desktop notifications show while Parley is open in a tab, once the browser allows them. A
          stream&apos;s own settings override the stream defaults.
        </p>
        <h3 className="account-subheading">Every message in a stream</h3>
        <SettingToggle settings={settings} name="enable_stream_desktop_notifications">
          Desktop notification
        </SettingToggle>
        <SettingToggle settings={settings} name="enable_stream_audible_notifications">
          Sound
        </SettingToggle>
        <h3 className="account-subheading">Topics you follow</h3>
        <SettingToggle settings={settings} name="enable_followed_topic_desktop_notifications">
          Desktop notification
        </SettingToggle>
        <SettingToggle settings={settings} name="enable_followed_topic_audible_notifications">
          Sound
        </SettingToggle>
        <h3 className="account-subheading">Direct messages and mentions</h3>
        <SettingToggle settings={settings} name="enable_desktop_notifications">
          Desktop notification
        </SettingToggle>
        <SettingToggle settings={settings} name="enable_sounds">
          Sound
        </SettingToggle>
      </section>
    </>
  );
}
