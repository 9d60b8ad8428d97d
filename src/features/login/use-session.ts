import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { devFetchApiKey, fetchApiKey } from "../../api/server";
import { useSessionStore } from "../../stores/session-store";
import { endSession, startSession } from "./session-actions";

/** Logs in as a development user, by email, with one click. */
export function useDevLogin() {
  const queryClient = useQueryClient();
  const client = useSessionStore((state) => state.client);
  return useMutation({
    mutationFn: (email: string) => devFetchApiKey(client, { username: email }),
    onSuccess: (response) => {
      startSession(queryClient, {
        email: response.email,
        apiKey: response.api_key,
        userId: response.user_id,
      });
    },
  });
}

/** Logs in with an email and password (`fetch_api_key`). */
export function usePasswordLogin() {
  const queryClient = useQueryClient();
  const client = useSessionStore((state) => state.client);
  return useMutation({
    mutationFn: (params: { username: string; password: string }) => fetchApiKey(client, params),
    onSuccess: (response) => {
      startSession(queryClient, {
        email: response.email,
        apiKey: response.api_key,
        userId: response.user_id,
      });
    },
  });
}

/** Returns the logout action. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    endSession(queryClient);
  }, [queryClient]);
}
