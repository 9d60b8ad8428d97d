/** Placeholder until the page lands (issue 7). */
export function UserDirectory() {
  return (
    <section className="page">
      <h1>Users</h1>
    </section>
  );
}
