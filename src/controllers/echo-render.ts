import type { Message } from "../../common/wire/message";
import { escapeText } from "../../common/markdown/escape";
import type { RenderContext, RenderResult } from "../../common/markdown/types";
import type { OutboxDestination } from "../stores/outbox-store";

/** Who sends: the logged-in user, as the echo shows them. */
export interface EchoSender {
  readonly userId: number;
  readonly email: string;
  readonly fullName: string;
  readonly avatarUrl: string | null;
}

/** The parts of the Markdown module the echo uses (`common/markdown/render.ts`). */
export interface EchoRenderer {
  renderMessage(content: string, context: RenderContext): RenderResult;
  topicLinks(
    topic: string,
    linkifiers: RenderContext["linkifiers"],
  ): { text: string; url: string }[];
}

let rendererLoad: Promise<EchoRenderer> | undefined;

/**
 * Loads the Markdown renderer once, on first use: it is a large module that the first screen
 * doesn't need. Until it is loaded, echoes show their text escaped.
 */
export function loadEchoRenderer(): Promise<EchoRenderer> {
  rendererLoad ??= import("../../common/markdown/render");
  return rendererLoad;
}

/**
 * Loads the renderer a few seconds after start, when the browser is idle, so the first screen
 * (register, the first messages) doesn't wait behind it; a send before that still works (the
 * echo is plain text until the renderer arrives), and `loadEchoRenderer` loads it at once.
 */
export function loadEchoRendererWhenIdle(delayMs = 3000): Promise<EchoRenderer> {
  if (rendererLoad !== undefined) return rendererLoad;
  return new Promise<void>((resolve) => {
    setTimeout(() => {
      if (typeof requestIdleCallback === "function") {
        requestIdleCallback(
          () => {
            resolve();
          },
          { timeout: 2000 },
        );
      } else {
        resolve();
      }
    }, delayMs);
  }).then(loadEchoRenderer);
}

/** The text as one escaped paragraph: the echo's body until (or if) Markdown can't render it. */
export function plainEchoHtml(content: string): string {
  const text = content.trim();
  return text === "" ? "" : `<p>${escapeText(text).replace(/\n/g, "<br>\n")}</p>`;
}

/** What the echo's body becomes: rendered like the server will, else escaped text. */
function renderBody(
  content: string,
  context: RenderContext,
  renderer: EchoRenderer | undefined,
): { html: string; isMeMessage: boolean } {
  if (renderer !== undefined) {
    try {
      const result = renderer.renderMessage(content, context);
      return { html: result.html, isMeMessage: result.isMeMessage };
    } catch {
      // Fall through: a plain echo beats no echo; the server's rendering replaces it anyway.
    }
  }
  return { html: plainEchoHtml(content), isMeMessage: false };
}

function directRecipients(
  userIds: readonly number[],
  sender: EchoSender,
  context: RenderContext,
): { id: number; email: string; full_name: string }[] {
  const ids = [...new Set([...userIds, sender.userId])].sort((a, b) => a - b);
  return ids.map((id) => {
    if (id === sender.userId) return { id, email: sender.email, full_name: sender.fullName };
    const user = context.users.find((candidate) => candidate.id === id);
    return { id, email: user?.email ?? "", full_name: user?.full_name ?? "Unknown user" };
  });
}

/** Everything an echo is built from. */
export interface EchoInput {
  /** A negative placeholder id, unique in this page, so it can never clash with a real one. */
  readonly echoId: number;
  readonly destination: OutboxDestination;
  readonly content: string;
  readonly sender: EchoSender;
  readonly context: RenderContext;
  readonly renderer: EchoRenderer | undefined;
  /** When it was queued (ms). */
  readonly createdAt: number;
}

/**
 * A Message-shaped local echo that looks like the message the server will send back: the same
 * renderer, the same recipient fields. It is marked read (one's own messages are) and lives only
 * in the outbox, never in the message store.
 */
export function buildEcho(input: EchoInput): Message {
  const { destination, sender, context, renderer } = input;
  const body = renderBody(input.content, context, renderer);
  const common = {
    id: input.echoId,
    content: body.html,
    content_type: "text/html",
    recipient_id: 0,
    sender_id: sender.userId,
    sender_email: sender.email,
    sender_full_name: sender.fullName,
    sender_realm_str: "",
    avatar_url: sender.avatarUrl,
    client: "Parley",
    timestamp: Math.floor(input.createdAt / 1000),
    is_me_message: body.isMeMessage,
    flags: ["read"],
    reactions: [],
  };
  if (destination.type === "stream") {
    let topicLinks: { text: string; url: string }[] = [];
    try {
      topicLinks = renderer?.topicLinks(destination.topic, context.linkifiers) ?? [];
    } catch {
      // Topic links are decoration; the server's copy brings them.
    }
    return {
      ...common,
      type: "stream",
      subject: destination.topic,
      topic_links: topicLinks,
      display_recipient: destination.streamName,
      stream_id: destination.streamId,
    };
  }
  return {
    ...common,
    type: "private",
    subject: "",
    topic_links: [],
    display_recipient: directRecipients(destination.userIds, sender, context),
  };
}
