import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from "react";
import type { Linkifier } from "../../../common/wire/realm";
import { useUpdateLinkifier } from "../../queries/realm-mutations";
import { Field } from "./linkifier-field";
import { refusalOf, type ServerRefusal } from "./linkifier-refusal";
import { isValidLinkifier, validateLinkifier } from "./linkifier-rules";

/**
 * A linkifier edited in place (`PATCH realm/filters/{id}`): its pattern and URL template, checked
 * as typed with the add form's rules, the server's refusal beside the field it names. Cancel
 * or Escape leaves it as it was; nothing typed is lost on a refusal.
 */
export default function LinkifierEditForm({
  linkifier,
  onDone,
}: {
  linkifier: Linkifier;
  onDone: () => void;
}) {
  const [pattern, setPattern] = useState(linkifier.pattern);
  const [urlTemplate, setUrlTemplate] = useState(linkifier.url_template);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const patternRef = useRef<HTMLInputElement>(null);
  const update = useUpdateLinkifier();
  const errors = useMemo(() => validateLinkifier(pattern, urlTemplate), [pattern, urlTemplate]);
  const isValid = isValidLinkifier(errors);

  useEffect(() => {
    patternRef.current?.focus();
  }, []);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValid || update.isPending) return;
    if (pattern === linkifier.pattern && urlTemplate === linkifier.url_template) {
      onDone();
      return;
    }
    update.mutate(
      { id: linkifier.id, pattern, url_template: urlTemplate },
      {
        onSuccess: onDone,
        onError: (error) => {
          setRefusal(refusalOf(error));
        },
      },
    );
  };

  return (
    <form
      className="linkifier-edit-form"
      aria-label={`Edit linkifier ${linkifier.pattern}`}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <Field
        label="Pattern"
        hint="An RE2 regular expression with named groups."
        placeholder="PAR-(?P<id>[0-9]+)"
        value={pattern}
        error={refusal?.pattern ?? errors.pattern}
        inputRef={patternRef}
        onChange={(value) => {
          setPattern(value);
          setRefusal(null);
        }}
      />
      <Field
        label="URL template"
        hint="The named groups in braces: https://tracker.example.com/issues/{id}"
        placeholder="https://tracker.example.com/issues/{id}"
        value={urlTemplate}
        error={refusal?.url_template ?? errors.url_template}
        onChange={(value) => {
          setUrlTemplate(value);
          setRefusal(null);
        }}
      />
      <div className="linkifier-edit-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {refusal?.form !== undefined && (
        <p role="alert" className="linkifier-error">
          {refusal.form}
        </p>
      )}
    </form>
  );
}
