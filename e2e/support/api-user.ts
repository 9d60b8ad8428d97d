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

/** The HTTP methods the API uses. */
type ApiMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** An answer as it came, success or not: for checking a refusal. */
interface ApiAnswer {
  status: number;
  body: Json;
}

export interface ApiUser {
  readonly email: string;
  /** The development API key this client uses (the app keeps it in its stored session). */
  readonly apiKey: string;
  /** Any endpoint, parameters in the query (GET) or the form body; throws unless it succeeds. */
  call(method: ApiMethod, path: string, params?: Record<string, string>): Promise<Json>;
  /** Any endpoint; never throws on a refusal: the status and the body. */
  answer(method: ApiMethod, path: string, params?: Record<string, string>): Promise<ApiAnswer>;
  /**
   * Creates (or joins) a stream with these subscribers (and this description, for a new one);
   * returns its id.
   */
  createStream(
    name: string,
    subscriberEmails: readonly string[],
    description?: string,
  ): Promise<number>;
  /** Sends a stream message; returns the new message's id. */
  sendStream(stream: string, topic: string, content: string): Promise<number>;
  /** Sends `count` stream messages, one after the other: "m0", "m1", … */
  sendNumbered(stream: string, topic: string, count: number): Promise<void>;
  /** This user's unread stream messages per stream id, as the server counts them (zeros left out). */
  unreadByStream(): Promise<Record<number, number>>;
  /** This user's unread messages per topic of one stream, as the server counts them. */
  unreadByTopic(streamId: number): Promise<Record<string, number>>;
  /** Whether this user has any unread message at all. */
  hasUnread(): Promise<boolean>;
  /** This user's stream subscriptions by name. */
  streamIds(): Promise<Map<string, number>>;
  /** Everyone in the organisation: user id by email. */
  userIds(): Promise<Map<string, number>>;
}

/** The development API key of a demo user (`dev_fetch_api_key`). */
export async function devApiKey(serverUrl: string, email: string): Promise<string> {
  const keyAnswer = await fetch(`${serverUrl}/api/v1/dev_fetch_api_key`, {
    method: "POST",
    body: new URLSearchParams({ username: email }),
  });
  const keyBody: unknown = await keyAnswer.json();
  const key = isObject(keyBody) ? keyBody["api_key"] : undefined;
  if (typeof key !== "string") {
    throw new Error(`no development API key for ${email}: ${JSON.stringify(keyBody)}`);
  }
  return key;
}

/** Logs `email` in with the development API key and returns its client for `serverUrl`. */
export async function apiUser(serverUrl: string, email: string): Promise<ApiUser> {
  const apiKey = await devApiKey(serverUrl, email);
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString("base64")}`;

  const answer = async (
    method: ApiMethod,
    path: string,
    params: Record<string, string> = {},
  ): Promise<ApiAnswer> => {
    const query = new URLSearchParams(params);
    const url = `${serverUrl}/api/v1/${path}${method === "GET" ? `?${query.toString()}` : ""}`;
    const response = await fetch(url, {
      method,
      headers: { Authorization: authorization },
      ...(method === "GET" ? {} : { body: query }),
    });
    const body: unknown = await response.json();
    if (!isObject(body)) throw new Error(`${method} ${path}: not a JSON object`);
    return { status: response.status, body };
  };

  const call = async (
    method: ApiMethod,
    path: string,
    params: Record<string, string> = {},
  ): Promise<Json> => {
    const { status, body } = await answer(method, path, params);
    if (status < 200 || status > 299 || body["result"] !== "success") {
      throw new Error(`${method} ${path} as ${email}: ${status} ${JSON.stringify(body)}`);
    }
    return body;
  };

  const idsBy = async (path: string, key: string, nameKey: string, idKey: string) => {
    const ids = new Map<string, number>();
    for (const item of list(await call("GET", path), key)) {
      const name = item[nameKey];
      if (typeof name === "string") ids.set(name, number(item, idKey));
    }
    return ids;
  };
  const streamIds = () => idsBy("users/me/subscriptions", "subscriptions", "name", "stream_id");

  /** Unread messages in `narrow`, newest first, at most `limit`. */
  const unread = async (narrow: readonly Json[], limit: number): Promise<Json[]> => {
    const body = await call("GET", "messages", {
      anchor: "newest",
      num_before: String(limit),
      num_after: "0",
      narrow: JSON.stringify([...narrow, { operator: "is", operand: "unread" }]),
      apply_markdown: "false",
    });
    if (limit > 1 && body["found_oldest"] !== true) {
      throw new Error(`more than ${limit} unread messages`);
    }
    return list(body, "messages");
  };

  return {
    email,
    apiKey,
    call,
    answer,
    async createStream(name, subscriberEmails, description) {
      await call("POST", "users/me/subscriptions", {
        subscriptions: JSON.stringify([
          description === undefined ? { name } : { name, description },
        ]),
        principals: JSON.stringify(subscriberEmails),
      });
      const id = (await streamIds()).get(name);
      if (id === undefined) throw new Error(`stream ${name} was not created`);
      return id;
    },
    async sendStream(stream, topic, content) {
      const body = await call("POST", "messages", {
        type: "stream",
        to: stream,
        topic,
        content,
      });
      return number(body, "id");
    },
    async sendNumbered(stream, topic, count) {
      for (let index = 0; index < count; index++) {
        await call("POST", "messages", {
          type: "stream",
          to: stream,
          topic,
          content: `m${index}`,
        });
      }
    },
    async unreadByStream() {
      // Zulip's largest window, anchored at the newest: every unread message of a test server.
      const counts: Record<number, number> = {};
      for (const message of await unread([], 5000)) {
        if (message["type"] !== "stream") continue;
        const streamId = number(message, "stream_id");
        counts[streamId] = (counts[streamId] ?? 0) + 1;
      }
      return counts;
    },
    async unreadByTopic(streamId) {
      const counts: Record<string, number> = {};
      for (const message of await unread([{ operator: "stream", operand: streamId }], 5000)) {
        const topic = String(message["subject"]);
        counts[topic] = (counts[topic] ?? 0) + 1;
      }
      return counts;
    },
    async hasUnread() {
      return (await unread([], 1)).length > 0;
    },
    streamIds,
    userIds: () => idsBy("users", "members", "email", "user_id"),
  };
}

/**
 * The contents of a topic's newest messages as `user` reads them from the server, in the
 * server's order (by id), as typed (no Markdown).
 */
export async function topicContents(
  user: ApiUser,
  streamId: number,
  topic: string,
): Promise<unknown[]> {
  const stored = await user.call("GET", "messages", {
    anchor: "newest",
    num_before: "20",
    num_after: "0",
    narrow: JSON.stringify([
      { operator: "stream", operand: streamId },
      { operator: "topic", operand: topic },
    ]),
    apply_markdown: "false",
  });
  const messages = Array.isArray(stored["messages"]) ? stored["messages"] : [];
  return messages.map((message: unknown) =>
    typeof message === "object" && message !== null && "content" in message
      ? message.content
      : undefined,
  );
}
