import { JSDOM } from "jsdom";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { CORPORA } from "../../common/test/corpora";
import {
  canonicalFragment,
  readMarkdownCorpus,
  ZULIP_TEST_CAMO,
  type MarkdownCorpus,
} from "../../common/test/markdown-corpus";
import { describeWithCorpora } from "../../common/test/vitest-corpora";
import { generateApiKey } from "../actions/api-key";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { insertStream, upsertSubscription } from "../db/streams";
import { addGroupMembers, insertUserGroup } from "../db/user-groups";
import { insertUser } from "../db/users";
import { startServer, type RunningServer } from "../start";
import { encodeParams } from "../test/test-server";
import { openTestDatabase } from "../test/test-database";

// Zulip's Markdown cases sent through `POST /messages` and read back with `GET /messages/{id}`:
// what the server gives the renderer (the organisation's URL, the sender's `translate_emoticons`
// setting, which the cases that carry it are sent with) and what it
// does to the content before rendering, against Zulip's expected HTML. The renderer's own suite
// (common/markdown/corpus.test.ts) compares the same cases the same way without the server.

type RegularCase = MarkdownCorpus["regular_tests"][number];

/** The organisation URL of Zulip's test server, which the expected HTML assumes. */
const ZULIP_TEST_REALM_URL = "http://zulip.testserver";

/**
 * The cases whose `rendered_content` differs from Zulip's expected HTML, by name, so that a
 * regression and a newly passing case both show:
 *
 * - `nl2br_trailing_space` (`test  `): the expected HTML is the renderer's alone. A Zulip server
 *   strips trailing whitespace from the content before rendering it (`normalize_body` in
 *   zerver/lib/message.py: `body.rstrip().lstrip("\n")`), so through Zulip it is `<p>test</p>`
 *   too, and Parley does the same.
 */
const KNOWN_FAILURES_THROUGH_THE_SERVER = ["nl2br_trailing_space"];

const { document } = new JSDOM("").window;

const normalise = (html: string): string => canonicalFragment(document, html);

/** Zulip's test organisation as far as the cases name it, in a database of its own. */
async function seedZulipTestRealm(db: Database): Promise<string> {
  await migrate(db);
  await db.query(
    "INSERT INTO realm (name, string_id, description, date_created) VALUES ($1, $2, '', 0)",
    ["Zulip Dev", "zulip"],
  );
  const people = [
    ["hamlet@zulip.com", "King Hamlet"],
    ["cordelia@zulip.com", "Cordelia, Lear's daughter"],
    ["othello@zulip.com", "Othello, the Moor of Venice"],
    ["iago@zulip.com", "Iago"],
  ] as const;
  const ids: number[] = [];
  const hamletKey = generateApiKey();
  for (const [email, fullName] of people) {
    const apiKey = email === "hamlet@zulip.com" ? hamletKey : generateApiKey();
    ids.push(
      await insertUser(db, { email, fullName, role: 400, isBot: false, apiKey, dateJoined: 0 }),
    );
  }
  for (const name of ["Denmark", "Verona", "Scotland"]) {
    const streamId = await insertStream(db, {
      name,
      description: "",
      inviteOnly: false,
      historyPublicToSubscribers: true,
      dateCreated: 0,
    });
    for (const id of ids) await upsertSubscription(db, id, streamId, "#76ce90");
  }
  const group = await insertUserGroup(db, {
    name: "hamletcharacters",
    description: "Characters of Hamlet",
    canMentionGroup: null,
  });
  await addGroupMembers(db, group, ids.slice(0, 2));
  return `Basic ${Buffer.from(`hamlet@zulip.com:${hamletKey}`).toString("base64")}`;
}

describeWithCorpora("Zulip's Markdown corpus through the server", [CORPORA.markdownCases], () => {
  const corpus = readMarkdownCorpus();
  let server: RunningServer;
  let hamlet: string;

  // The renderer's wall-clock backstops (budget.ts, math.ts) degrade a message that takes too
  // long: on a loaded machine a large formula passes them and its case compares as escaped text.
  // These suites are about the output, so the clock the backstops read stands still here; the
  // work limits still apply, and the renderer's own tests cover the backstops.
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    const db = await openTestDatabase();
    hamlet = await seedZulipTestRealm(db).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    const config = {
      ...loadConfig({}, process.cwd()),
      dataDir: undefined,
      clientDir: undefined,
      databaseUrl: undefined,
      realmUrl: ZULIP_TEST_REALM_URL,
      // Zulip's test camo, which the expected HTML of the inline video cases was made with.
      camo: ZULIP_TEST_CAMO,
    };
    server = await startServer(config, { db });
  });
  afterAll(async () => {
    await server.close();
    vi.useRealTimers();
  });

  async function call(
    method: "GET" | "POST" | "PATCH",
    path: string,
    params: Record<string, string | boolean> = {},
  ): Promise<Record<string, unknown>> {
    const encoded = encodeParams(params);
    const inBody = method !== "GET";
    const response = await server.app.inject({
      method,
      url: `/api/v1/${path}${!inBody && encoded !== "" ? `?${encoded}` : ""}`,
      headers: {
        authorization: hamlet,
        ...(inBody ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(inBody ? { payload: encoded } : {}),
    });
    const body = response.json<Record<string, unknown>>();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.body}`);
    return body;
  }

  let translating = false;

  /**
   * The case sent by King Hamlet to Denmark, as `GET /messages/{id}` renders it; his
   * `translate_emoticons` setting (PATCH /settings) is the case's.
   */
  async function throughServer(c: RegularCase): Promise<string> {
    const translate = c.translate_emoticons === true;
    if (translate !== translating) {
      await call("PATCH", "settings", { translate_emoticons: translate });
      translating = translate;
    }
    const sent = await call("POST", "messages", {
      type: "stream",
      to: "Denmark",
      topic: "corpus",
      content: c.input,
    });
    const { message } = await call("GET", `messages/${String(sent["id"])}`);
    // Our own server's message object; only its rendered content is read.
    return (message as { content: string }).content;
  }

  it("refuses the one case with no content, as Zulip does", async () => {
    const empty = corpus.regular_tests.filter((c) => c.input.trim() === "");
    expect(empty.map((c) => c.name)).toEqual(["empty"]);
    await expect(throughServer(empty[0] ?? corpus.regular_tests[0]!)).rejects.toThrow(
      "Message must not be empty",
    );
  });

  it("renders every regular case as Zulip does but the known failures", async () => {
    const failing: string[] = [];
    for (const c of corpus.regular_tests.filter((c) => c.input.trim() !== "")) {
      const got = normalise(await throughServer(c));
      if (got === normalise(c.expected_output)) continue;
      failing.push(c.name);
      if (process.env["CORPUS_VERBOSE"] === "1") {
        console.info(`FAIL ${c.name}\n  got:  ${got}\n  want: ${normalise(c.expected_output)}`);
      }
    }
    expect(failing.sort()).toEqual([...KNOWN_FAILURES_THROUGH_THE_SERVER].sort());
  }, 120_000);
});
