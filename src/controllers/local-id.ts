let counter = 0;

/**
 * A `local_id` unique within this page (and very likely across tabs): our own `message` event
 * echoes it as `local_message_id`, which is how a sent message is matched to its local echo.
 */
export function createLocalId(): string {
  counter += 1;
  return `${Date.now().toString(36)}.${counter.toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
}
