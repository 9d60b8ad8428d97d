import type { DataTag, QueryClient, QueryKey } from "@tanstack/react-query";
import type {
  DeleteMessageEvent,
  MessageEvent,
  PresenceEvent,
  ServerEvent,
  StreamEvent,
  UpdateMessageEvent,
} from "../../common/wire/events";
import { deletedMessageIds } from "../../common/wire/message-events";
import type { Linkifier } from "../../common/wire/realm";
import type { RegisterResponse } from "../../common/wire/register";
import type { User } from "../../common/wire/users";
import { appRerenderDeps, rerenderForLinkifierChange } from "../controllers/linkifier-rerender";
import {
  applyRealmUserEvent,
  applyStreamEventToStreams,
  applyStreamEventToSubscriptions,
  applySubscriptionEvent,
  applyUserGroupEvent,
  bumpTopic,
  updatedUser,
} from "./cache-updates";
import { applyAttachmentEvent, attachmentQueries } from "./attachment-queries";
import { conversationQueries } from "./conversation-queries";
import { messageQueries } from "./message-queries";
import {
  isSlimPresence,
  mergeClientPresence,
  mergeSlimPresence,
  presenceQueries,
  type RealmPresence,
} from "./presence-queries";
import { realmQueries } from "./realm-queries";
import { renderContextFromQueries } from "./render-context";
import { serverQueries } from "./server-queries";
import { changedUserSettings, settingsQueries, snapshotUserSettings } from "./settings-queries";
import { streamQueries } from "./stream-queries";
import { subscriberQueries } from "./subscriber-queries";
import { subscriptionQueries } from "./subscription-queries";
import { userQueries } from "./user-queries";

/**
 * Seeds every cache the register snapshot covers (subscriptions, streams, users, emoji, groups,
 * linkifiers, presence, the user's settings). Keys the snapshot lacks are left alone. Linkifiers are seeded only from
 * `realm_linkifiers` in its real form: a queue registered without the `linkifier_url_template`
 * capability gets `[]` there and tuples in `realm_filters`, so then the query fetches them.
 * Caches that events keep current but the snapshot does not cover (topic lists, edit histories,
 * the profile, single-user presence) are invalidated: after a lost queue they missed events.
 */
