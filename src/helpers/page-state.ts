/**
 * State a module keeps for the page it runs in. In Foundry each browser tab is one page with one `game`
 * (client/game.mjs `Game.create` assigns `globalThis.game` once per page load), so a module-level `Map` lives as
 * long as the page: a world reload or a user logging in again starts it empty. Keying that state by the page's
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
    // `game` exists from the page's first script on (client/head.mjs declares it; Game.create fills it).
    const page: object = game;
    let state = states.get(page);
    if (state === undefined) {
      state = make();
      states.set(page, state);
    }
    return state;
  };
}
