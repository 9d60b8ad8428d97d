import { useMemo, useSyncExternalStore } from "react";
import type { Message } from "../../../common/wire/message";
import type { Linkifier } from "../../../common/wire/realm";
import { Icon } from "../../components/icon";
import { safeLinkUrl } from "../../lib/safe-url";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { loadEchoRendererWhenIdle, type EchoRenderer } from "../../controllers/echo-render";
import "./topic-links.css";

/** A link of a topic: the matched text and where it goes. */
export interface TopicLink {
  readonly text: string;
  readonly url: string;
}

let loadedRenderer: EchoRenderer | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

/**
 * The renderer (loaded when the browser is idle, shared with the local echo) once it is in: one
 * load for all headers, each told when it lands.
 */
function subscribeRenderer(onLoaded: () => void): () => void {
  if (loadedRenderer !== undefined) return () => undefined;
  waiting.add(onLoaded);
  loading ??= loadEchoRendererWhenIdle().then(
    (renderer) => {
      loadedRenderer = renderer;
      for (const notify of waiting) notify();
      waiting.clear();
    },
    () => undefined, // Then the server's topic links stay: nothing to do.
  );
  return () => {
    waiting.delete(onLoaded);
  };
}

const rendererSnapshot = () => loadedRenderer;

/**
 * The links the server computed when the message was sent (an old server's `subject_links` are
 * turned into `topic_links` at the API boundary, api/types/message.ts).
 */
function serverTopicLinks(message: Pick<Message, "topic_links">): TopicLink[] {
  return message.topic_links ?? [];
}

/**
 * A topic's links from the CURRENT linkifiers, computed with the renderer the server uses (so a
 * linkifier added or removed changes every header at once); the message's own links until the
 * renderer and the list are loaded, or if computing fails.
 */
export function currentTopicLinks(
  message: Pick<Message, "subject" | "topic_links">,
  linkifiers: readonly Linkifier[] | undefined,
  renderer: Pick<EchoRenderer, "topicLinks"> | undefined,
): TopicLink[] {
  if (linkifiers === undefined || renderer === undefined) return serverTopicLinks(message);
  try {
    return renderer.topicLinks(message.subject, linkifiers);
  } catch {
    return serverTopicLinks(message);
  }
}

/** The topic's links for a header; see `currentTopicLinks`. */
function useTopicLinks(message: Message): TopicLink[] {
  // No refetch per header mount after a failure (an old server's list may not parse).
  const linkifiers = useSnapshotQuery({ ...realmQueries.linkifiers(), retryOnMount: false }).data;
  const renderer = useSyncExternalStore(subscribeRenderer, rendererSnapshot);
  return useMemo(
    () => currentTopicLinks(message, linkifiers, renderer),
    [message, linkifiers, renderer],
  );
}

/**
 * One small link per topic link, after the topic (as Zulip shows them): external, opening in a
 * new tab, named "Open <url>". Links whose URL is not on the allowlist are left out.
 */
export function TopicLinkIcons({
  message,
  tabIndex,
}: {
  message: Message;
  tabIndex: number | undefined;
}) {
  const links = useTopicLinks(message);
  const safe = links.flatMap((link) => {
    const url = safeLinkUrl(link.url);
    return url === undefined ? [] : [{ text: link.text, url }];
  });
  if (safe.length === 0) return null;
  return (
    <span className="topic-link-icons">
      {safe.map((link, index) => (
        <a
          key={`${String(index)}:${link.url}`}
          className="topic-link-icon"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${link.url}`}
          title={`${link.text}: ${link.url}`}
          tabIndex={tabIndex}
        >
          <Icon name="externalLink" size={12} />
        </a>
      ))}
    </span>
  );
}
