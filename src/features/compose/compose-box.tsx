import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from "react";
import { createPortal } from "react-dom";
import { Icon } from "../../components/icon";
import {
  dmNarrow,
  narrowKey,
  narrowToHash,
  streamNarrow,
  topicNarrow,
  type Narrow,
} from "../../lib/narrow";
import { currentDraft, draftsActions } from "../../stores/drafts-store";
import { usePointerDown } from "../../lib/pointer-down";
import type { OutboxDestination } from "../../stores/outbox-store";
import { uiActions, useUiStore } from "../../stores/ui-store";
import { LazyEmojiPicker } from "../emoji-picker/lazy-emoji-picker";
import { TypeaheadTextarea } from "../typeahead/typeahead-textarea";
import { ComposeDestination } from "./compose-destination";
import { ComposeFooter } from "./compose-footer";
import { appendToContent, enterAction, insertAtSelection } from "./compose-keys";
import { applyFormat, composeKeyAction, type ComposeKeyPress } from "./format-keys";
import { ComposePreview } from "./compose-preview";
import { ComposeTabs, type ComposeTab } from "./compose-tabs";
import { ComposeUploads, useComposeUploads } from "./compose-uploads";
import { useCompose } from "./use-compose";
import { useComposeRequest } from "./use-compose-request";
import "./compose.css";

/** Where a message just sent went, when it won't show in this narrow's list. */
interface SentNotice {
  readonly label: string;
  readonly hash: string;
}

/** The notice after sending `destination` from `narrow`; null when the list shows the echo. */
function sentNotice(
  narrow: Narrow,
  destination: OutboxDestination,
  userName: (userId: number) => string,
): SentNotice | null {
  if (destination.type === "direct") {
    if (narrow.kind === "dm") return null;
    return {
      label: destination.userIds.map(userName).join(", "),
      hash: narrowToHash(dmNarrow(destination.userIds)),
    };
  }
  const isShownHere =
    narrow.kind === "stream" ||
    (narrow.kind === "topic" && narrow.topic.toLowerCase() === destination.topic.toLowerCase());
  if (isShownHere) return null;
  return {
    label: `#${destination.streamName} › ${destination.topic}`,
    hash: narrowToHash(
      topicNarrow(destination.streamId, destination.streamName, destination.topic),
    ),
  };
}

function placeholderFor(narrow: Narrow, userName: (userId: number) => string): string {
  switch (narrow.kind) {
    case "stream":
    case "topic":
      return `Message #${narrow.streamName}`;
    case "dm":
      return `Message ${narrow.userIds.map(userName).join(", ")}`;
    default:
      return "Write a message";
  }
}

/** The conversation a message to `destination` goes to: its topic (its stream with no topic yet). */
function destinationNarrow(destination: OutboxDestination): Narrow {
  if (destination.type === "direct") return dmNarrow(destination.userIds);
  const { streamId, streamName, topic } = destination;
  return topic === ""
    ? streamNarrow(streamId, streamName)
    : topicNarrow(streamId, streamName, topic);
}

function composePress(event: KeyboardEvent<HTMLElement>): ComposeKeyPress {
  const { key, code, shiftKey, ctrlKey, metaKey, altKey } = event;
  return { key, code, shiftKey, ctrlKey, metaKey, altKey };
}

/** Whether the box of `narrow` chooses its destination (no stream, topic or people in it). */
function narrowLetsChoose(narrow: Narrow): boolean {
  return narrow.kind !== "stream" && narrow.kind !== "topic" && narrow.kind !== "dm";
}

/** Focus the message box, with the caret at `caret` ("end": after the text). */
interface FocusRequest {
  readonly caret: number | "end";
}

/**
 * The compose box of a narrow: where the message goes (fixed by the narrow, or chosen in all
 * messages, starred, mentions and search), the message with typeaheads, a preview, and Send.
 * Enter sends and Shift+Enter adds a line, or the other way round (`uiStore.enterSends`).
 * Limits are shown before sending and Send stays disabled with the reason, so the server never
 * refuses what was written. Files come by the attach button, a paste or a drop anywhere on the
 * page, each uploading with its progress and a cancel button, its link put where the caret was. Honours `uiStore.requestCompose` (focus, and add a quote). Until asked (a focus, a
 * draft), it is collapsed to the destination and a one-line box, as Zulip's compose is closed.
 */
