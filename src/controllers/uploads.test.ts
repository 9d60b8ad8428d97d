import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors";
import type { UploadedFile } from "../api/uploads";
import { createDraftsStore } from "../stores/drafts-store";
import { createUploadsController, uploadLink, uploadPlaceholder } from "./uploads";
import { createUploadsStore } from "./uploads-state";

interface PendingUpload {
  file: File;
  progress: (loaded: number, total: number) => void;
  signal: AbortSignal;
  resolve: (uploaded: UploadedFile) => void;
  reject: (error: unknown) => void;
}

const KEY = "stream:1";

function setup(maxMib: number | undefined = 25) {
  const store = createUploadsStore();
  const drafts = createDraftsStore();
  const pending: PendingUpload[] = [];
  const controller = createUploadsController({
    store,
    drafts,
    upload: (file, progress, signal) =>
      new Promise((resolve, reject) => {
        pending.push({ file, progress, signal, resolve, reject });
      }),
  });
  controller.limitReceived(maxMib);
  /** What the compose box does: the placeholder text inserted at the cursor. */
  const type = (before: string, files: File[], after = "") => {
    const inserted = controller.start(KEY, files);
    drafts.getState().draftChanged(KEY, { topic: "t", content: before + inserted + after });
    return inserted;
  };
  const content = () => drafts.getState().drafts[KEY]?.content;
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { store, drafts, pending, controller, type, content, flush };
}

const file = (name: string, size = 3) => new File(["x".repeat(size)], name);

describe("uploads controller", () => {
  it("inserts Zulip's placeholder, follows the progress, and writes the link when done", async () => {
    const { store, pending, type, content, flush } = setup();
    expect(type("Look:\n", [file("cat.png")], "more text")).toBe("[Uploading cat.png…]()\n");
    expect(store.getState().uploads).toMatchObject([{ name: "cat.png", loaded: 0, total: 3 }]);
    pending[0]?.progress(2, 3);
    expect(store.getState().uploads[0]).toMatchObject({ loaded: 2, total: 3 });
    pending[0]?.resolve({ url: "/user_uploads/2/ab/x/cat.png", filename: "cat.png" });
    await flush();
    expect(content()).toBe("Look:\n[cat.png](/user_uploads/2/ab/x/cat.png)\nmore text");
    expect(store.getState().uploads).toEqual([]);
  });

  it("cancel aborts the request and takes the placeholder out, leaving the rest", async () => {
    const { store, pending, controller, type, content, flush } = setup();
    type("Hello ", [file("a.pdf")], "world");
    const id = store.getState().uploads[0]?.id ?? -1;
    controller.cancel(id);
    expect(pending[0]?.signal.aborted).toBe(true);
    expect(content()).toBe("Hello world");
    pending[0]?.reject(pending[0].signal.reason);
    await flush();
    expect(store.getState().errors).toEqual({});
    expect(store.getState().uploads).toEqual([]);
  });

  it("a failure removes the placeholder, keeps the draft and shows the server's reason", async () => {
    const { store, pending, type, content, flush } = setup();
    type("Draft ", [file("a.pdf")], "kept");
    pending[0]?.reject(new ApiError(404, "BAD_REQUEST", "Not Found"));
    await flush();
    expect(content()).toBe("Draft kept");
    expect(store.getState().errors[KEY]).toBe("Couldn't upload “a.pdf”: Not Found");
  });

  it("a file over the organisation's limit is not sent and says so", () => {
    const { store, pending, type } = setup(1);
    const inserted = type("x", [file("big.bin", 1024 * 1024 + 1), file("ok.txt")]);
    expect(pending.map((each) => each.file.name)).toEqual(["ok.txt"]);
    expect(inserted).toBe(`${uploadPlaceholder("ok.txt")}\n`);
    expect(store.getState().errors[KEY]).toBe(
      "“big.bin” exceeds the maximum file size for attachments (1 MB).",
    );
  });

  it("uploads disabled (limit 0) sends nothing", () => {
    const { store, pending, type } = setup(0);
    expect(type("x", [file("a.txt")])).toBe("");
    expect(pending).toEqual([]);
    expect(store.getState().errors[KEY]).toBe(
      "File and image uploads have been disabled for this organization.",
    );
  });

  it("an empty file is not sent", () => {
    const { pending, type, store } = setup();
    expect(type("x", [file("empty.txt", 0)])).toBe("");
    expect(pending).toEqual([]);
    expect(store.getState().errors[KEY]).toBe("“empty.txt” is empty.");
  });

  it("a link whose placeholder was deleted is added at the end of the draft", async () => {
    const { drafts, pending, type, content, flush } = setup();
    type("", [file("a.png")]);
    drafts.getState().draftChanged(KEY, { topic: "t", content: "rewritten" });
    pending[0]?.resolve({ url: "/user_uploads/2/ab/x/a.png", filename: "a.png" });
    await flush();
    expect(content()).toBe("rewritten\n[a.png](/user_uploads/2/ab/x/a.png)");
  });
});

