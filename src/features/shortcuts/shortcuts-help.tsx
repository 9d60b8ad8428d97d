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
          <span className="shortcut-combination">
            {combination.map((key, keyIndex) => (
              <Fragment key={key}>
                {keyIndex > 0 && <span aria-hidden="true">+</span>}
                <kbd>{key}</kbd>
              </Fragment>
            ))}
          </span>
        </Fragment>
      ))}
    </>
  );
}

/**
 * The keyboard shortcuts dialog (`?`, or "Keyboard shortcuts" in the user menu), in Zulip's
 * groups. Loaded the first time it opens (see shell-dialogs.tsx).
 */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} className="shortcuts-dialog">
      {/* Focusable, so the list can be scrolled from the keyboard when it is taller than the
          dialog (a small screen); the dialog's only other control is its close button. */}
      <div className="shortcut-sections" tabIndex={0} role="group" aria-label="Shortcut list">
        {SHORTCUT_SECTIONS.map((section) => (
          // Each row is a grid with a fixed key column, the same in every section, so the keys
          // and descriptions line up down the dialog. The roles are explicit: CSS display
          // changes must not take the table's semantics away.
          <table key={section.title} className="shortcut-table" role="table">
            <caption>{section.title}</caption>
            <thead className="visually-hidden" role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  Keys
                </th>
                <th scope="col" role="columnheader">
                  Action
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {section.shortcuts.map((shortcut) => (
                <tr key={shortcut.description} role="row">
                  <td className="shortcut-keys" role="cell">
                    <Keys shortcut={shortcut} />
                  </td>
                  <td className="shortcut-description" role="cell">
                    {shortcut.description}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </Dialog>
  );
}
