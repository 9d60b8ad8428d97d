import { useId } from "react";
import { Icon, type IconName } from "../../components/icon";
import { ORGANIZATION_PAGES, type OrganizationPage, type Route } from "../../lib/route";

const LINKS: readonly { page: OrganizationPage; icon: IconName }[] = [
  { page: "users", icon: "users" },
  { page: "groups", icon: "users" },
  { page: "emoji", icon: "smile" },
  { page: "linkifiers", icon: "hash" },
];

/**
 * The organisation's pages: users, user groups, custom emoji, linkifiers (everyone sees them;
 * administrators can change linkifiers there).
 */
export function OrganizationList({ currentRoute }: { currentRoute: Route }) {
  const headingId = useId();
  return (
    <nav className="sidebar-section" aria-labelledby={headingId}>
      <div className="sidebar-section-header">
        <h2 id={headingId} className="sidebar-heading">
          Organization
        </h2>
      </div>
      <ul className="sidebar-list">
        {LINKS.map(({ page, icon }) => (
          <li key={page} className="sidebar-item">
            <a
              className="sidebar-link"
              href={ORGANIZATION_PAGES[page].hash}
              aria-current={currentRoute.kind === page ? "page" : undefined}
            >
              <Icon name={icon} className="sidebar-link-icon" />
              <span className="sidebar-link-name">{ORGANIZATION_PAGES[page].title}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
