/**
 * The elements of the rows a window renders: the same row object gets the same element back
 * while it stays in the window, so React skips it on identity. Only the last render's rows are
 * kept (a strong map rebuilt each time, as large as the window). A weak map keyed by row would
 * keep an element for every row ever scrolled past, for as long as the rows live, and its
 * entries are ephemerons, which V8 finishes marking in the pause of a full collection: ≈ 18 ms
 * of one pause after a 10,000-message scroll (BENCHMARKS.md, chat views).
 */
export class WindowElements<Row extends object, Element> {
  private elements = new Map<Row, Element>();

  constructor(private readonly render: (row: Row) => Element) {}

  /** The elements of `rows` (the window, in order), rendering only rows new to it. */
  of(rows: readonly Row[]): Element[] {
    const previous = this.elements;
    const next = new Map<Row, Element>();
    const elements = rows.map((row) => {
      const element = previous.get(row) ?? this.render(row);
      next.set(row, element);
      return element;
    });
    this.elements = next;
    return elements;
  }
}