export function ComposeBox({
  narrow,
  userName,
}: {
  narrow: Narrow;
  userName: (id: number) => string;
}) {
  const compose = useCompose(narrow);
  const enterSends = useUiStore((state) => state.enterSends);
  const [tab, setTab] = useState<ComposeTab>("write");
  const [sent, setSent] = useState<SentNotice | null>(null);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const emojiButtonRef = useRef<HTMLButtonElement>(null);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [isAsked, setAsked] = useState(false);
  const [recipientsFocus, setRecipientsFocus] = useState(0);
  const [focusPreview, setFocusPreview] = useState(0);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const isPointerDown = usePointerDown();
  const problemId = useId();
  const hintId = useId();
  const panelIds = { write: useId(), preview: useId() };

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (focusRequest === null || textarea === null) return;
    textarea.focus();
    const caret = focusRequest.caret === "end" ? textarea.value.length : focusRequest.caret;
    textarea.setSelectionRange(caret, caret);
  }, [focusRequest]);

  const focusContent = (caret: number | "end" = "end") => {
    setTab("write");
    setFocusRequest({ caret });
  };

  useComposeRequest(narrow, (request) => {
    if (request.insertText !== null) {
      compose.setContent(appendToContent(compose.content, request.insertText));
    }
    if (request.isDirect && narrowLetsChoose(narrow)) {
      if (compose.chosen.mode !== "direct")
        compose.setChosen({ ...compose.chosen, mode: "direct" });
      setRecipientsFocus((count) => count + 1);
      return;
    }
    focusContent();
  });

  // `x`: once the box shows the recipients field, it takes the focus.
  useLayoutEffect(() => {
    if (recipientsFocus === 0) return;
    formRef.current?.querySelector<HTMLInputElement>(".compose-destination input")?.focus();
  }, [recipientsFocus]);

  // Alt+P: the preview takes the focus (the hidden textarea cannot keep it).
  useLayoutEffect(() => {
    if (focusPreview === 0) return;
    formRef.current?.querySelector<HTMLElement>(".compose-preview")?.focus();
  }, [focusPreview]);

  const setContent = (next: string) => {
    compose.setContent(next);
    if (next.trim() !== "") setSent(null);
  };

  const send = () => {
    const destination = compose.submit();
    if (destination === null) return;
    const notice = sentNotice(narrow, destination, userName);
    setSent(notice);
    // Shown here: the list goes to it, wherever it was scrolled (else the notice links to it;
    // All messages shows both).
    if (notice === null || narrow.kind === "all") uiActions.requestShowNewest();
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const onContentKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const format = composeKeyAction(composePress(event));
    if (format === "bold" || format === "italic" || format === "link") {
      event.preventDefault();
      applyFormat(event.currentTarget, format, setContent);
      return;
    }
    const press = {
      key: event.key,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      isComposing: event.nativeEvent.isComposing,
    };
    if (enterAction(press, enterSends) !== "send") return;
    event.preventDefault();
    send();
  };

  /**
   * Ctrl+.: the conversation the message is addressed to, the text going along (unless that
   * conversation has a draft of its own) and the box focused there.
   */
  const goToConversation = () => {
    const destination = compose.destination;
    if (destination === null) return;
    const target = destinationNarrow(destination);
    const targetKey = narrowKey(target);
    if (targetKey !== compose.composeKey && compose.content !== "") {
      if (currentDraft(targetKey) === undefined) {
        draftsActions.draftChanged(targetKey, { topic: compose.topic, content: compose.content });
        draftsActions.draftCleared(compose.composeKey);
      }
    }
    window.location.hash = narrowToHash(target);
    uiActions.requestCompose();
  };

  /** Alt+P (the preview, on or off) and Ctrl+. anywhere in the box. */
  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.defaultPrevented || event.nativeEvent.isComposing) return;
    const action = composeKeyAction(composePress(event));
    if (action === "preview") {
      event.preventDefault();
      if (tab === "preview") focusContent();
      else {
        setTab("preview");
        setFocusPreview((count) => count + 1);
      }
    } else if (action === "go-to-conversation") {
      event.preventDefault();
      goToConversation();
    }
  };

  const insertEmoji = (name: string) => {
    const textarea = textareaRef.current;
    const start = textarea?.selectionStart ?? compose.content.length;
    const end = textarea?.selectionEnd ?? start;
    const result = insertAtSelection(compose.content, start, end, `:${name}:`);
    setContent(result.text);
    setPickerOpen(false);
    focusContent(result.caret);
  };

  const files = useComposeUploads(compose.composeKey, textareaRef, compose.content, (result) => {
    setContent(result.text);
    focusContent(result.caret);
  });

  const problem = compose.isProblemShown ? compose.problem : null;
  const describedBy = `${hintId} ${problemId}`;
  // Collapsed to the destination and a one-line message box until asked: the message box
  // focused (then open while the focus stays in the box), a draft, the preview or the emoji
  // picker open it (an upload puts its placeholder in the text).
  const isExpanded = isAsked || compose.content !== "" || tab === "preview" || isPickerOpen;
  const collapseUnlessFocused = () => {
    if (formRef.current?.contains(document.activeElement) !== true) setAsked(false);
  };
  return (
    <form
      ref={formRef}
      className="compose"
      onSubmit={onSubmit}
      onKeyDown={onFormKeyDown}
      aria-label="Compose"
      data-expanded={isExpanded ? "" : undefined}
      onFocus={(event) => {
        const target: EventTarget = event.target;
        if (target === textareaRef.current) setAsked(true);
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        // A click elsewhere: closing at once would move what is under the pointer before the
        // button is released, and the click would miss; close once the click is done.
        if (isPointerDown.current) {
          window.addEventListener(
            "pointerup",
            () => {
              setTimeout(collapseUnlessFocused, 0);
            },
            { once: true },
          );
        } else collapseUnlessFocused();
      }}
    >
      <ComposeDestination
        narrow={narrow}
        compose={compose}
        userName={userName}
        focusContent={() => {
          focusContent();
        }}
      />
      <div className="compose-editor">
        <ComposeTabs tab={tab} onChange={setTab} panelIds={panelIds} />
        <div
          id={panelIds.write}
          role="tabpanel"
          aria-label="Write"
          hidden={tab !== "write"}
          onPaste={files.onPaste}
        >
          <TypeaheadTextarea
            textareaRef={textareaRef}
            className="compose-content"
            label="Message"
            placeholder={placeholderFor(narrow, userName)}
            value={compose.content}
            onChange={setContent}
            onKeyDown={onContentKeyDown}
            describedBy={describedBy}
            isInvalid={problem?.isLimit === true}
          />
        </div>
        <div
          id={panelIds.preview}
          role="tabpanel"
          aria-label="Preview"
          className="compose-preview"
          hidden={tab !== "preview"}
          tabIndex={0}
        >
          {tab === "preview" && <ComposePreview content={compose.content} />}
        </div>
      </div>
      <ComposeFooter
        compose={compose}
        hintId={hintId}
        problemId={problemId}
        problem={problem}
        onEmoji={() => {
          setPickerOpen((open) => !open);
        }}
        emojiButtonRef={emojiButtonRef}
        onFiles={files.addFiles}
      />
      <ComposeUploads composeKey={compose.composeKey} />
      <p className="compose-sent" role="status">
        {sent !== null && (
          <>
            <Icon name="check" /> Sent to <a href={sent.hash}>{sent.label}</a>
          </>
        )}
      </p>
      {isPickerOpen &&
        createPortal(
          <LazyEmojiPicker
            anchor={emojiButtonRef}
            forText
            onPick={(emoji) => {
              insertEmoji(emoji.emoji_name);
            }}
            onClose={() => {
              setPickerOpen(false);
            }}
          />,
          document.body,
        )}
    </form>
  );
}
