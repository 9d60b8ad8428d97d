/**
 * "The other user" of the fault tests, and the server's view of the reader: a tiny API client
 * that talks to the server directly (never through the fault proxy), so faults never touch it.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function list(body: Json, key: string): Json[] {
  const value = body[key];
  if (!Array.isArray(value)) throw new Error(`the answer has no list "${key}"`);
  return value.filter(isObject);
}

function number(body: Json, key: string): number {
  const value = body[key];
  if (typeof value !== "number") throw new Error(`the answer has no number "${key}"`);
  return value;
}

export interface ApiUser {
  readonly email: string;
  /** Creates (or joins) a stream with these subscribers; returns its id. */
  createStream(name: string, subscriberEmails: readonly string[]): Promise<number>;
  /** Sends a stream message; returns the new message's id. */
  sendStream(stream: string, topic: string, content: string): Promise<number>;
  /** This user's unread stream messages per stream id, as the server counts them (zeros left out). */
  unreadByStream(): Promise<Record<number, number>>;
  /** This user's stream subscriptions by name. */
  streamIds(): Promise<Map<string, number>>;
}

/** Logs `email` in with the development API key and returns its client for `serverUrl`. */
export async function apiUser(serverUrl: string, email: string): Promise<ApiUser> {
  const keyAnswer = await fetch(`${serverUrl}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: email }),
  });
  const keyBody: unknown = await keyAnswer.json();
  const key = isObject(keyBody) ? keyBody["api_key"] : undefined;
  if (typeof key !== "string") throw new Error(`no development API key for ${email}`);
  const authorization = `Basic ${Buffer.from(`${email}:${key}`).toString("base64")}`;

  const call = async (
    method: "GET" | "POST",
    path: string,
    params: Record<string, string>,
  ): Promise<Json> => {
    const query = new URLSearchParams(params);
    const url = `${serverUrl}/api/v1/${path}${method === "GET" ? `?${query.toString()}` : ""}`;
    const answer = await fetch(url, {
      method,
      headers: { Authorization: authorization },
      ...(method === "GET" ? {} : { body: query }),
    });
    const body: unknown = await answer.json();
    if (!answer.ok || !isObject(body) || body["result"] !== "success") {
      throw new Error(`${method} ${path} as ${email}: ${answer.status} ${JSON.stringify(body)}`);
    }
    return body;
  };

  const streamIds = async (): Promise<Map<string, number>> => {
    const body = await call("GET", "users/me/subscriptions", {});
    const ids = new Map<string, number>();
    for (const item of list(body, "subscriptions")) {
      if (typeof item["name"] === "string") ids.set(item["name"], number(item, "stream_id"));
    }
    return ids;
  };

  return {
    email,
    async createStream(name, subscriberEmails) {
      await call("POST", "users/me/subscriptions", {
        subscriptions: JSON.stringify([{ name }]),
        principals: JSON.stringify(subscriberEmails),
      });
      const id = (await streamIds()).get(name);
      if (id === undefined) throw new Error(`stream ${name} was not created`);
      return id;
    },
    async sendStream(stream, topic, content) {
      const body = await call("POST", "messages", { type: "stream", to: stream, topic, content });
      return number(body, "id");
    },
    async unreadByStream() {
      // Zulip's largest window, anchored at the newest: every unread message of a test server.
      const body = await call("GET", "messages", {
        anchor: "newest",
        num_before: "5000",
        num_after: "0",
        narrow: JSON.stringify([{ operator: "is", operand: "unread" }]),
        apply_markdown: "false",
      });
      if (body["found_oldest"] !== true) throw new Error("more than 5000 unread messages");
      const counts: Record<number, number> = {};
      for (const message of list(body, "messages")) {
        if (message["type"] !== "stream") continue;
        const streamId = number(message, "stream_id");
        counts[streamId] = (counts[streamId] ?? 0) + 1;
      }
      return counts;
    },
    streamIds,
  };
}
