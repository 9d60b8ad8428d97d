import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { rerenderForLinkifierChange } from "../controllers/linkifier-rerender";
import { sessionStore } from "../stores/session-store";
import * as ev from "../test/api-events";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import { applyEventToQueries } from "./query-events";
import { realmQueries } from "./realm-queries";

// The re-rendering itself is tested in controllers/linkifier-rerender.test.ts; here, that a change
// of the list reaches it with the old and the new list.
vi.mock("../controllers/linkifier-rerender", () => ({
  appRerenderDeps: () => ({}),
  rerenderForLinkifierChange: vi.fn(() => Promise.resolve([])),
}));

const rerender = vi.mocked(rerenderForLinkifierChange);
const key = realmQueries.linkifiers().queryKey;
const zulip = wire.linkifier();
const par = wire.linkifier({
  id: 2,
  pattern: "PAR-(?P<id>[0-9]+)",
  url_template: "https://t/{id}",
});
let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  rerender.mockClear();
});

afterEach(() => {
  queryClient.clear();
});

describe("applyEventToQueries: linkifier changes re-render messages", () => {
  it("passes the old and the new list of a realm_linkifiers event", () => {
    queryClient.setQueryData(key, [zulip]);
    applyEventToQueries(queryClient, ev.realmLinkifiers(zulip, par));
    expect(rerender).toHaveBeenCalledTimes(1);
    expect(rerender.mock.calls[0]?.slice(1)).toEqual([[zulip], [zulip, par]]);
  });

  it("does not count the first list as a change", () => {
    applyEventToQueries(queryClient, ev.realmLinkifiers(zulip));
    expect(rerender).not.toHaveBeenCalled();
  });

  it("[OLD] realm_filters: compares once the current list is refetched", async () => {
    const api = setupApi();
    sessionStore.setState({ client: api.client });
    queryClient.setQueryData(key, [zulip]);
    const observer = new QueryObserver(queryClient, realmQueries.linkifiers());
    const unsubscribe = observer.subscribe(() => undefined);
    api.fake.json(200, success({ linkifiers: [par] }));
    applyEventToQueries(queryClient, ev.realmFilters());
    await vi.waitFor(() => {
      expect(rerender).toHaveBeenCalledTimes(1);
    });
    expect(rerender.mock.calls[0]?.slice(1)).toEqual([[zulip], [par]]);
    unsubscribe();
  });
});
