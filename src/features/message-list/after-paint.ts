/**
 * Runs `callback` in a task once the frame painted after this call is done with: queued from
 * the animation callbacks of the frame after it. A task queued from the first frame's own
 * callbacks would run right after that paint, ahead of everything else the frame queued (its
 * resize observers' follow-ups, a message posted to see the paint), and a long one delays them
 * all; queued a frame later it comes after them. Without animation frames (jsdom, a hidden
 * tab), it runs in a task.
 */
export function afterPaint(callback: () => void): void {
  if (typeof requestAnimationFrame === "undefined") {
    setTimeout(callback, 0);
    return;
  }
  requestAnimationFrame(() => {
    requestAnimationFrame(() => {
      setTimeout(callback, 0);
    });
  });
}

/** Whether a list's first rows have been painted: until then its window is small. */
export class FirstPaint {
  isDone = false;
  private isWaiting = false;

  /** Once: when the first rows have been painted (`afterPaint`), marks it done and calls `then`. */
  await(then: () => void): void {
    if (this.isWaiting) return;
    this.isWaiting = true;
    afterPaint(() => {
      this.isDone = true;
      then();
    });
  }
}
