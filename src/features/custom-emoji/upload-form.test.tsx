// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { realmQueries } from "../../queries/realm-queries";
import { sessionStore } from "../../stores/session-store";
import { setupApi } from "../../test/api-client";
import * as wire from "../../test/api-fixtures";
import { success, type createFakeFetch } from "../../test/fake-fetch";
import { EmojiUploadForm } from "./upload-form";

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const existing = { "1": wire.realmEmoji({ id: "1", name: "shipit" }) };

let fake: ReturnType<typeof createFakeFetch>;
const createObjectURL = vi.fn((_blob: Blob) => "blob:preview-1");
const revokeObjectURL = vi.fn((_url: string) => undefined);

beforeEach(() => {
  const api = setupApi();
  fake = api.fake;
  sessionStore.getState().login({ email: "hamlet@parley.test", apiKey: "k", userId: 11 });
  sessionStore.setState({ client: api.client });
  // jsdom has no object URLs.
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(realmQueries.emoji().queryKey, existing);
  render(
    <QueryClientProvider client={queryClient}>
      <EmojiUploadForm existing={existing} />
    </QueryClientProvider>,
  );
  return {
    name: screen.getByRole("textbox", { name: "Name" }),
    file: screen.getByLabelText("Image"),
    upload: screen.getByRole("button", { name: /Upload/ }),
  };
}

/** The text of the elements that describe `element` (aria-describedby). */
function description(element: HTMLElement): string {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

function pngFile(name = "duck.png"): File {
  return new File([PNG_BYTES], name, { type: "image/png" });
}

describe("EmojiUploadForm", () => {
  it("shows no problem before the user has done anything", () => {
    const form = renderForm();
    expect(form.upload).toHaveProperty("disabled", false);
    expect(description(form.upload)).toBe("");
    expect(form.name.getAttribute("aria-invalid")).toBe("false");
    expect(screen.queryByText("Upload needs a name.")).toBeNull();
  });

  it("on Upload with nothing filled in, says what is missing and sends nothing", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(form.upload);
    expect(description(form.upload)).toBe("Upload needs a name.");
    expect(form.upload).toHaveProperty("disabled", true);
    expect(form.name.getAttribute("aria-invalid")).toBe("true");
    expect(description(form.name)).toBe("Enter a name for the emoji.");
    expect(document.activeElement).toBe(form.name);
    await user.type(form.name, "duck");
    expect(description(form.upload)).toBe("Upload needs an image.");
    expect(form.upload).toHaveProperty("disabled", true);
    expect(fake.requests).toHaveLength(0);
  });

  it("shows a blank name's problem once the name field was left", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(form.name);
    expect(form.name.getAttribute("aria-invalid")).toBe("false");
    await user.tab();
    expect(form.name.getAttribute("aria-invalid")).toBe("true");
    expect(description(form.upload)).toBe("Upload needs a name.");
  });

  it("shows name problems inline with the server's rules before anything is sent", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, "Rubber Duck");
    expect(form.name.getAttribute("aria-invalid")).toBe("true");
    expect(description(form.name)).toBe(
      "Emoji names must contain only lowercase alphanumeric characters, underscore, and hyphen.",
    );
    await user.clear(form.name);
    await user.type(form.name, "duck_");
    expect(description(form.name)).toBe("Emoji names must end with either a letter or digit.");
    await user.clear(form.name);
    await user.type(form.name, "shipit");
    expect(description(form.name)).toBe("A custom emoji called :shipit: already exists.");
    await user.upload(form.file, pngFile());
    expect(description(form.upload)).toBe("Upload needs an allowed name.");
    expect(form.upload).toHaveProperty("disabled", true);
    expect(fake.requests).toEqual([]);
  });

  it("refuses a file by its content, not its name, with no preview", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, "sneaky");
    const svg = new File(['<svg onload="alert(1)"/>'], "sneaky.png", { type: "image/png" });
    await user.upload(form.file, svg);
    expect(
      await screen.findByText("Invalid image format: use PNG, GIF, JPEG or WebP."),
    ).toBeTruthy();
    expect(form.file.getAttribute("aria-invalid")).toBe("true");
    expect(description(form.file)).toBe("Invalid image format: use PNG, GIF, JPEG or WebP.");
    expect(form.upload).toHaveProperty("disabled", true);
    expect(screen.queryByRole("img", { name: "Preview of the chosen image" })).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it("refuses a file over 5 MiB", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, "huge");
    const huge = new File([PNG_BYTES, new Uint8Array(5 * 1024 * 1024)], "huge.png", {
      type: "image/png",
    });
    await user.upload(form.file, huge);
    expect(await screen.findByText("The file is 5.0 MiB; the limit is 5 MiB.")).toBeTruthy();
    expect(form.upload).toHaveProperty("disabled", true);
  });

  it("previews a good image, suggests a name from it, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.upload(form.file, pngFile("Rubber Duck.png"));
    const preview = await screen.findByRole("img", { name: "Preview of the chosen image" });
    expect(preview.getAttribute("src")).toBe("blob:preview-1");
    expect(form.name).toHaveProperty("value", "rubber_duck");
    await waitFor(() => {
      expect(form.upload).toHaveProperty("disabled", false);
    });

    fake.json(400, { result: "error", msg: "Insufficient permission", code: "BAD_REQUEST" });
    await user.click(form.upload);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not add :rubber_duck:: Insufficient permission",
    );
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/realm/emoji/rubber_duck");
    expect(fake.lastRequest.files["file"]?.size).toBe(PNG_BYTES.length);
  });

  it("uploads, then clears the form and revokes the preview's URL", async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.name, "duck");
    await user.upload(form.file, pngFile());
    await waitFor(() => {
      expect(form.upload).toHaveProperty("disabled", false);
    });
    fake.json(200, success({}));
    await user.click(form.upload);
    expect((await screen.findByRole("status")).textContent).toBe("Added :duck:.");
    expect(form.name).toHaveProperty("value", "");
    expect(screen.queryByRole("img", { name: "Preview of the chosen image" })).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:preview-1");
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      "POST /api/v1/realm/emoji/duck",
    ]);
  });
});
