import type { StoreApi } from "zustand/vanilla";
import type { RenderContext } from "../../common/markdown/types";
import type { Message } from "../../common/wire/message";
import { findOutboxEntry, type OutboxDestination, type OutboxState } from "../stores/outbox-store";
import { buildEcho, type EchoRenderer, type EchoSender } from "./echo-render";

/** Makes an entry's echo; throws when it cannot (logged out). */
export type EchoMaker = (
  localId: string,
  destination: OutboxDestination,
  content: string,
  createdAt: number,
) => Message;

/** What echoes need (a part of `OutboxDeps`). */
export interface EchoDeps {
  readonly store: StoreApi<OutboxState>;
  readonly sender: () => EchoSender | undefined;
  readonly renderContext: () => RenderContext;
}

/**
 * The outbox's local echoes: each rendered like the final message once the Markdown renderer
 * is in, and escaped text until then (rendered again when it comes).
 */
export interface OutboxEchoes {
  /** The echo of an entry, with a new placeholder id. Throws when logged out. */
  readonly echoFor: EchoMaker;
  /** The renderer loaded: the echoes made without it are rendered again (same ids). */
  rendererLoaded(renderer: EchoRenderer): void;
  /** The entry left the outbox (or a new session began): no re-render for it. */
  forget(localId: string): void;
}

/** Creates the echoes of the outbox over its store. */
export function createOutboxEchoes(deps: EchoDeps): OutboxEchoes {
  const plainEchoes = new Set<string>();
  let renderer: EchoRenderer | undefined;
  let nextEchoId = -1;

  function echoFor(
    localId: string,
    destination: OutboxDestination,
    content: string,
    createdAt: number,
  ): Message {
    const sender = deps.sender();
    if (sender === undefined) throw new Error("Cannot send a message while logged out");
    if (renderer === undefined) plainEchoes.add(localId);
    const echoId = nextEchoId--;
    const context = deps.renderContext();
    return buildEcho({ echoId, destination, content, sender, context, renderer, createdAt });
  }

  return {
    echoFor,
    rendererLoaded(loaded) {
      renderer = loaded;
      for (const localId of plainEchoes) {
        const current = findOutboxEntry(deps.store.getState(), localId);
        plainEchoes.delete(localId);
        if (current === undefined) continue;
        const { echo } = current;
        const rerendered = echoFor(
          localId,
          current.destination,
          current.content,
          current.createdAt,
        );
        deps.store.getState().echoRendered(localId, { ...rerendered, id: echo.id });
      }
    },
    forget(localId) {
      plainEchoes.delete(localId);
    },
  };
}