export function seedQueriesFromSnapshot(
  queryClient: QueryClient,
  snapshot: RegisterResponse,
): void {
  for (const queryKey of [
    streamQueries.allTopics(),
    messageQueries.all(),
    userQueries.me().queryKey,
    userQueries.allPresence(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  const set = <T, E>(key: DataTag<QueryKey, T, E>, value: T | undefined) => {
    if (value !== undefined) queryClient.setQueryData(key, value);
  };
  set(subscriptionQueries.list().queryKey, snapshot.subscriptions);
  set(streamQueries.list().queryKey, snapshot.streams);
  set(userQueries.list().queryKey, snapshotUsers(snapshot));
  set(conversationQueries.recent().queryKey, snapshot.recent_private_conversations);
  set(realmQueries.emoji().queryKey, snapshot.realm_emoji);
  set(realmQueries.userGroups().queryKey, snapshot.realm_user_groups);
  set(settingsQueries.user().queryKey, snapshotUserSettings(snapshot));
  set(realmQueries.moveRules().queryKey, {
    withinStreamLimitSeconds: snapshot.realm_move_messages_within_stream_limit_seconds,
    betweenStreamsPolicy: snapshot.realm_move_messages_between_streams_policy,
    betweenStreamsLimitSeconds: snapshot.realm_move_messages_between_streams_limit_seconds,
  });
  const isOldLinkifierForm =
    snapshot.realm_linkifiers?.length === 0 && (snapshot.realm_filters?.length ?? 0) > 0;
  if (isOldLinkifierForm) {
    void queryClient.invalidateQueries({ queryKey: realmQueries.linkifiers().queryKey });
  } else {
    set(realmQueries.linkifiers().queryKey, snapshot.realm_linkifiers);
  }
  if (snapshot.presences !== undefined && snapshot.server_timestamp !== undefined) {
    set(presenceQueries.realm().queryKey, {
      presences: snapshot.presences,
      server_timestamp: snapshot.server_timestamp,
    });
  }
}

/** `GET /users`'s list from the snapshot: active users (Zulip omits `is_active` there), then the rest. */
function snapshotUsers(snapshot: RegisterResponse): User[] | undefined {
  if (snapshot.realm_users === undefined) return undefined;
  return [
    ...snapshot.realm_users.map((user) => ({ ...user, is_active: user.is_active ?? true })),
    ...(snapshot.realm_non_active_users ?? []).map((user) => ({ ...user, is_active: false })),
  ];
}

/**
 * Updates a cached list with `update`; nothing when it is not cached (a later fetch gets it
 * right), and an invalidation when the update cannot be applied exactly.
 */
function patch<T, E>(
  queryClient: QueryClient,
  queryKey: DataTag<QueryKey, T, E>,
  update: (data: T) => T | undefined,
): void {
  const data = queryClient.getQueryData(queryKey);
  if (data === undefined) return;
  const next = update(data);
  if (next === undefined) void queryClient.invalidateQueries({ queryKey, exact: true });
  else queryClient.setQueryData(queryKey, next);
}

/** Updates (setQueryData) or invalidates the caches one event affects; ignores events it has no cache for. */
export function applyEventToQueries(queryClient: QueryClient, event: ServerEvent): void {
  switch (event.type) {
    case "message":
      messageArrived(queryClient, event);
      return;
    case "update_message":
      messageUpdated(queryClient, event);
      return;
    case "delete_message":
      messagesDeleted(queryClient, event);
      return;
    case "subscription":
      patch(queryClient, subscriptionQueries.list().queryKey, (subs) =>
        applySubscriptionEvent(subs, event),
      );
      // Subscriber lists are fetched per stream; peer changes make them stale.
      void queryClient.invalidateQueries({ queryKey: subscriberQueries.all() });
      return;
    case "stream":
      streamChanged(queryClient, event);
      return;
    case "realm_user":
      patch(queryClient, userQueries.list().queryKey, (users) => applyRealmUserEvent(users, event));
      if (event.op === "update") {
        const { person } = event;
        patch(queryClient, userQueries.me().queryKey, (me) =>
          me.user_id === person.user_id ? updatedUser(me, person) : me,
        );
      }
      return;
    case "realm_emoji":
      // The event carries the whole dict: exact even when nothing was cached yet.
      queryClient.setQueryData(realmQueries.emoji().queryKey, event.realm_emoji);
      return;
    case "realm_linkifiers": {
      const previous = queryClient.getQueryData(realmQueries.linkifiers().queryKey);
      queryClient.setQueryData(realmQueries.linkifiers().queryKey, event.realm_linkifiers);
      linkifiersChanged(queryClient, previous, event.realm_linkifiers);
      return;
    }
    case "realm_filters": {
      // [OLD] tuples cannot be turned into templates exactly: ask for the current form (the
      // headers' observers refetch it). Drop with realm_filters, at feature level 176.
      const key = realmQueries.linkifiers().queryKey;
      const previous = queryClient.getQueryData(key);
      void queryClient.invalidateQueries({ queryKey: key }).then(() => {
        linkifiersChanged(queryClient, previous, queryClient.getQueryData(key));
      });
      return;
    }
    case "user_group":
      patch(queryClient, realmQueries.userGroups().queryKey, (groups) =>
        applyUserGroupEvent(groups, event),
      );
      return;
    case "presence":
      presenceChanged(queryClient, event);
      return;
    case "user_settings":
      patch(queryClient, settingsQueries.user().queryKey, (settings) =>
        changedUserSettings(settings, event.property, event.value),
      );
      return;
    case "update_display_settings":
      // [OLD] the same change, for a queue without `user_settings_object` (not this client's).
      patch(queryClient, settingsQueries.user().queryKey, (settings) =>
        changedUserSettings(settings, event.setting_name, event.setting),
      );
      return;
    case "attachment":
      patch(queryClient, attachmentQueries.list().queryKey, (list) =>
        applyAttachmentEvent(list, event),
      );
      return;
    case "restart":
      // The server may have been upgraded: its version and feature level may differ.
      void queryClient.invalidateQueries({ queryKey: serverQueries.settings().queryKey });
      return;
    case "update_message_flags":
    case "reaction":
    case "typing":
    case "heartbeat":
      // These live in the message store and the event machine, not in query caches.
      return;
  }
}

/**
 * Loaded messages follow a change of the linkifiers: those whose text matches a pattern added or
 * removed are re-rendered (recipient headers compute topic links from the list themselves).
 * Nothing when there was no list before (the first load is not a change).
 */
function linkifiersChanged(
  queryClient: QueryClient,
  previous: readonly Linkifier[] | undefined,
  next: readonly Linkifier[] | undefined,
): void {
  if (previous === undefined || next === undefined || previous === next) return;
  const deps = appRerenderDeps(() => renderContextFromQueries(queryClient));
  rerenderForLinkifierChange(deps, previous, next).catch(() => {
    // Re-rendering is a courtesy: the messages keep the server's HTML.
  });
}

/** A new stream message makes its topic the newest (if that stream's topics are cached). */
function messageArrived(queryClient: QueryClient, event: MessageEvent): void {
  const { message } = event;
  if (message.type !== "stream" || message.stream_id === undefined) return;
  patch(queryClient, streamQueries.topics(message.stream_id).queryKey, (topics) =>
    bumpTopic(topics, message.subject, message.id),
  );
}

/**
 * Every edit changes the edited messages' history. A move bumps the destination topic at once;
 * both streams' topic lists are then refetched, since only the server knows what the source
 * topic still holds.
 */
function messageUpdated(queryClient: QueryClient, event: UpdateMessageEvent): void {
  if (event.rendering_only) return;
  for (const id of event.message_ids) {
    void queryClient.invalidateQueries({ queryKey: messageQueries.history(id).queryKey });
  }
  const fromStream = event.stream_id;
  const isMove = event.new_stream_id !== undefined || event.subject !== undefined;
  if (!isMove || fromStream === undefined) return;
  const toStream = event.new_stream_id ?? fromStream;
  const topic = event.subject ?? event.orig_subject;
  if (topic !== undefined) {
    const newestMoved = Math.max(...event.message_ids);
    patch(queryClient, streamQueries.topics(toStream).queryKey, (topics) =>
      bumpTopic(topics, topic, newestMoved),
    );
  }
  for (const streamId of new Set([fromStream, toStream])) {
    void queryClient.invalidateQueries({ queryKey: streamQueries.topics(streamId).queryKey });
  }
}

/** A deleted message may have been its topic's newest: only the server knows the new one. */
function messagesDeleted(queryClient: QueryClient, event: DeleteMessageEvent): void {
  for (const id of deletedMessageIds(event))
    queryClient.removeQueries({ queryKey: messageQueries.history(id).queryKey });
  if (event.stream_id !== undefined) {
    void queryClient.invalidateQueries({
      queryKey: streamQueries.topics(event.stream_id).queryKey,
    });
  }
}

function streamChanged(queryClient: QueryClient, event: StreamEvent): void {
  patch(queryClient, streamQueries.list().queryKey, (streams) =>
    applyStreamEventToStreams(streams, event),
  );
  if (event.op === "create") return;
  patch(queryClient, subscriptionQueries.list().queryKey, (subs) =>
    applyStreamEventToSubscriptions(subs, event),
  );
  if (event.op === "delete") {
    for (const stream of event.streams) {
      queryClient.removeQueries({ queryKey: streamQueries.topics(stream.stream_id).queryKey });
    }
  }
}

/** A client's new status, in whichever form (by email or slim by id) the cache holds. */
function presenceChanged(queryClient: QueryClient, event: PresenceEvent): void {
  const email = event.email ?? emailOf(queryClient, event.user_id);
  patch(queryClient, presenceQueries.realm().queryKey, (data) =>
    realmPresenceWith(data, event, email),
  );
  if (email !== undefined) {
    patch(queryClient, userQueries.presence(email).queryKey, (presence) =>
      mergeClientPresence(presence, event.presence),
    );
  }
}

function emailOf(queryClient: QueryClient, userId: number): string | undefined {
  const users = queryClient.getQueryData(userQueries.list().queryKey);
  return users?.find((user) => user.user_id === userId)?.email;
}

function realmPresenceWith(
  data: RealmPresence,
  event: PresenceEvent,
  email: string | undefined,
): RealmPresence | undefined {
  const entries = Object.entries(data.presences);
  const isSlim = entries.some(([, value]) => isSlimPresence(value));
  const key = isSlim ? String(event.user_id) : email;
  if (key === undefined) return undefined;
  const current = Object.hasOwn(data.presences, key) ? data.presences[key] : undefined;
  let updated;
  if (isSlim) {
    updated = mergeSlimPresence(
      current && isSlimPresence(current) ? current : undefined,
      event.presence,
    );
  } else {
    updated = mergeClientPresence(
      current && !isSlimPresence(current) ? current : undefined,
      event.presence,
    );
  }
  return {
    // Entries, so that an email key `__proto__` stays a plain key.
    presences: Object.fromEntries([...entries.filter(([name]) => name !== key), [key, updated]]),
    server_timestamp: Math.max(data.server_timestamp, event.server_timestamp),
  };
}
