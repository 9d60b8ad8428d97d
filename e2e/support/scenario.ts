import { expect, type Page } from "@playwright/test";
import { apiUser, type ApiUser } from "./api-user";
import { readListObservation, stateSequence, watchMessageList } from "./observe-list";
import {
  expectConnectionState,
  listedIds,
  logIn,
  openStream,
  sidebarUnreads,
  watchEventTraffic,
  type EventTraffic,
} from "./reader";

/** The reader (in Chromium) and the other user (straight to the server). */
export const READER = "hamlet@parley.test";
const SENDER = "iago@parley.test";
/** Messages in the open stream before the fault, so the list has something to lose. */
const MESSAGES_BEFORE = 3;

/**
 * One fault test's world: two fresh streams both users are in — the one the reader has open,
 * and a side stream the reader never opens, whose unread count must stay right — and the ids
 * the other user sent to each, in sending order.
 */
export interface Scenario {
  readonly sender: ApiUser;
  /** The reader as the server sees them (for the server's unread counts). */
  readonly readerApi: ApiUser;
  readonly stream: string;
  readonly streamId: number;
  readonly sideStream: string;
  readonly sideStreamId: number;
  readonly sentToStream: number[];
  readonly sentToSide: number[];
  readonly traffic: EventTraffic;
  /** Sends `count` messages to the open stream. */
  send(count: number, label: string): Promise<void>;
  /** Sends `count` messages to the side stream. */
  sendSide(count: number, label: string): Promise<void>;
}

/**
 * Creates the streams on `serverUrl`, sends the first messages, logs the reader in at `origin`
 * (the server or a proxy in front of it) with the list watcher installed, opens the stream and
 * waits until the first messages show and the connection is live.
 */
export async function prepareScenario(
  page: Page,
  serverUrl: string,
  origin: string,
  name: string,
): Promise<Scenario> {
  const sender = await apiUser(serverUrl, SENDER);
  const readerApi = await apiUser(serverUrl, READER);
  const stream = name;
  const sideStream = `${name} side`;
  const streamId = await sender.createStream(stream, [SENDER, READER]);
  const sideStreamId = await sender.createStream(sideStream, [SENDER, READER]);
  const sentToStream: number[] = [];
  const sentToSide: number[] = [];
  const sendTo = async (target: string, ids: number[], count: number, label: string) => {
    for (let index = 1; index <= count; index++) {
      ids.push(await sender.sendStream(target, "faults", `${label} ${index} of ${count}`));
    }
  };
  const scenario: Scenario = {
    sender,
    readerApi,
    stream,
    streamId,
    sideStream,
    sideStreamId,
    sentToStream,
    sentToSide,
    traffic: watchEventTraffic(page),
    send: (count, label) => sendTo(stream, sentToStream, count, label),
    sendSide: (count, label) => sendTo(sideStream, sentToSide, count, label),
  };
  await scenario.send(MESSAGES_BEFORE, "before the fault");
  await watchMessageList(page);
  await logIn(page, origin, READER);
  await openStream(page, stream);
  await expect.poll(() => listedIds(page)).toEqual(sentToStream);
  return scenario;
}

/**
 * After the fault: every message the other user sent shows exactly once, in order (the list is
 * exactly the sent ids), the list never went blank, and the connection is live again. Waits up
 * to `timeout` for the app to catch up. Unread counts are checked last, by `expectUnreadsSettled`.
 */
export async function expectCaughtUp(
  page: Page,
  scenario: Scenario,
  timeout: number,
): Promise<void> {
  // Sent one after another, so ascending: the list must be exactly this.
  expect([...scenario.sentToStream].sort((a, b) => a - b)).toEqual(scenario.sentToStream);
  await expect
    .poll(() => listedIds(page), { timeout, message: "the open stream's list" })
    .toEqual(scenario.sentToStream);
  await expectConnectionState(page, "live", timeout);
  const observation = await readListObservation(page);
  expect(observation.maxMessages).toBeGreaterThan(0);
  expect(observation.blanks, "moments the message list went blank").toEqual([]);
  expect(stateSequence(observation)).toContain("live");
}

/** How long unread counts may take to settle once the messages are in. */
const UNREADS_SETTLE_MS = 30_000;

/**
 * The sidebar's unread count of every stream equals the server's, once they settle; then the
 * list once more, so a duplicate that arrived late fails too.
 */
export async function expectUnreadsSettled(page: Page, scenario: Scenario): Promise<void> {
  const server = await scenario.readerApi.unreadByStream();
  // The reader never opened the side stream: the server must count all of it, or the
  // comparison below would prove nothing about counts that changed during the fault.
  expect(server[scenario.sideStreamId]).toBe(scenario.sentToSide.length);
  await expect(async () => {
    const [sidebar, counted] = await Promise.all([
      sidebarUnreads(page),
      scenario.readerApi.unreadByStream(),
    ]);
    expect(sidebar.streamIds).toEqual(
      expect.arrayContaining([scenario.streamId, scenario.sideStreamId]),
    );
    const expected = Object.fromEntries(
      sidebar.streamIds.flatMap((id) => {
        const count = counted[id];
        return count === undefined ? [] : [[id, count]];
      }),
    );
    expect(sidebar.unread, "sidebar unread counts vs the server's").toEqual(expected);
  }).toPass({ timeout: UNREADS_SETTLE_MS });
  expect(await listedIds(page)).toEqual(scenario.sentToStream);
}

/** Waits until `Date.now()` reaches `time`: only for faults that are a duration. */
export function waitUntil(time: number): Promise<void> {
  return new Promise((wake) => setTimeout(wake, Math.max(0, time - Date.now())));
}
