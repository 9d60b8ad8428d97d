import type { QueryClient } from "@tanstack/react-query";
import type { RenderContext } from "../../common/markdown/types";
import { realmQueries } from "./realm-queries";
import { serverQueries } from "./server-queries";
import { settingsQueries } from "./settings-queries";
import { streamQueries } from "./stream-queries";
import { subscriptionQueries } from "./subscription-queries";
import { userQueries } from "./user-queries";

/**
 * The organisation as the Markdown renderer needs it (for local echo and previews), and the
 * user's own `translate_emoticons`, read from the query caches the register snapshot seeded. Whatever is not cached yet counts as empty.
 */
export function renderContextFromQueries(queryClient: QueryClient): RenderContext {
  const users = queryClient.getQueryData(userQueries.list().queryKey) ?? [];
  const streams =
    queryClient.getQueryData(streamQueries.list().queryKey) ??
    queryClient.getQueryData(subscriptionQueries.list().queryKey) ??
    [];
  const emoji = queryClient.getQueryData(realmQueries.emoji().queryKey) ?? {};
  const linkifiers = queryClient.getQueryData(realmQueries.linkifiers().queryKey) ?? [];
  const groups = queryClient.getQueryData(realmQueries.userGroups().queryKey) ?? [];
  const settings = queryClient.getQueryData(serverQueries.settings().queryKey);
  const userSettings = queryClient.getQueryData(settingsQueries.user().queryKey);
  return {
    users: users.map((user) => ({
      id: user.user_id,
      full_name: user.full_name,
      email: user.email,
    })),
    groups: groups.map((group) => ({ id: group.id, name: group.name })),
    streams: streams.map((stream) => ({ id: stream.stream_id, name: stream.name })),
    customEmoji: Object.values(emoji).map((entry) => ({
      id: entry.id,
      name: entry.name,
      source_url: entry.source_url,
      deactivated: entry.deactivated,
    })),
    linkifiers: linkifiers.map((linkifier) => ({
      id: linkifier.id,
      pattern: linkifier.pattern,
      url_template: linkifier.url_template,
    })),
    realmUrl: settings?.realm_url ?? settings?.realm_uri ?? window.location.origin,
    // The sender is this user: their setting, as the server will apply it.
    translateEmoticons: userSettings?.translate_emoticons === true,
  };
}
