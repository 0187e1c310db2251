/**
 * The combat's lazy chunks (issue 33), loaded through one small seam: each is fetched once per page (as the browser's
 * module map does for a dynamic import), and a scenario can hold a fetch back or make it fail (`fetchCombatChunksWith`),
 * which the harness cannot otherwise show: it has every source module loaded already, so a bare dynamic import is never
 * slow there (review-lazy 2). A failed fetch is forgotten, so a later call fetches again.
 */
type Load<T> = () => Promise<T>;

/** How a chunk is fetched; a scenario may delay or refuse it (the chunk's key names it: "./rounds.js"). */
export type ChunkFetch = (key: string, load: Load<unknown>) => Promise<unknown>;

const direct: ChunkFetch = (_key, load) => load();
let fetchChunk: ChunkFetch = direct;
const started = new Map<string, Promise<unknown>>();

/** A loader for the chunk `key` (its module path, e.g. "./rounds.js"): the first call fetches it, later ones share it. */
export function chunk<T>(key: string, load: Load<T>): Load<T> {
  return () => {
    let pending = started.get(key);
    if (!pending) {
      pending = fetchChunk(key, load);
      started.set(key, pending);
      pending.catch(() => started.delete(key));
    }
    // The promise this key's own loader started: it resolves to that module.
    return pending as Promise<T>;
  };
}

/** Tests: fetch the combat's chunks with `fetch` from now on (none counted as loaded); no argument restores it. */
export function fetchCombatChunksWith(fetch: ChunkFetch = direct): void {
  fetchChunk = fetch;
  started.clear();
}
