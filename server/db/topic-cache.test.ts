import { describe, expect, it } from "vitest";
import type { TopicRow } from "./streams";
import { TopicCache } from "./topic-cache";

const rows = (name: string): TopicRow[] => [{ name, max_id: 1 }];

describe("the topic cache", () => {
  it("reads a stream's topics once, and again after a send to it or any rewrite", async () => {
    const cache = new TopicCache();
    let reads = 0;
    const read = (name: string) => () => {
      reads++;
      return Promise.resolve(rows(name));
    };
    expect(await cache.find(1, read("a"))).toEqual(rows("a"));
    expect(await cache.find(1, read("b"))).toEqual(rows("a"));
    expect(await cache.find(2, read("c"))).toEqual(rows("c"));
    expect(reads).toBe(2);
    cache.dropStream(1);
    expect(await cache.find(1, read("d"))).toEqual(rows("d"));
    expect(await cache.find(2, read("e"))).toEqual(rows("c"));
    cache.dropAll();
    expect(await cache.find(2, read("f"))).toEqual(rows("f"));
    expect(reads).toBe(4);
  });

  it("answers a read that overlapped a drop but does not keep it", async () => {
    const cache = new TopicCache();
    let finish: (value: TopicRow[]) => void = () => undefined;
    const slow = cache.find(1, () => new Promise<TopicRow[]>((resolve) => (finish = resolve)));
    // A send commits while the read is on its way: what the read saw may predate it.
    cache.dropStream(1);
    finish(rows("old"));
    expect(await slow).toEqual(rows("old"));
    expect(await cache.find(1, () => Promise.resolve(rows("new")))).toEqual(rows("new"));
  });
});
