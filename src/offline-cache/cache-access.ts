// The reader and the writer as one lazy chunk: the first view then carries one dynamic import
// (and one list of its files) instead of two.
export { restoreCache } from "./cache-reader";
export { startCacheWriter } from "./cache-writer";
