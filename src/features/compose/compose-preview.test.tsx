// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ComposePreview } from "./compose-preview";

// The message list's upload URLs, answered at once: the preview must go through them.
vi.mock("../../controllers/upload-urls", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../controllers/upload-urls")>()),
  uploadUrls: {
    temporaryUrl: (url: string) => Promise.resolve(`http://localhost:3000/temporary${url}`),
    fileSize: () => Promise.resolve(2048),
  },
}));

afterEach(cleanup);

function renderPreview(content: string) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <ComposePreview content={content} />
    </QueryClientProvider>,
  );
}

describe("compose preview", () => {
  it("loads the draft's uploaded image through its temporary URL, as a message body does", async () => {
    renderPreview("[cat.png](/user_uploads/2/ab/x/cat.png)");
    const image = await screen.findByRole("img");
    await vi.waitFor(() => {
      expect(image.getAttribute("src")).toBe(
        "http://localhost:3000/temporary/user_uploads/2/ab/x/cat.png",
      );
    });
  });

  it("shows a linked file as a chip with its size", async () => {
    renderPreview("[report.pdf](/user_uploads/2/ab/x/report.pdf)");
    const chip = await screen.findByRole("link", { name: /report\.pdf/ });
    await vi.waitFor(() => {
      expect(chip.textContent).toBe("report.pdf, 2.0 KB");
    });
    expect(chip.classList.contains("message-file-chip")).toBe(true);
  });
});
