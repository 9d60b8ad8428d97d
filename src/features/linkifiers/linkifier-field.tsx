import { useId, type Ref } from "react";

/** An input with its label, hint and inline error (`aria-invalid`, described by both). */
export function Field({
  label,
  hint,
  value,
  error,
  placeholder,
  inputRef,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  placeholder: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="linkifier-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        className="linkifier-input"
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <p id={`${id}-hint`} className="linkifier-hint">
        {hint}
      </p>
      <p id={`${id}-error`} className="linkifier-error">
        {error}
      </p>
    </div>
  );
}
