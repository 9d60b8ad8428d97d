// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors";
import { uploadFile, type UploadedFile } from "../../api/uploads";
import { uploads } from "../../controllers/uploads";
import { topicNarrow } from "../../lib/narrow";
import { realmQueries } from "../../queries/realm-queries";
import { streamQueries } from "../../queries/stream-queries";
import { subscriptionQueries } from "../../queries/subscription-queries";
import { userQueries } from "../../queries/user-queries";
import { draftsStore } from "../../stores/drafts-store";
import * as eg from "../../test/example-data";
import { ComposeBox } from "./compose-box";
import { insertBlock } from "./compose-uploads";

// The binding alone is replaced: the controller, the drafts and the view are the app's.
vi.mock("../../api/uploads", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/uploads")>()),
  uploadFile: vi.fn(),
}));

interface Pending {
  resolve: (uploaded: UploadedFile) => void;
  reject: (error: unknown) => void;
  progress: (loaded: number, total: number) => void;
}
let pending: Pending[] = [];

function renderCompose() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueries.list().queryKey, [eg.iago]);
  client.setQueryData(subscriptionQueries.list().queryKey, [eg.subscription()]);
  client.setQueryData(streamQueries.list().queryKey, []);
  client.setQueryData(realmQueries.userGroups().queryKey, []);
  client.setQueryData(realmQueries.emoji().queryKey, {});
  client.setQueryData(realmQueries.linkifiers().queryKey, []);
  render(
    <QueryClientProvider client={client}>
      <ComposeBox
        narrow={topicNarrow(eg.general.stream_id, eg.general.name, "cats")}
        userName={String}
      />
    </QueryClientProvider>,
  );
  return screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Message" });
}

function typeText(textarea: HTMLTextAreaElement, text: string, caret = text.length) {
  fireEvent.change(textarea, { target: { value: text } });
  textarea.setSelectionRange(caret, caret);
}

const png = () => new File(["png-bytes"], "cat.png", { type: "image/png" });

beforeEach(() => {
  pending = [];
  draftsStore.getState().reset();
  uploads.limitReceived(25);
  vi.mocked(uploadFile).mockReset();
  vi.mocked(uploadFile).mockImplementation(
    (_client, _file, _name, options) =>
      new Promise((resolve, reject) => {
        pending.push({
          resolve,
          reject,
          progress: (loaded, total) => options?.onProgress?.(loaded, total),
        });
      }),
  );
});
afterEach(cleanup);

describe("compose uploads", () => {
  it("a pasted image puts the placeholder at the caret, shows progress, then the link", async () => {
    const textarea = renderCompose();
    typeText(textarea, "Look at this: and that", 13);
    fireEvent.paste(textarea, {
      clipboardData: { items: [{ kind: "file", getAsFile: png }] },
    });
    expect(textarea.value).toBe("Look at this:\n[Uploading cat.png…]()\n and that");
    const bar = screen.getByRole("progressbar", { name: "Upload of cat.png" });
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", true);
    act(() => {
      pending[0]?.progress(4, 9);
    });
    expect(bar.getAttribute("value")).toBe("4");
    await act(async () => {
      pending[0]?.resolve({ url: "/user_uploads/2/ab/x/cat.png", filename: "cat.png" });
      await Promise.resolve();
    });
    expect(textarea.value).toBe(
      "Look at this:\n[cat.png](/user_uploads/2/ab/x/cat.png)\n and that",
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false);
  });

  it("a failed upload (the server's 404) shows the error beside compose and keeps the draft", async () => {
    const textarea = renderCompose();
    typeText(textarea, "My draft");
    fireEvent.change(screen.getByTestId("compose-file-input"), { target: { files: [png()] } });
    expect(textarea.value).toBe("My draft\n[Uploading cat.png…]()\n");
    await act(async () => {
      pending[0]?.reject(new ApiError(404, "BAD_REQUEST", "Not Found"));
      await Promise.resolve();
    });
    expect(screen.getByRole("alert").textContent).toBe("Couldn't upload “cat.png”: Not Found");
    expect(textarea.value).toBe("My draft\n");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("cancel takes the placeholder and the progress bar away", () => {
    const textarea = renderCompose();
    typeText(textarea, "Text");
    fireEvent.drop(document, { dataTransfer: { types: ["Files"], files: [png()] } });
    expect(textarea.value).toBe("Text\n[Uploading cat.png…]()\n");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(textarea.value).toBe("Text\n");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("a drop something else took (an edit box) is not compose's", () => {
    const textarea = renderCompose();
    typeText(textarea, "Text");
    const other = document.createElement("div");
    other.addEventListener("drop", (event) => {
      event.preventDefault();
    });
    document.body.append(other);
    fireEvent.drop(other, { dataTransfer: { types: ["Files"], files: [png()] } });
    other.remove();
    expect(uploadFile).not.toHaveBeenCalled();
    expect(textarea.value).toBe("Text");
  });

  it("a file over the limit is refused before sending, with the limit named", () => {
    uploads.limitReceived(0);
    const textarea = renderCompose();
    typeText(textarea, "Text");
    fireEvent.drop(document, { dataTransfer: { types: ["Files"], files: [png()] } });
    expect(uploadFile).not.toHaveBeenCalled();
    expect(textarea.value).toBe("Text");
    expect(screen.getByRole("alert").textContent).toBe(
      "File and image uploads have been disabled for this organization.",
    );
  });
});

describe("insertBlock", () => {
  it("puts the text on a line of its own", () => {
    expect(insertBlock("", 0, 0, "[x]()\n")).toEqual({ text: "[x]()\n", caret: 6 });
    expect(insertBlock("ab", 1, 2, "[x]()\n")).toEqual({ text: "a\n[x]()\n", caret: 8 });
    expect(insertBlock("a\n", 2, 2, "[x]()\n")).toEqual({ text: "a\n[x]()\n", caret: 8 });
  });
});
