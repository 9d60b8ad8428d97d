import { createContext, type MouseEvent } from "react";

/**
 * What a message body does beyond showing its HTML: load its previews (returns a cleanup) and
 * handle clicks in it. The message list provides it (`body-media.ts`); elsewhere (the attack
 * tests, the Node program that type-checks them) a body is inert HTML.
 */
export interface BodyMedia {
  readonly prepare: (root: HTMLElement) => () => void;
  readonly onClick: (event: MouseEvent<HTMLElement>) => void;
}

const INERT: BodyMedia = {
  prepare: () => () => undefined,
  onClick: () => undefined,
};

/** The bodies' media behaviour; inert unless a provider gives one. */
export const BodyMediaContext = createContext<BodyMedia>(INERT);
