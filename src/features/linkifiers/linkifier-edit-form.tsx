import { useEffect, useMemo, useRef, useState, type SyntheticEvent } from "react";
import type { Linkifier } from "../../../common/wire/realm";
import { useUpdateLinkifier } from "../../queries/realm-mutations";
import { FormRefusal, LinkifierFields } from "./linkifier-field";
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
      <LinkifierFields
        hints="edit"
        pattern={pattern}
        urlTemplate={urlTemplate}
        errors={errors}
        refusal={refusal}
        patternRef={patternRef}
        onPatternChange={(value) => {
          setPattern(value);
          setRefusal(null);
        }}
        onUrlTemplateChange={(value) => {
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
      <FormRefusal refusal={refusal} />
    </form>
  );
}
