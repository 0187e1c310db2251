/**
 * State a module keeps for the page it runs in. In Foundry v13 each browser tab is one page with one `Game`:
 * client/client.mjs puts a stand-in `game` on globalThis at load, then, on DOMContentLoaded, assigns
 * `globalThis.game = await Game.create(view, sessionId)` once and never replaces it (client/game.mjs `create` only
 * constructs it). A module-level `Map` lives as long as the page — a world reload or a user logging in again starts
 * it empty — and so does state keyed by that `game`. The system's code runs from `init` on, inside
 * `game.initialize()`, so it never stores anything under the stand-in. Keying that state by the page's
 * `game` keeps exactly that lifetime wherever module code is shared by more than one page — the test harness runs
 * every client of every table on one copy of `src/`, and without this a queue left waiting by one table (or one
 * client's in-flight clicks) would be another's.
 *
 * Use it for state that is the page's, not a document's (documents get their own fields: see the issue "Foundry
 * documents own their state").
 */
export function perPage<T>(make: () => T): () => T {
  const states = new WeakMap<object, T>();
  return () => {
    const page: object = game;
    let state = states.get(page);
    if (state === undefined) {
      state = make();
      states.set(page, state);
    }
    return state;
  };
}
