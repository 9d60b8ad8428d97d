import { QueryClient } from "@tanstack/react-query";
import { beforeEach, describe, expect, it } from "vitest";
import type { AttachmentEvent } from "../../common/wire/uploads";
import { attachmentQueries } from "./attachment-queries";
import { applyEventToQueries } from "./query-events";

const attachment = (id: number, messageIds: number[] = []) => ({
  id,
  name: `file-${id}.png`,
  path_id: `1/ab/${"x".repeat(24)}/file-${id}.png`,
  size: 100 * id,
  create_time: 1_700_000_000_000 + id,
  messages: messageIds.map((mid) => ({ id: mid, date_sent: 1_700_000_000_000 + mid })),
});

const event = (
  op: "add" | "update" | "remove",
  a: ReturnType<typeof attachment>,
  space: number,
): AttachmentEvent =>
  op === "remove"
    ? { type: "attachment", id: 1, op, attachment: { id: a.id }, upload_space_used: space }
    : { type: "attachment", id: 1, op, attachment: a, upload_space_used: space };

let queryClient: QueryClient;
const key = attachmentQueries.list().queryKey;
const list = () => queryClient.getQueryData(key);
beforeEach(() => {
  queryClient = new QueryClient();
});

describe("attachment events in the uploaded files' list", () => {
  beforeEach(() => {
    queryClient.setQueryData(key, {
      result: "success",
      msg: "",
      attachments: [attachment(2), attachment(1)],
      upload_space_used: 300,
    });
  });

  it("add puts the new upload first, update replaces it in place, remove drops it", () => {
    applyEventToQueries(queryClient, event("add", attachment(3), 600));
    expect(list()?.attachments.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(list()?.upload_space_used).toBe(600);

    applyEventToQueries(queryClient, event("update", attachment(2, [40]), 600));
    expect(list()?.attachments.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(list()?.attachments[1]?.messages).toEqual([{ id: 40, date_sent: 1_700_000_000_040 }]);

    applyEventToQueries(queryClient, event("remove", attachment(3), 300));
    expect(list()?.attachments.map((a) => a.id)).toEqual([2, 1]);
    expect(list()?.upload_space_used).toBe(300);
  });
});

it("an event before the page was opened caches nothing (the page asks for the list)", () => {
  applyEventToQueries(queryClient, event("add", attachment(3), 600));
  expect(list()).toBeUndefined();
});
