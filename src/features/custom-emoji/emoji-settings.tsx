/** Placeholder until the page lands (issue 7). */
export function EmojiSettings() {
  return (
    <section className="page">
      <h1>Custom emoji</h1>
    </section>
  );
}
