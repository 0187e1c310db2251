/**
 * Issue 32: where a weapon's preparation finds the GM's world numbers (data/models.ts `WeaponModel`). The numbers and
 * the code that applies them (gm-numbers.ts) are loaded only in a world that has some (helpers/settings.ts, at `ready`
 * and when the setting changes, then every weapon is prepared again); until then a weapon is filled with nothing.
 */

/** Fills a prepared weapon `system` from the world's numbers; returns the paths it filled. */
export type GmFiller = (
  system: object,
  item: {
    readonly uuid?: string | null;
    readonly name?: string | null;
    readonly pack?: string | null;
    readonly _stats?: unknown;
    readonly _source: { readonly system: object };
  },
) => readonly string[];

/**
 * Each page's filler, keyed by its `game` as helpers/page-state.ts `perPage` keys page state (this layer sits below
 * helpers): the harness runs every client of every table on one copy of `src/`.
 */
const fillers = new WeakMap<object, GmFiller>();
const page = (): object | null => (typeof game === "undefined" ? null : game);

/** The world's filler (null: the world has no numbers). */
export function setGmFiller(f: GmFiller | null): void {
  const p = page();
  if (p && f) fillers.set(p, f);
  else if (p) fillers.delete(p);
}

export function gmFill(...args: Parameters<GmFiller>): readonly string[] {
  const p = page();
  const f = p ? fillers.get(p) : undefined;
  return f ? f(...args) : [];
}
