/**
 * Counts of work the scenarios prove is done once (issue 29): the resolution engine built (`helpers/settings.ts`
 * `currentEngine`) and a weapon's facts worked out (`data/item/facts.ts` `weaponFacts`), per page. Off unless a
 * test turns them on; the count is taken inside the real build functions, so it measures the code that runs.
 *
 * Kept per page (`game`), as `helpers/page-state.ts` `perPage` keeps its state — the harness runs every client on
 * one copy of `src/` — but written here, below `helpers/`, because `data/` may not import upward.
 */
const pages = new WeakMap<object, Map<string, number>>();
let counting = false;

/** One more build of `what` on this page (nothing unless a test turned counting on). */
export function countBuild(what: string): void {
  if (!counting) return;
  const page: object = game;
  const counts = pages.get(page) ?? new Map<string, number>();
  pages.set(page, counts);
  counts.set(what, (counts.get(what) ?? 0) + 1);
}

/** Tests only: count from now on (`false`: stop). Each page's counts start at zero; `takeCounts` zeroes them. */
export function startCounting(on = true): void {
  counting = on;
}

/** Tests only: this page's counts so far (`engine`, `weaponFacts:<name>`), and zero them. */
export function takeCounts(): Record<string, number> {
  const counts = pages.get(game);
  const out = Object.fromEntries(counts ?? []);
  counts?.clear();
  return out;
}