describe("an edit box's uploads", () => {
  /** An edit box: its text lives in the box (here a variable), not in a draft. */
  function editBox(initial: string) {
    const ctx = setup();
    const box = { content: initial };
    const close = ctx.controller.openBox("edit:9", {
      read: () => box.content,
      write: (content) => {
        box.content = content;
      },
    });
    const type = (before: string, files: File[], after = "") => {
      box.content = before + ctx.controller.start("edit:9", files) + after;
    };
    return { ...ctx, box, close, type };
  }

  it("writes the link into the box, never a draft, with the same placeholder flow", async () => {
    const { box, drafts, pending, store, type, flush } = editBox("");
    type("Fixed:\n", [file("cat.png"), file("dog.png")]);
    expect(box.content).toBe("Fixed:\n[Uploading cat.png…]()\n[Uploading dog.png…]()\n");
    expect(store.getState().uploads.map((upload) => upload.composeKey)).toEqual([
      "edit:9",
      "edit:9",
    ]);
    box.content += "typed meanwhile";
    pending[1]?.resolve({ url: "/user_uploads/2/ab/y/dog.png", filename: "dog.png" });
    pending[0]?.reject(new ApiError(400, "BAD_REQUEST", "Too big"));
    await flush();
    expect(box.content).toBe("Fixed:\n[dog.png](/user_uploads/2/ab/y/dog.png)\ntyped meanwhile");
    expect(store.getState().errors["edit:9"]).toBe("Couldn't upload “cat.png”: Too big");
    expect(drafts.getState().drafts["edit:9"]).toBeUndefined();
  });

  it("closing the box cancels its uploads and forgets its error; compose's go on", async () => {
    const { box, close, controller, drafts, pending, store, flush } = editBox("");
    box.content = controller.start("edit:9", [file("a.pdf")]);
    const composeText = controller.start(KEY, [file("b.pdf")]);
    drafts.getState().draftChanged(KEY, { topic: "t", content: composeText });
    controller.start("edit:9", [file("empty.txt", 0)]);
    close();
    expect(pending[0]?.signal.aborted).toBe(true);
    expect(pending[1]?.signal.aborted).toBe(false);
    expect(store.getState().uploads.map((upload) => upload.name)).toEqual(["b.pdf"]);
    expect(store.getState().errors["edit:9"]).toBeUndefined();
    pending[1]?.resolve({ url: "/user_uploads/2/ab/z/b.pdf", filename: "b.pdf" });
    await flush();
    expect(drafts.getState().drafts[KEY]?.content).toBe("[b.pdf](/user_uploads/2/ab/z/b.pdf)\n");
    expect(box.content).toBe("[Uploading a.pdf…]()\n");
  });
});

describe("uploadLink", () => {
  it("names the link after the URL's last segment, without brackets", () => {
    expect(uploadLink({ url: "/user_uploads/2/ab/x/a%20%5Bb%5D.png", filename: "z" })).toBe(
      "[a b.png](/user_uploads/2/ab/x/a%20%5Bb%5D.png)",
    );
  });
});
