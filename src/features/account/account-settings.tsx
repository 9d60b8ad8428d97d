/** Placeholder until the page lands (issue 7). */
export function AccountSettings() {
  return (
    <section className="page">
      <h1>Your account</h1>
    </section>
  );
}
