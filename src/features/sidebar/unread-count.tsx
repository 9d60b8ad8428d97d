/**
 * A count badge; nothing when there is nothing unread. Links name themselves by their label and
 * point `aria-describedby` at this badge, so "general" stays "general" and the count is read after.
 */
export function UnreadCount({ id, count }: { id: string; count: number }) {
  if (count <= 0) return null;
  return (
    <span id={id} className="unread-count" aria-label={`${count} unread`}>
      {count}
    </span>
  );
}
