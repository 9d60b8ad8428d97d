import { useQuery } from "@tanstack/react-query";
import { serverQueries } from "../../queries/server-queries";
import { userQueries } from "../../queries/user-queries";

/**
 * What the shell could not load (your profile, the server's settings), each with a retry. The
 * rest of the app keeps working meanwhile: these only name and decorate it.
 */
export function ShellProblems() {
  const me = useQuery(userQueries.me());
  const settings = useQuery(serverQueries.settings());
  const problems = [
    me.isError && { what: "your profile", error: me.error, retry: me.refetch },
    settings.isError && {
      what: "the server settings",
      error: settings.error,
      retry: settings.refetch,
    },
  ].filter((problem) => problem !== false);
  if (problems.length === 0) return null;
  return (
    <div className="shell-problems" role="alert">
      {problems.map((problem) => (
        <p key={problem.what}>
          Could not load {problem.what}: {problem.error.message}{" "}
          <button type="button" className="button" onClick={() => void problem.retry()}>
            Retry
          </button>
        </p>
      ))}
    </div>
  );
}
