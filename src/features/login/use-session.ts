import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import {
  checkApiKey,
  fetchDevCredentials,
  fetchPasswordCredentials,
} from "../../queries/login-queries";
import { useSessionStore } from "../../stores/session-store";
import { endSession, startSession } from "./session-actions";

/** What every way of logging in is asked besides the credentials. */
export interface LoginChoice {
  /** Keep the credentials on this device (they survive closing the browser), not just the tab. */
  remember: boolean;
}

/** Logs in as a development user, by email, with one click. */
export function useDevLogin() {
  const queryClient = useQueryClient();
  const client = useSessionStore((state) => state.client);
  return useMutation({
    mutationFn: ({ email }: LoginChoice & { email: string }) => fetchDevCredentials(client, email),
    onSuccess: (credentials, { remember }) => {
      startSession(queryClient, credentials, { remember });
    },
  });
}

/** Logs in with an email and password (`fetch_api_key`). */
export function usePasswordLogin() {
  const queryClient = useQueryClient();
  const client = useSessionStore((state) => state.client);
  return useMutation({
    mutationFn: ({ username, password }: LoginChoice & { username: string; password: string }) =>
      fetchPasswordCredentials(client, { username, password }),
    onSuccess: (credentials, { remember }) => {
      startSession(queryClient, credentials, { remember });
    },
  });
}

/**
 * Logs in with an email and an API key, after checking them with `GET users/me`: a wrong key is
 * refused here (a mutation error, not the app's session-ended path) and never stored.
 */
export function useApiKeyLogin() {
  const queryClient = useQueryClient();
  const clientFor = useSessionStore((state) => state.clientFor);
  return useMutation({
    mutationFn: ({ email, apiKey }: LoginChoice & { email: string; apiKey: string }) =>
      checkApiKey(clientFor({ email, apiKey }), { email, apiKey }),
    onSuccess: (credentials, { remember }) => {
      startSession(queryClient, credentials, { remember });
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
