import type { ScrollIntent } from "./scroll-plan";

/**
 * How far (px) the top spacer may stray from the model's offset of the first rendered row
 * before it is set right: about 1 % of a 100,000-message narrow's height, and hundreds of
 * frames of scrolling through unmeasured rows.
 */
const MAX_DRIFT_PX = 20_000;

/**
 * The top spacer's "drift": the model's offset of the first rendered row less the spacer's
 * height. While the reader scrolls, what the estimates of rows above the window got wrong is
 * taken up by the spacer instead of by the scroll position, so the rows already rendered keep
 * their place in the scroller's content as well as on screen, and the browser repaints only the
 * rows that are new. Back to 0 when the window reaches the first row, when the spacer would go
 * negative, or beyond `MAX_DRIFT_PX`.
 */
export class SpacerDrift {
  private drift = 0;

  /** How far the model's origin sits above the spacer's top (px). */
  get value(): number {
    return this.drift;
  }

  /** The spacer's height for a render of the rows from `start`, `modelTop` in the model. */
  spacerForRender(start: number, modelTop: number): number {
    if (start === 0 || modelTop - this.drift < 0) this.drift = 0;
    return modelTop - this.drift;
  }

  /**
   * The spacer's height for settling a change: where it keeps a rendered anchor in place
   * without scrolling, if it can (the view then stays put in the content too), else the model's
   * less the drift so far, else the model's.
   */
  spacerForSettle(
    start: number,
    modelTop: number,
    currentSpacer: number,
    intent: ScrollIntent,
  ): number {
    let top = modelTop;
    if (intent.kind === "anchor" && intent.anchor !== null && intent.currentOffset !== undefined) {
      const kept = currentSpacer + intent.anchor.offset - intent.currentOffset;
      if (start > 0 && kept >= 0 && Math.abs(modelTop - kept) <= MAX_DRIFT_PX) top = kept;
    } else if (start > 0 && modelTop - this.drift >= 0) {
      top = modelTop - this.drift;
    }
    this.drift = modelTop - top;
    return top;
  }
}
