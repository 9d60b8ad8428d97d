// The in-page watcher of a narrow switch for bench/chat-views-server.ts: armed before a click,
// it notes the click's time (the event's timestamp), then checks every frame which message rows
// are in view; the switch is done in the first frame whose rows in view are all new (none of
// the narrow left), and it notes when that frame has been painted (a message posted then is
// handled after the paint). It also counts the frames that showed the "Loading messages…"
// spinner meanwhile.
import { z } from "zod";

export const SWITCH_WATCHER = `(() => {
  const rows = 'ol[aria-label="Messages"] li[data-message-id]';
  const before = new Set([...document.querySelectorAll(rows)].map((row) => row.dataset.messageId));
  const figures = { clickMs: null, seenMs: null, paintedMs: null, frames: 0, spinnerFrames: 0 };
  window.__switch = figures;
  addEventListener("click", (event) => {
    figures.clickMs = event.timeStamp;
    // Checked in each frame after its layout and the app's resize observers, which may still
    // move the rows before the paint (the list sets its scroll position there): a resize
    // observer made in the frame's animation callback is notified after the app's, made earlier.
    const check = () => {
      figures.frames++;
      if (document.querySelector(".list-spinner") !== null) figures.spinnerFrames++;
      let fresh = 0;
      let stale = 0;
      for (const row of document.querySelectorAll(rows)) {
        const rect = row.getBoundingClientRect();
        if (!(rect.height > 0 && rect.bottom > 0 && rect.top < innerHeight)) continue;
        if (before.has(row.dataset.messageId)) stale++;
        else fresh++;
      }
      if (fresh === 0 || stale > 0) { requestAnimationFrame(tick); return; }
      figures.seenMs = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { figures.paintedMs = performance.now(); };
      channel.port2.postMessage(null);
    };
    const tick = () => {
      const observer = new ResizeObserver(() => {
        observer.disconnect();
        check();
      });
      observer.observe(document.documentElement);
    };
    requestAnimationFrame(tick);
  }, { capture: true, once: true });
})()`;

export const switchSchema = z.object({
  clickMs: z.number(),
  seenMs: z.number(),
  paintedMs: z.number(),
  frames: z.number(),
  spinnerFrames: z.number(),
});

/** One switch: the watcher's figures (ms since navigation) and the fetch that left meanwhile. */
export type SwitchFigures = z.infer<typeof switchSchema> & {
  fetched: boolean;
  /** The first `GET /messages` after the click: request → response end (ms), if one left. */
  fetchMs: number | null;
};
