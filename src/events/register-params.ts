import type { RegisterQueueParams } from "../api/events";

/**
 * The queue options every registration sends. In a module of its own so that Node tools (the
 * memory benchmark's clients) register exactly as the app does without importing the event
 * machine, which brings the browser-side session store with it.
 */
export const REGISTER_PARAMS = {
  apply_markdown: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: false,
    stream_typing_notifications: true,
    user_settings_object: true,
    linkifier_url_template: true,
  },
} satisfies RegisterQueueParams;
