import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_SELECT, type MessageRecord } from "../db/messages";
import { demoSuite } from "../test/demo-suite";
import { sendToStream } from "../test/message-action-helpers";
import { LARGER_THAN_MAX_MESSAGE_ID } from "./get-messages";
import { searchCondition } from "./narrow-search";
import { searchFetchRows, type SearchFetch } from "./narrow-search-plan";
import { Where } from "./narrow-where";

const suite = demoSuite(["hamlet", "iago"]);
// Windows of a few ids, so that a short history takes every way: the first walk, a further
// walk the matches seen promise, and the index read of matches too rare to walk to.
const TINY = { walk: 4, maxWalk: 24 };
const sent: number[] = [];

beforeAll(async () => {
  for (let i = 0; i < 48; i++) {
    const extra = [
      i % 3 === 0 ? "the walrus looks good" : "",
      i === 5 || i === 9 ? "narwhal" : "",
      // Common long ago, absent from the newest messages the walks reach.
      i < 20 && i % 2 === 0 ? "orca" : "",
    ].join(" ");
    sent.push(
      await sendToStream(suite.server, suite.as("iago"), "general", "plan", `n${i} ${extra}`),
    );
  }
});

async function hamletId(): Promise<number> {
  const [row] = await suite.server.ctx.db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'hamlet@parley.test'",
  );
  return row?.id ?? 0;
}

async function fetchFor(operand: string, anchor: number, history: boolean): Promise<SearchFetch> {
  const where = new Where();
  const viewer = where.param(await hamletId());
  const search = searchCondition(operand, (value) => where.param(value));
  where.add(search.indexed, false, search.scanned);
  const join = history ? "LEFT JOIN" : "JOIN";
  const viewerJoin = `${join} user_messages um ON um.message_id = m.id AND um.user_id = ${viewer}`;
  const select = `${MESSAGE_SELECT} ${viewerJoin}`;
  return { where, select, viewerJoin, anchor, numBefore: 3, numAfter: 3, includeAnchor: true };
}

/** What the one unbounded query finds: the wanted rows (one more than asked) on each side. */
async function expected(fetch: SearchFetch): Promise<number[]> {
  const rows = await suite.server.ctx.db.query<MessageRecord>(
    `${fetch.select} WHERE ${fetch.where.sql()} ORDER BY m.id`,
    fetch.where.params,
  );
  const ids = rows.map((row) => row.id);
  const before = ids.filter((id) => id < fetch.anchor).slice(-(fetch.numBefore + 1));
  const after = ids.filter((id) => id > fetch.anchor).slice(0, fetch.numAfter + 1);
  return [...before, ...ids.filter((id) => id === fetch.anchor), ...after];
}

describe("a search's bounded plan", () => {
  const operands = ["walrus", '"walrus looks"', "narwhal", "orca", "zebu"];
  it.each(operands)(
    "finds what the unbounded query finds for %s, around any anchor",
    async (op) => {
      const anchors = [LARGER_THAN_MAX_MESSAGE_ID, 0, sent[24] ?? 0, sent[5] ?? 0, sent[47] ?? 0];
      for (const anchor of anchors) {
        for (const history of [false, true]) {
          const fetch = await fetchFor(op, anchor, history);
          const rows = await searchFetchRows(suite.server.ctx.db, fetch, TINY);
          const found = rows.map((row) => row.id).sort((a, b) => a - b);
          expect(found, `${op} around ${anchor}`).toEqual(await expected(fetch));
        }
      }
    },
  );

  it("finds the newest matches through the HTTP API with the default windows", async () => {
    const { body } = await suite.server.api(
      "GET",
      "messages",
      { anchor: "newest", num_before: 2, num_after: 0, narrow: [["search", "narwhal"]] },
      suite.as("hamlet"),
    );
    const ids = (body["messages"] as { id: number }[]).map((m) => m.id); // our own server's list
    expect(ids).toEqual([sent[5], sent[9]]);
    expect(body["found_oldest"]).toBe(true);
  });
});
