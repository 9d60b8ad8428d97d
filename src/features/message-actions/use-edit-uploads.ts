import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { uploads } from "../../controllers/uploads";
import { useUploads } from "../../controllers/uploads-state";
import { useComposeUploads } from "../compose/compose-uploads";

/** The uploads key of message `messageId`'s edit box (compose's are narrows' keys). */
function editUploadsKey(messageId: number): string {
  return `edit:${String(messageId)}`;
}

/**
 * The content of an edit box, which is one of the uploads controller's compose boxes: files
 * attached, pasted or dropped on it upload with compose's placeholders, progress and cancel,
 * their links written into this content (not a draft). Closing the box cancels its uploads.
 * `isUploading` holds Save back, as compose's Send.
 */
export function useEditUploads(
  messageId: number,
  textareaRef: RefObject<HTMLTextAreaElement | null>,
  original: string,
) {
  const composeKey = editUploadsKey(messageId);
  const [content, setShown] = useState(original);
  // What the controller reads: the content as last written, even before React renders it.
  const latest = useRef(original);
  const setContent = useCallback((next: string) => {
    latest.current = next;
    setShown(next);
  }, []);
  useEffect(
    () =>
      uploads.openBox(composeKey, {
        read: () => latest.current,
        write: setContent,
      }),
    [composeKey, setContent],
  );
  // The caret after inserted placeholders, set once React has put the new text in.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const area = textareaRef.current;
    if (caret.current === null || area === null) return;
    area.focus();
    area.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [content, textareaRef]);
  const files = useComposeUploads(
    composeKey,
    textareaRef,
    content,
    (result) => {
      caret.current = result.caret;
      setContent(result.text);
    },
    { pageDrops: false },
  );
  const isUploading = useUploads(composeKey).length > 0;
  return { composeKey, content, setContent, files, isUploading };
}
