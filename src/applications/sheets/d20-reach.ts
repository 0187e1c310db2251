/**
 * Issue 14 (stream d20ui): in a d20 world a weapon's reach is its d20 range increment (SW-06; a melee weapon's,
 * SW-14), not the Star Frontiers range bands, so the sheet's Attack button is not disabled for lacking bands: a
 * blaster with a 10 m increment and no bands can be fired, and one without an increment is refused with a
 * notification when clicked (`d20WeaponProblem`), before anything is spent.
 */
export function d20Reach<R extends { readonly noRange: boolean }>(engine: string, row: R): R {
  return engine === "d20" ? { ...row, noRange: false } : row;
}
