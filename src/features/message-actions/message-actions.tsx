import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import type { ApiClient } from "../../api/client";
import type { Message } from "../../../common/wire/message";
import { ROLE, type OwnProfile } from "../../../common/wire/users";
import { Icon } from "../../components/icon";
import { MenuButton, type MenuItem } from "../../components/menu";
import type { Narrow } from "../../lib/narrow";
import { userQueries } from "../../queries/user-queries";
import { useSessionStore } from "../../stores/session-store";
import { useUiStore, uiActions } from "../../stores/ui-store";
import { preloadEmojiPicker } from "../emoji-picker/lazy-emoji-picker";
import { ReactionPicker } from "../reactions/message-reactions";
import { BodyPortal } from "./body-portal";
import { DeleteMessageDialog } from "./delete-message-dialog";
import { markUnreadFrom } from "../../controllers/mark-unread";
import { copyMessageLink, isEdited, quoteAndReply, replyTo } from "./message-commands";
import { isStarred, toggleStar } from "../../controllers/star";
import { openMoveMessage, useMoveAbilities } from "../move-messages/open-move";
import "./message-actions.css";

// The history dialog (and its diff styles) loads the first time someone opens one.
const EditHistoryDialog = lazy(() =>
  import("../edit-history/edit-history-dialog").then((module) => ({
    default: module.EditHistoryDialog,
  })),
);

type OpenDialog = "reaction" | "history" | "delete" | null;

/** Administrators (and owners) may delete any message, as Zulip counts roles. */
export function isAdministrator(me: Pick<OwnProfile, "role" | "is_admin"> | undefined): boolean {
  return me !== undefined && (me.is_admin || me.role <= ROLE.administrator);
}

/** Whether the signed-in user is an administrator (false until their profile is in). */
export function useIsAdministrator(): boolean {
  return isAdministrator(useQuery(userQueries.me()).data);
}

interface MenuContext {
  client: ApiClient;
  message: Message;
  narrow: Narrow;
  ownUserId: number;
  isAdmin: boolean;
  isCollapsed: boolean;
  /** What the user may move this message by (`useMoveAbilities`). */
  move: { readonly topic: boolean; readonly stream: boolean };
  open: (dialog: OpenDialog) => void;
}

/** The "Message actions" menu, with only the entries that apply to this message and user. */
function menuItems(context: MenuContext): MenuItem[] {
  const { client, message, narrow, ownUserId, isAdmin, isCollapsed, move, open } = context;
  const items: (MenuItem | false)[] = [
    {
      label: "Reply",
      onSelect: () => {
        replyTo(message, ownUserId);
      },
    },
    { label: "Quote and reply", onSelect: () => void quoteAndReply(client, message, ownUserId) },
    message.sender_id === ownUserId && {
      label: "Edit",
      onSelect: () => {
        uiActions.startEditing(message.id);
      },
    },
    (move.topic || move.stream) && {
      label: "Move messages",
      onSelect: () => {
        openMoveMessage(message, move.stream);
      },
    },
    isEdited(message) && {
      label: "View edit history",
      onSelect: () => {
        open("history");
      },
    },
    { label: "Mark as unread from here", onSelect: () => void markUnreadFrom(narrow, message.id) },
    {
      label: isCollapsed ? "Expand" : "Collapse",
      onSelect: () => {
        uiActions.toggleCollapsed(message.id);
      },
    },
    { label: "Copy link to message", onSelect: () => void copyMessageLink(message, ownUserId) },
    isAdmin && {
      label: "Delete message",
      isDanger: true,
      onSelect: () => {
        open("delete");
      },
    },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}

/**
 * The actions of one message: add a reaction, star, and a menu (reply, quote, edit, move, edit
 * history, mark unread from here, collapse, copy link, delete for administrators). A row mounts it
 * once it is hovered, focused or selected (always on touch and narrow screens, see
 * `MessageRowItem`); CSS shows it on hover, focus or selection.
 */
export function MessageActions({
  message,
  narrow,
  isAdmin,
}: {
  message: Message;
  narrow: Narrow;
  /** From the list (one query for all rows, not one per row: rows mount while scrolling). */
  isAdmin: boolean;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const reactionButtonRef = useRef<HTMLButtonElement>(null);
  const ownUserId = useSessionStore((session) => session.credentials?.userId ?? null);
  const client = useSessionStore((session) => session.client);
  const isCollapsed = useUiStore((state) => state.collapsedMessageIds.has(message.id));
  const move = useMoveAbilities(message);
  const starred = isStarred(message);
  const close = () => {
    setDialog(null);
  };
  if (ownUserId === null) return null;
  const items = menuItems({
    client,
    message,
    narrow,
    ownUserId,
    isAdmin,
    isCollapsed,
    move,
    open: setDialog,
  });
  return (
    <div className="message-toolbar" data-open={dialog !== null ? "true" : undefined}>
      <button
        ref={reactionButtonRef}
        type="button"
        className="icon-button"
        aria-label="Add reaction"
        title="Add reaction"
        onPointerEnter={preloadEmojiPicker}
        onFocus={preloadEmojiPicker}
        onClick={() => {
          setDialog((open) => (open === "reaction" ? null : "reaction"));
        }}
      >
        <Icon name="smile" />
      </button>
      <button
        type="button"
        className={starred ? "icon-button star-toggle star-toggle-on" : "icon-button star-toggle"}
        aria-pressed={starred}
        aria-label={starred ? "Unstar message" : "Star message"}
        title={starred ? "Unstar message" : "Star message"}
        onClick={() => {
          toggleStar(message);
        }}
      >
        <Icon name="star" filled={starred} />
      </button>
      <MenuButton
        label="Message actions"
        items={items}
        className="icon-button message-menu-button"
        withinScroller
      >
        <Icon name="more" />
      </MenuButton>
      {dialog === "reaction" && (
        <ReactionPicker messageId={message.id} anchor={reactionButtonRef} onClose={close} />
      )}
      {dialog === "history" && (
        <BodyPortal>
          <Suspense fallback={null}>
            <EditHistoryDialog messageId={message.id} onClose={close} />
          </Suspense>
        </BodyPortal>
      )}
      {dialog === "delete" && (
        <BodyPortal>
          <DeleteMessageDialog message={message} onClose={close} />
        </BodyPortal>
      )}
    </div>
  );
}

/** A filled star beside a starred message's time (the toolbar's toggle may be hidden). */
export function StarIndicator({ message }: { message: Message }) {
  if (!isStarred(message)) return null;
  return (
    <span className="star-indicator" role="img" aria-label="Starred" title="Starred">
      <Icon name="star" filled size={14} />
    </span>
  );
}
