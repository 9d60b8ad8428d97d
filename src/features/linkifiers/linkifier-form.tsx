import { useId, useMemo, useRef, useState, type SyntheticEvent } from "react";
import { FormRefusal, LinkifierFields } from "./linkifier-field";
import {
  isValidLinkifier,
  tryLinkifier,
  validateLinkifier,
  type LinkifierErrors,
} from "./linkifier-rules";
import { refusalOf, type ServerRefusal } from "./linkifier-refusal";
import { useAddLinkifier } from "../../queries/realm-mutations";

interface TryItProps {
  pattern: string;
  urlTemplate: string;
  isValid: boolean;
  /** Some error is shown above (not only a field left empty so far). */
  hasShownErrors: boolean;
}

/** The "Try it" box: sample text and the links the draft would make of it. */
function TryIt({ pattern, urlTemplate, isValid, hasShownErrors }: TryItProps) {
  const id = useId();
  const [sample, setSample] = useState("");
  const links = useMemo(
    () => (isValid && sample !== "" ? tryLinkifier(sample, pattern, urlTemplate) : []),
    [isValid, sample, pattern, urlTemplate],
  );
  let outcome: string | null = null;
  if (!isValid) {
    outcome = hasShownErrors
      ? "Fix the errors above to try the linkifier."
      : "Fill in the pattern and the URL template to try the linkifier.";
  } else if (sample === "") outcome = "Type some text to see what would be linked.";
  else if (links.length === 0) outcome = "Nothing in this text would be linked.";
  return (
    <fieldset className="linkifier-try">
      <legend>Try it</legend>
      <label htmlFor={id}>Sample text</label>
      <input
        id={id}
        className="linkifier-input"
        value={sample}
        placeholder="Fixed in PAR-123"
        autoComplete="off"
        onChange={(event) => {
          setSample(event.target.value);
        }}
      />
      <div aria-live="polite" className="linkifier-try-result">
        {outcome !== null ? (
          <p className="linkifier-hint">{outcome}</p>
        ) : (
          <ul aria-label="Links it would make" className="linkifier-try-links">
            {links.map((link, index) => (
              <li key={index}>
                <span className="linkifier-try-text">{link.text}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> links to </span>
                <code className="linkifier-code">{link.url}</code>
              </li>
            ))}
          </ul>
        )}
      </div>
    </fieldset>
  );
}

/** Only what the user has started to fill in shows its error, until they try to add. */
function shownErrors(
  errors: LinkifierErrors,
  draft: { pattern: string; urlTemplate: string },
  isSubmitted: boolean,
): LinkifierErrors {
  const shown: LinkifierErrors = {};
  if (errors.pattern !== undefined && (isSubmitted || draft.pattern !== "")) {
    shown.pattern = errors.pattern;
  }
  if (errors.url_template !== undefined && (isSubmitted || draft.urlTemplate !== "")) {
    shown.url_template = errors.url_template;
  }
  return shown;
}

/**
 * The administrators' form: pattern and URL template, each checked as typed with the server's
 * rules (errors beside the field), a "Try it" box, and the server's refusal shown the same way
 * if it still refuses.
 */
export default function LinkifierForm() {
  const [pattern, setPattern] = useState("");
  const [urlTemplate, setUrlTemplate] = useState("");
  const [isSubmitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const patternRef = useRef<HTMLInputElement>(null);
  const add = useAddLinkifier();
  const errors = useMemo(() => validateLinkifier(pattern, urlTemplate), [pattern, urlTemplate]);
  const isValid = isValidLinkifier(errors);
  const shown = shownErrors(errors, { pattern, urlTemplate }, isSubmitted);

  const edited = () => {
    setRefusal(null);
    setAdded(null);
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isValid || add.isPending) return;
    add.mutate(
      { pattern, url_template: urlTemplate },
      {
        onSuccess: () => {
          setAdded(pattern);
          setPattern("");
          setUrlTemplate("");
          setSubmitted(false);
          patternRef.current?.focus();
        },
        onError: (error) => {
          setRefusal(refusalOf(error));
        },
      },
    );
  };

  return (
    <form className="linkifier-form" aria-label="Add a linkifier" noValidate onSubmit={onSubmit}>
      <h2 className="linkifier-subtitle">Add a linkifier</h2>
      <LinkifierFields
        hints="add"
        pattern={pattern}
        urlTemplate={urlTemplate}
        errors={shown}
        refusal={refusal}
        patternRef={patternRef}
        onPatternChange={(value) => {
          setPattern(value);
          edited();
        }}
        onUrlTemplateChange={(value) => {
          setUrlTemplate(value);
          edited();
        }}
      />
      <TryIt
        pattern={pattern}
        urlTemplate={urlTemplate}
        isValid={isValid}
        hasShownErrors={Object.keys(shown).length > 0}
      />
      <div className="page-toolbar">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add linkifier"}
        </button>
        <p role="status" className="linkifier-hint">
          {added === null ? "" : `Added ${added}.`}
        </p>
      </div>
      <FormRefusal refusal={refusal} />
    </form>
  );
}
