// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MOVE_RULES } from "../../lib/move-rules";
import { realmQueries } from "../../queries/realm-queries";
import { userQueries } from "../../queries/user-queries";
import { sessionStore } from "../../stores/session-store";
import * as eg from "../../test/example-data";
import { shellStore } from "../shell/shell-store";
import { TopicVisibilityMenu } from "./topic-visibility-menu";

afterEach(() => {
  cleanup();
  sessionStore.getState().logout();
  shellStore.getState().closeDialog();
});

function renderMenu(moveThrough: number | undefined, role = eg.hamlet.role) {
  sessionStore.getState().login({ email: eg.hamlet.email, apiKey: "k", userId: eg.hamlet.user_id });
  const queryClient = new QueryClient();
  queryClient.setQueryData(userQueries.list().queryKey, [{ ...eg.hamlet, role }]);
  queryClient.setQueryData(realmQueries.moveRules().queryKey, DEFAULT_MOVE_RULES);
  render(
    <QueryClientProvider client={queryClient}>
      <TopicVisibilityMenu
        streamId={eg.general.stream_id}
        topic="lunch"
        run={() => undefined}
        moveThrough={moveThrough}
      />
    </QueryClientProvider>,
  );
}

async function labels(): Promise<string[]> {
  await userEvent.click(screen.getByRole("button", { name: "Mute or follow lunch" }));
  return screen.getAllByRole("menuitem").map((item) => item.textContent);
}

describe("TopicVisibilityMenu", () => {
  it("in a recipient header, moves the topic through the header's message", async () => {
    renderMenu(1234);
    expect(await labels()).toContain("Move topic");
    await userEvent.click(screen.getByRole("menuitem", { name: "Move topic" }));
    expect(shellStore.getState().dialog).toEqual({
      kind: "move",
      target: {
        messageId: 1234,
        streamId: eg.general.stream_id,
        topic: "lunch",
        isOneMessage: false,
        mayMoveStream: true,
      },
    });
  });

  it("offers no move without a message to move through, or to a guest", async () => {
    renderMenu(undefined);
    expect(await labels()).not.toContain("Move topic");
    cleanup();
    renderMenu(1234, 600);
    expect(await labels()).not.toContain("Move topic");
  });
});
