/** What to tell the user about a failed request: the server's message when it sent one. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message !== "") return error.message;
  return "Something went wrong. Please try again.";
}
