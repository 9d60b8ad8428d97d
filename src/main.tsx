import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { endSession, SESSION_ENDED_NOTICE } from "./features/login/session-actions";
import { createQueryClient } from "./queries/query-client";
import "./styles.css";

const queryClient = createQueryClient(() => {
  endSession(queryClient, SESSION_ENDED_NOTICE);
});

const root = document.getElementById("root");
if (root === null) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
