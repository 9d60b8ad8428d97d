import { useId } from "react";
import { Icon, type IconName } from "../../components/icon";
import { useUiStore, type ThemeChoice } from "../../stores/ui-store";
import { useSavePreference } from "./server-preferences";

const CHOICES: readonly { value: ThemeChoice; label: string; icon: IconName }[] = [
  { value: "system", label: "System", icon: "monitor" },
  { value: "light", label: "Light", icon: "sun" },
  { value: "dark", label: "Dark", icon: "moon" },
];

/**
 * The theme switch: three radio buttons named System, Light and Dark in a group named "Theme"
 * (arrow keys move between them, as with any radio group). `showLabels` writes the words out;
 * otherwise icons show and the words are for screen readers. The choice is the user's
 * `color_scheme` setting, saved on the server for their other tabs and devices.
 */
export function ThemeSwitch({ showLabels = false }: { showLabels?: boolean }) {
  const theme = useUiStore((state) => state.theme);
  const save = useSavePreference();
  const name = useId();
  return (
    <fieldset className={showLabels ? "theme-switch theme-switch-labelled" : "theme-switch"}>
      <legend className="visually-hidden">Theme</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="theme-option" title={`${choice.label} theme`}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={theme === choice.value}
            onChange={() => {
              save.setTheme(choice.value);
            }}
          />
          <Icon name={choice.icon} />
          <span className={showLabels ? undefined : "visually-hidden"}>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
