import { useId, type ReactNode } from "react";
import "./page.css";

/**
 * An organisation page (linkifiers, custom emoji, users, user groups, your account): a region
 * named by its `<h1>` title, with an intro line under the title and, in `note`, anything more
 * the header says (such as who may change the page). `className` names the page for its own
 * styles and for tests. The shared filter box and states are the classes of page.css
 * (`page-toolbar`, `page-filter`, `page-state`).
 */
export function Page({
  title,
  intro,
  note,
  className,
  children,
}: {
  title: string;
  intro: ReactNode;
  note?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={className === undefined ? "page" : `page ${className}`}
      aria-labelledby={titleId}
    >
      <div className="page-inner">
        <header>
          <h1 id={titleId} className="page-title">
            {title}
          </h1>
          <p className="page-intro">{intro}</p>
          {note}
        </header>
        {children}
      </div>
    </section>
  );
}
