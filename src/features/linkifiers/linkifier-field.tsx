import { useId, type Ref } from "react";
import type { ServerRefusal } from "./linkifier-refusal";
import type { LinkifierErrors } from "./linkifier-rules";

/** An input with its label, hint and inline error (`aria-invalid`, described by both). */
function Field({
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

/** Where the hints are: the add form's explain, the edit row's remind. */
const HINTS = {
  add: {
    pattern: "An RE2 regular expression; name the parts the URL uses: PAR-(?P<id>[0-9]+)",
    urlTemplate:
      "Where a match links to, with the named groups in braces: https://tracker.example.com/issues/{id}",
  },
  edit: {
    pattern: "An RE2 regular expression with named groups.",
    urlTemplate: "The named groups in braces: https://tracker.example.com/issues/{id}",
  },
} as const;

/**
 * A linkifier's two fields, pattern and URL template, each with its error: the server's refusal
 * of that field first, else the rules' (`errors`).
 */
export function LinkifierFields({
  hints,
  pattern,
  urlTemplate,
  errors,
  refusal,
  patternRef,
  onPatternChange,
  onUrlTemplateChange,
}: {
  hints: keyof typeof HINTS;
  pattern: string;
  urlTemplate: string;
  errors: LinkifierErrors;
  refusal: ServerRefusal | null;
  patternRef: Ref<HTMLInputElement>;
  onPatternChange: (value: string) => void;
  onUrlTemplateChange: (value: string) => void;
}) {
  return (
    <>
      <Field
        label="Pattern"
        hint={HINTS[hints].pattern}
        placeholder="PAR-(?P<id>[0-9]+)"
        value={pattern}
        error={refusal?.pattern ?? errors.pattern}
        inputRef={patternRef}
        onChange={onPatternChange}
      />
      <Field
        label="URL template"
        hint={HINTS[hints].urlTemplate}
        placeholder="https://tracker.example.com/issues/{id}"
        value={urlTemplate}
        error={refusal?.url_template ?? errors.url_template}
        onChange={onUrlTemplateChange}
      />
    </>
  );
}

/** The server's refusal that names no field, under the form. */
export function FormRefusal({ refusal }: { refusal: ServerRefusal | null }) {
  if (refusal?.form === undefined) return null;
  return (
    <p role="alert" className="linkifier-error">
      {refusal.form}
    </p>
  );
}
