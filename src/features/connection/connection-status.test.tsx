// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { INITIAL_CONNECTION, sessionStore } from "../../stores/session-store";
import { ConnectionStatus } from "./connection-status";

afterEach(() => {
  cleanup();
  sessionStore.setState({ connection: INITIAL_CONNECTION, connectionState: "connecting" });
});

describe("ConnectionStatus", () => {
  it("says only “Connecting…” before anything has failed", () => {
    render(<ConnectionStatus />);
    expect(screen.getByRole("status").textContent).toBe("Connecting…");
    expect(screen.queryByRole("button", { name: "Retry now" })).toBeNull();
  });

  it("says the page is offline, showing what the device saved, once the server could not be reached", () => {
    render(<ConnectionStatus />);
    act(() => {
      sessionStore.setState({
        connection: {
          ...INITIAL_CONNECTION,
          failures: 2,
          lastError: "Failed to fetch",
          nextAttemptAt: Date.now() + 4_500,
        },
      });
    });
    expect(screen.getByRole("status").textContent).toMatch(
      /^Offline: the server cannot be reached\. Showing what this device saved; .*Retrying in \d+ s\.$/,
    );
    expect(screen.getByRole("button", { name: "Retry now" })).toBeTruthy();
    expect(screen.getByTestId("connection-status").className).toContain("connection-offline");
  });
});
