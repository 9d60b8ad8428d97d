import { useId, type Ref } from "react";

/**
 * A labelled text box of the group forms with its inline error (`aria-invalid`, described by
 * it); `isMultiline` makes it a textarea.
 */
export function GroupField({
  label,
  value,
  error,
  isMultiline = false,
  inputRef,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  isMultiline?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const shared = {
    id,
    className: "streams-input",
    value,
    "aria-invalid": error === null ? undefined : true,
    "aria-describedby": `${id}-error`,
  } as const;
  return (
    <div className="group-field">
      <label htmlFor={id} className="streams-label">
        {label}
      </label>
      {isMultiline ? (
        <textarea
          {...shared}
          rows={2}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      ) : (
        <input
          {...shared}
          ref={inputRef}
          autoComplete="off"
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
      <p id={`${id}-error`} className="group-field-error">
        {error}
      </p>
    </div>
  );
}
