/** Placeholder until the page lands (issue 7). */
export function GroupDirectory() {
  return (
    <section className="page">
      <h1>User groups</h1>
    </section>
  );
}
