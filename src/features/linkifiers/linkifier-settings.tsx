import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useId } from "react";
import { Page } from "../../components/page";
import { realmQueries } from "../../queries/realm-queries";
import { useSnapshotQuery } from "../../queries/snapshot-query";
import { userQueries } from "../../queries/user-queries";
import { isAdministrator } from "../message-actions/message-actions";
import { errorMessage } from "../streams/error-message";
import { LinkifierTable } from "./linkifier-table";
import "./linkifiers.css";

// The form checks drafts with RE2 and the renderer, a large module: only administrators load it.
const LinkifierForm = lazy(() => import("./linkifier-form"));

/**
 * The organisation's linkifiers (`#organization/linkifier-settings`): the list for everyone,
 * kept current by `realm_linkifiers` events; administrators also add (checked as they type, with
 * a "Try it" box) and delete (after a confirmation).
 */
export function LinkifierSettings() {
  const listTitleId = useId();
  const linkifiers = useSnapshotQuery(realmQueries.linkifiers());
  const me = useQuery(userQueries.me()).data;
  const isAdmin = isAdministrator(me);
  return (
    <Page
      title="Linkifiers"
      className="linkifier-page"
      intro="Linkifiers turn text that matches a pattern, such as an issue number, into a link in every message and topic."
      note={
        me !== undefined &&
        !isAdmin && (
          <p className="linkifier-note">
            Only organization administrators can add, edit, reorder or delete linkifiers.
          </p>
        )
      }
    >
      {isAdmin && (
        <Suspense fallback={<p className="linkifier-hint">Loading the form…</p>}>
          <LinkifierForm />
        </Suspense>
      )}
      <section aria-labelledby={listTitleId} className="linkifier-list">
        <h2 id={listTitleId} className="linkifier-subtitle">
          Current linkifiers
          {linkifiers.data !== undefined && (
            <span className="linkifier-count"> ({linkifiers.data.length})</span>
          )}
        </h2>
        {linkifiers.data !== undefined ? (
          <LinkifierTable linkifiers={linkifiers.data} canEdit={isAdmin} />
        ) : linkifiers.isError ? (
          <p role="alert" className="linkifier-error">
            Could not load the linkifiers: {errorMessage(linkifiers.error)}
          </p>
        ) : (
          <p className="linkifier-hint">Loading…</p>
        )}
      </section>
    </Page>
  );
}
