import { Fragment } from "react";
import { Dialog } from "../../components/dialog";
import { SHORTCUT_SECTIONS, type ShortcutHelp } from "./shortcut-list";
import "./shortcuts.css";

function Keys({ shortcut }: { shortcut: ShortcutHelp }) {
  return (
    <>
      {shortcut.keys.map((combination, index) => (
        <Fragment key={combination.join("+")}>
          {index > 0 && <span className="shortcut-or"> or </span>}
          {combination.map((key, keyIndex) => (
            <Fragment key={key}>
              {keyIndex > 0 && <span aria-hidden="true">+</span>}
              <kbd>{key}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

/** The keyboard shortcuts dialog (`?`, or "Keyboard shortcuts" in the user menu). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} className="shortcuts-dialog">
      {/* Focusable, so the list can be scrolled from the keyboard when it is taller than the
          dialog (a small screen); the dialog's only other control is its close button. */}
      <div className="shortcut-sections" tabIndex={0} role="group" aria-label="Shortcut list">
        {SHORTCUT_SECTIONS.map((section) => (
          <table key={section.title} className="shortcut-table">
            <caption>{section.title}</caption>
            {/* One width for the keys in every section: the columns line up down the dialog. */}
            <colgroup>
              <col className="shortcut-keys-column" />
              <col />
            </colgroup>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {section.shortcuts.map((shortcut) => (
                <tr key={shortcut.description}>
                  <td className="shortcut-keys">
                    <Keys shortcut={shortcut} />
                  </td>
                  <td>{shortcut.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Dialog>
  );
}
