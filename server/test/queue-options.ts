import type { QueueOptions } from "../events/event-queue";

/**
 * The options of a plain event queue (every event type, no Markdown, an hour to live), as tests
 * and benchmarks create them directly in the registry; override what a test is about.
 */
export function queueOptions(overrides: Partial<QueueOptions> = {}): QueueOptions {
  return {
    eventTypes: null,
    applyMarkdown: false,
    clientGravatar: true,
    allPublicStreams: false,
    narrow: [],
    capabilities: {},
    lifespanMs: 3_600_000,
    clientName: "test",
    ...overrides,
  };
}
