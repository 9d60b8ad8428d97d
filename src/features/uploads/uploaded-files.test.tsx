// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { success } from "../../test/fake-fetch";
import { querySessionPerTest } from "../../test/query-session";
import { UploadedFiles } from "./uploaded-files";

const session = querySessionPerTest();

const ATTACHMENTS = {
  attachments: [
    {
      id: 7,
      name: "report.pdf",
      path_id: "2/ab/x/report.pdf",
      size: 1536,
      create_time: Date.UTC(2026, 10, 2),
      messages: [{ id: 40, date_sent: Date.UTC(2026, 10, 2) }],
    },
  ],
  upload_space_used: 1536,
};

describe("Your uploaded files", () => {
  it("lists the uploads and deletes one after asking", async () => {
    const user = userEvent.setup();
    session.fake.json(200, success(ATTACHMENTS));
    render(<UploadedFiles />, { wrapper: session.wrapper });
    const row = (await screen.findByText("report.pdf")).closest("tr");
    if (row === null) throw new Error("no row");
    expect(within(row).getByText("1.5 KB")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "#40" }).getAttribute("href")).toBe(
      "#narrow/id/40",
    );

    await user.click(within(row).getByRole("button", { name: "Delete report.pdf…" }));
    expect(session.fake.requests).toHaveLength(1);
    session.fake.json(200, success({}));
    session.fake.json(200, success({ ...ATTACHMENTS, attachments: [] }));
    await user.click(within(row).getByRole("button", { name: "Delete report.pdf" }));
    expect(await screen.findByText("You have uploaded no files.")).toBeTruthy();
    expect(session.fake.requests[1]?.method).toBe("DELETE");
    expect(session.fake.requests[1]?.path).toBe("/api/v1/attachments/7");
  });
});
