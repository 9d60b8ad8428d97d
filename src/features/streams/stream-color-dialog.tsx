import { useState } from "react";
import { Dialog } from "../../components/dialog";
import { useSetSubscriptionProperty } from "../../queries/muting-mutations";
import { errorMessage } from "./error-message";
import { streamColor } from "./stream-color";
import "./stream-color-dialog.css";

/** Zulip's stream colour palette (STREAM_ASSIGNMENT_COLORS). */
const PALETTE = [
  "#76ce90", "#fae589", "#a6c7e5", "#e79ab5", "#bfd56f", "#f4ae55", "#b0a5fd", "#addfe5",
  "#f5ce6e", "#c2726a", "#94c849", "#bd86e5", "#ee7e4a", "#a6dcbf", "#95a5fd", "#53a063",
  "#9987e1", "#e4523d", "#c2c2c2", "#4f8de4", "#c6a8ad", "#e7cc4d", "#c8bebf", "#a47462",
]; // prettier-ignore

/**
 * Picks a stream's colour (one's own, as Zulip's): a swatch of Zulip's palette, or any colour
 * from the browser's picker. Closes once the server took it; a refusal is shown and the dialog
 * stays.
 */
export function StreamColorDialog({
  streamId,
  streamName,
  color,
  onClose,
}: {
  streamId: number;
  streamName: string;
  color: string;
  onClose: () => void;
}) {
  const setProperty = useSetSubscriptionProperty();
  const [error, setError] = useState<string | null>(null);
  const current = streamColor(color)?.toLowerCase();
  // The picker reports every colour it passes through: only the button sends one.
  const [custom, setCustom] = useState(current ?? "#c2c2c2");
  const choose = (value: string) => {
    setError(null);
    setProperty.mutate(
      { stream_id: streamId, property: "color", value },
      {
        onSuccess: onClose,
        onError: (failure) => {
          setError(`Could not change the colour: ${errorMessage(failure)}`);
        },
      },
    );
  };
  return (
    <Dialog title={`Colour of #${streamName}`} onClose={onClose} className="stream-color-dialog">
      <div className="color-swatches" role="group" aria-label="Zulip's colours">
        {PALETTE.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className="color-swatch"
            style={{ backgroundColor: swatch }}
            aria-label={swatch}
            aria-pressed={swatch === current}
            disabled={setProperty.isPending}
            onClick={() => {
              choose(swatch);
            }}
          />
        ))}
      </div>
      <div className="color-custom">
        <label>
          Another colour{" "}
          <input
            type="color"
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
            }}
          />
        </label>
        <button
          type="button"
          className="button"
          disabled={setProperty.isPending}
          onClick={() => {
            choose(custom);
          }}
        >
          Use this colour
        </button>
      </div>
      {error !== null && (
        <p className="streams-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
