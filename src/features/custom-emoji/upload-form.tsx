import { useEffect, useId, useRef, type ReactNode } from "react";
import type { RealmEmojiMap } from "../../../common/wire/realm";
import { MAX_EMOJI_NAME_LENGTH } from "./emoji-rules";
import { useUploadForm } from "./use-upload-form";
import "./custom-emoji.css";

const ACCEPTED_TYPES = "image/png,image/gif,image/jpeg,image/webp";

/**
 * The chosen image, shown from an object URL that is revoked when the file changes or the
 * preview goes. The URL is set on the element in the effect (not kept in state) so React's
 * strict-mode double effects cannot leave the image pointing at a revoked URL. The object URL
 * is of the user's own local file, not a server URL, so it does not go through safe-url.
 */
function ImagePreview({ file }: { file: Blob }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image === null) return undefined;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => {
      image.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return (
    <img ref={ref} className="custom-emoji-upload-preview" alt="Preview of the chosen image" />
  );
}

/** The attributes a field's control needs: its id, and its problem or hint as description. */
interface ControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string;
}

/** A labelled control with a hint below, replaced by the problem (in red) when there is one. */
function Field({
  label,
  hint,
  problem,
  children,
}: {
  label: string;
  hint: string;
  problem: string | null;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="custom-emoji-field">
      <label htmlFor={id} className="custom-emoji-label">
        {label}
      </label>
      {children({ id, "aria-invalid": problem !== null, "aria-describedby": noteId })}
      <p
        id={noteId}
        className={problem === null ? "custom-emoji-hint" : "custom-emoji-field-error"}
      >
        {problem ?? hint}
      </p>
    </div>
  );
}

/**
 * The upload form: a name and an image, checked with the server's rules as the user types and
 * chooses (errors inline once the user has done something, Upload then disabled with the reason), a preview of the image, and the
 * server's refusal inline if it still refuses. `existing` is the current emoji set, for
 * "already exists".
 */
export function EmojiUploadForm({ existing }: { existing: RealmEmojiMap | undefined }) {
  const headingId = useId();
  const reasonId = useId();
  const form = useUploadForm(existing);
  return (
    <form
      className="custom-emoji-upload"
      aria-labelledby={headingId}
      onSubmit={form.onSubmit}
      noValidate
    >
      <h2 id={headingId} className="custom-emoji-section-title">
        Add an emoji
      </h2>
      <div className="custom-emoji-upload-fields">
        <Field
          label="Name"
          hint="Lowercase letters, digits, _ and -; used as :name: in messages."
          problem={form.nameProblem}
        >
          {(props) => (
            <input
              {...props}
              ref={form.nameRef}
              className="custom-emoji-input"
              value={form.name}
              maxLength={MAX_EMOJI_NAME_LENGTH + 1}
              autoComplete="off"
              spellCheck={false}
              onChange={form.onNameChange}
              onBlur={form.onNameBlur}
            />
          )}
        </Field>
        <Field
          label="Image"
          hint="PNG, GIF, JPEG or WebP, at most 5 MiB; square images look best."
          problem={form.fileProblem}
        >
          {(props) => (
            <input
              {...props}
              key={form.inputKey}
              ref={form.fileRef}
              className="custom-emoji-file"
              type="file"
              accept={ACCEPTED_TYPES}
              onChange={form.onFileChange}
            />
          )}
        </Field>
        {form.file !== null && form.fileState?.isOk === true && <ImagePreview file={form.file} />}
      </div>
      <div className="custom-emoji-upload-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={form.reason !== null || form.isPending}
          aria-describedby={form.reason === null ? undefined : reasonId}
        >
          {form.isPending ? "Uploading…" : "Upload"}
        </button>
        {form.reason !== null && (
          <p id={reasonId} className="custom-emoji-hint">
            {form.reason}
          </p>
        )}
      </div>
      {form.serverError !== null && (
        <p className="custom-emoji-field-error" role="alert">
          {form.serverError}
        </p>
      )}
      <p className="custom-emoji-upload-done" role="status">
        {form.uploaded}
      </p>
    </form>
  );
}
