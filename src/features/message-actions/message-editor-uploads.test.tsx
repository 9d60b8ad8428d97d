// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { uploadFile, type UploadedFile } from "../../api/uploads";
import { uploads } from "../../controllers/uploads";
import { uploadsStore } from "../../controllers/uploads-state";
import { draftsStore } from "../../stores/drafts-store";
import { sessionStore } from "../../stores/session-store";
import { uiStore } from "../../stores/ui-store";
import * as eg from "../../test/example-data";
import { MessageEditor } from "./message-editor";

// The binding alone is replaced: the controller and the editor are the app's.
vi.mock("../../api/uploads", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/uploads")>()),
  uploadFile: vi.fn(),
}));

let pending: ((uploaded: UploadedFile) => void)[] = [];
let patches: string[] = [];
const message = eg.streamMessage({ id: 654, subject: "lunch", sender_id: eg.hamlet.user_id });

beforeEach(() => {
  pending = [];
  patches = [];
  draftsStore.getState().reset();
  uploads.limitReceived(25);
  vi.mocked(uploadFile).mockReset();
  vi.mocked(uploadFile).mockImplementation(
    () =>
      new Promise((resolve) => {
        pending.push(resolve);
      }),
  );
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
    if (init.method === "PATCH") patches.push(typeof init.body === "string" ? init.body : "");
    const body =
      init.method === "PATCH"
        ? { result: "success", msg: "" }
        : { result: "success", msg: "", message, raw_content: "Before" };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  sessionStore
    .getState()
    .login({ email: eg.hamlet.email, apiKey: "key", userId: eg.hamlet.user_id });
  uiStore.getState().startEditing(message.id);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.getState().logout();
  uiStore.getState().stopEditing();
});

async function renderEditor(): Promise<HTMLTextAreaElement> {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MessageEditor message={message} />
    </QueryClientProvider>,
  );
  const area = await screen.findByRole<HTMLTextAreaElement>("textbox", { name: "Edit content" });
  // The editor opens focused with the cursor after the text, in the same commit that shows it.
  expect(document.activeElement).toBe(area);
  expect(area.selectionStart).toBe(area.value.length);
  return area;
}

const png = () => new File(["png-bytes"], "cat.png", { type: "image/png" });

describe("uploads in the edit box", () => {
  it("a pasted image uploads with progress; Save waits for it and saves the link", async () => {
    const area = await renderEditor();
    area.setSelectionRange(6, 6);
    fireEvent.paste(area, { clipboardData: { items: [{ kind: "file", getAsFile: png }] } });
    expect(area.value).toBe("Before\n[Uploading cat.png…]()\n");
    expect(screen.getByRole("progressbar", { name: "Upload of cat.png" })).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    fireEvent.keyDown(area, { key: "Enter", ctrlKey: true });
    expect(patches).toEqual([]);
    await act(async () => {
      pending[0]?.({ url: "/user_uploads/2/ab/x/cat.png", filename: "cat.png" });
      await Promise.resolve();
    });
    expect(area.value).toBe("Before\n[cat.png](/user_uploads/2/ab/x/cat.png)\n");
    expect(draftsStore.getState().drafts["edit:654"]).toBeUndefined();
    fireEvent.click(save);
    await vi.waitFor(() => {
      expect(patches).toHaveLength(1);
    });
    expect(new URLSearchParams(patches[0]).get("content")).toBe(
      "Before\n[cat.png](/user_uploads/2/ab/x/cat.png)\n",
    );
  });

  it("takes the attach button and a drop on itself, and Cancel takes the placeholder away", async () => {
    const area = await renderEditor();
    fireEvent.change(screen.getByTestId("compose-file-input"), { target: { files: [png()] } });
    expect(area.value).toBe("Before\n[Uploading cat.png…]()\n");
    fireEvent.drop(area, { dataTransfer: { types: ["Files"], files: [png()] } });
    expect(uploadFile).toHaveBeenCalledTimes(2);
    for (const button of screen.getAllByRole("button", { name: "Cancel" }).slice(0, 2)) {
      fireEvent.click(button);
    }
    expect(area.value).toBe("Before\n");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("closing the editor cancels its uploads", async () => {
    await renderEditor();
    fireEvent.change(screen.getByTestId("compose-file-input"), { target: { files: [png()] } });
    expect(uploadsStore.getState().uploads).toHaveLength(1);
    const signal = vi.mocked(uploadFile).mock.calls[0]?.[3]?.signal;
    cleanup();
    expect(uploadsStore.getState().uploads).toEqual([]);
    expect(signal?.aborted).toBe(true);
  });
});
