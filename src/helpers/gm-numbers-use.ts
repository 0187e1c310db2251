/**
 * Issue 32's world weapon numbers put to use (issue 33: a lazy chunk, loaded from helpers/settings.ts by the
 * `weaponNumbers` setting's `onChange` and the `ready` hook of a world that has numbers — both start it with `void`).
 */
import { SYSTEM_ID } from "../constants.js";
import { setGmFiller } from "../data/item/gm-fill.js";
import { notify } from "./report.js";

/**
 * Issue 32: the world's numbers (loaded with their code, data/item/gm-numbers.ts) fill every weapon from now on.
 * Review-trust 2.5 (fixa): read checked whole (gm-numbers-io.ts `checkGmNumbers`): a malformed value is used not at
 * all, logged on every page and told to the GM, who can fix it in the weapon-tables editor.
 */
export async function useGmNumbers(value: unknown): Promise<void> {
  const [{ gmFiller }, { checkGmNumbers }] = await Promise.all([
    import("../data/item/gm-numbers.js"),
    import("../data/item/gm-numbers-io.js"),
  ]);
  const checked = checkGmNumbers(value ?? {});
  if ("error" in checked) {
    console.error(`${SYSTEM_ID} | the world's weapon numbers are malformed, none is used:`, checked.error);
    if (game.user?.isGM) notify("error", "FT.WeaponTables.badStored", { error: checked.error });
  }
  setGmFiller("error" in checked ? null : gmFiller(checked.numbers));
  reprepareWeapons();
}

/**
 * Issue 32: every weapon this page holds is initialised again (`reset`: v13 client/documents/abstract/
 * client-document.mjs, `_initialize` then `prepareData`), so the GM's new numbers reach each copy and its kept facts
 * go (data/models.ts `WeaponModel`): the world's items, every actor's, and unlinked tokens' own actors.
 */
function reprepareWeapons(): void {
  for (const item of game.items ?? []) if (item.type === "weapon") item.reset();
  // The compendium's loaded entries (a pack is a Collection of the documents it has loaded).
  for (const pack of game.packs ?? [])
    for (const doc of pack.values()) if (doc instanceof Item && doc.type === "weapon") doc.reset();
  for (const actor of game.actors ?? []) if (actor.items.some((i) => i.type === "weapon")) actor.reset();
  for (const scene of game.scenes ?? [])
    for (const token of scene.tokens) if (!token.actorLink) token.actor?.reset();
}
