import type { Clock } from "../clock";
import type { QueueRegistry } from "../events/queue-registry";
import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from "./register";

/**
 * Zulip's `send_restart_events` (`zerver/tornado/event_queue.py`): after a start that restored
 * the event queues of the previous run, every queue that accepts it gets a `restart` event with
 * the server's version, feature level, merge base and generation (the start time, in seconds),
 * so open clients can tell the server changed under them and refresh what depends on it. As of
 * feature level 240 the event has no `immediate` flag.
 */
export function sendRestartEvents(queues: QueueRegistry, clock: Clock): void {
  const serverGeneration = Math.floor(clock.now() / 1000);
  queues.publishWhere(
    () => true,
    () => ({
      type: "restart",
      zulip_version: ZULIP_VERSION,
      zulip_merge_base: ZULIP_VERSION,
      zulip_feature_level: ZULIP_FEATURE_LEVEL,
      server_generation: serverGeneration,
    }),
  );
}
