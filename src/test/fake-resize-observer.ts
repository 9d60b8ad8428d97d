/**
 * jsdom has no ResizeObserver. This one records what is observed (`pending`: observed and not
 * yet delivered) and delivers only when a test calls its `callback`; install it with
 * `vi.stubGlobal("ResizeObserver", FakeResizeObserver)`.
 */
export class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  readonly pending = new Set<Element>();

  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.instances.push(this);
  }

  observe(element: Element): void {
    this.pending.add(element);
  }

  unobserve(element: Element): void {
    this.pending.delete(element);
  }

  disconnect(): void {
    this.pending.clear();
  }
}
