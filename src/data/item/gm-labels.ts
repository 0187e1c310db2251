/**
 * The labels of the fields a GM may fill (issue 32), in a file of their own: the item sheet (main module) draws them
 * without loading the GM's numbers (gm-numbers.ts loads with the browser or a world that has numbers).
 */
/**
 * The lang key of a fillable field's label (ready review 2.2): the editor's inputs and the item's "entered by the GM"
 * note read the sheet's words (PB, Melee mod., Damage…), not the field path. `FT.WeaponTables.field.<path>`.
 */
export const gmFieldLabelKey = (path: string): string => `FT.WeaponTables.field.${path}`;

/** A field's label as the reader reads it: its lang label, or its path when the language has none. */
export function gmFieldLabel(
  path: string,
  i18n: { has(key: string): boolean; localize(key: string): string } | undefined,
): string {
  const key = gmFieldLabelKey(path);
  return i18n?.has(key) ? i18n.localize(key) : path;
}
