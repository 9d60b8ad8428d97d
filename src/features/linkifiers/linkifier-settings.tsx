/** Placeholder until the page lands (issue 7). */
export function LinkifierSettings() {
  return (
    <section className="page">
      <h1>Linkifiers</h1>
    </section>
  );
}
