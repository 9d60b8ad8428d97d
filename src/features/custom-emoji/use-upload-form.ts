import { useRef, useState, type ChangeEvent, type SyntheticEvent } from "react";
import type { RealmEmojiMap } from "../../../common/wire/realm";
import { errorMessage } from "../streams/error-message";
import { checkEmojiFile, emojiNameProblem, suggestEmojiName, type FileCheck } from "./emoji-rules";
import { useUploadEmoji } from "../../queries/realm-mutations";

/** The chosen file's check: its result, under way, or no file chosen (null). */
export type FileState = FileCheck | { readonly isOk: "checking" } | null;

/** Why Upload is disabled (short: the detail shows beside the field), or null when it is not. */
function blockedReason(name: string, nameProblem: string | null, file: FileState): string | null {
  if (name === "") return "Upload needs a name.";
  if (nameProblem !== null) return "Upload needs an allowed name.";
  if (file === null) return "Upload needs an image.";
  if (file.isOk === "checking") return "Checking the image…";
  if (!file.isOk) return "Upload needs a PNG, GIF, JPEG or WebP image of at most 5 MiB.";
  return null;
}

/**
 * The upload form's state: the name and file with their problems, the server's refusal, the
 * last success, and the handlers. `existing` is the current emoji set, for "already exists".
 * Problems show only once the user has done something (typed or left the name, chosen a file,
 * or pressed Upload): an untouched form is not wrong yet. Until then Upload is enabled, and
 * pressing it shows what is missing and moves to the first field that needs it.
 */
export function useUploadForm(existing: RealmEmojiMap | undefined) {
  const upload = useUploadEmoji();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileState, setFileState] = useState<FileState>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  // A new key empties the file input after an upload (its value cannot be set).
  const [inputKey, setInputKey] = useState(0);
  const latestFile = useRef<File | null>(null);
  const [isTouched, setIsTouched] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const nameProblem = emojiNameProblem(name, existing);
  const reason = blockedReason(name, nameProblem, fileState);

  const onNameBlur = () => {
    setIsTouched(true);
  };

  const onNameChange = (event: ChangeEvent<HTMLInputElement>) => {
    setIsTouched(true);
    setName(event.target.value);
    setServerError(null);
    setUploaded(null);
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    latestFile.current = chosen;
    setIsTouched(true);
    setFile(chosen);
    setFileState(chosen === null ? null : { isOk: "checking" });
    setServerError(null);
    setUploaded(null);
    if (chosen === null) return;
    if (name === "") setName(suggestEmojiName(chosen.name));
    void checkEmojiFile(chosen).then((result) => {
      // A slower check of an earlier choice must not overwrite the current one's.
      if (latestFile.current === chosen) setFileState(result);
    });
  };

  const reset = () => {
    setName("");
    setFile(null);
    setFileState(null);
    latestFile.current = null;
    setIsTouched(false);
    setInputKey((key) => key + 1);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsTouched(true);
    if (reason !== null || file === null) {
      (nameProblem !== null ? nameRef : fileRef).current?.focus();
      return;
    }
    if (upload.isPending) return;
    setServerError(null);
    upload.mutate(
      { name, file },
      {
        onSuccess: () => {
          setUploaded(`Added :${name}:.`);
          reset();
        },
        onError: (error) => {
          setServerError(`Could not add :${name}:: ${errorMessage(error)}`);
        },
      },
    );
  };

  return {
    name,
    nameProblem: isTouched ? nameProblem : null,
    file,
    fileState,
    fileProblem: fileState !== null && fileState.isOk === false ? fileState.problem : null,
    reason: isTouched ? reason : null,
    nameRef,
    fileRef,
    isPending: upload.isPending,
    serverError,
    uploaded,
    inputKey,
    onNameChange,
    onNameBlur,
    onFileChange,
    onSubmit,
  };
}
