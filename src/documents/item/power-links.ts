/**
 * Plugging a weapon or a screen into a power source (SF-X-36, SF-B-19): the actor sheet's power select on a weapon
 * or screen row, and the item sheet's, write the link on the item (`system.ammo.powerSource` on a weapon,
 * `system.powerSource` on a defense). Every write of a link, whatever made it (a sheet, a macro), is checked by the
 * Item document before it is sent (`FrontierItem._preUpdate`): a link the rules forbid is refused with a
 * notification that names the rule, and nothing is written. What a link may be is the Item's own check, so it lives
 * with the Item document (issue 29: `documents/item.ts` imported it from a workflow).
 */
import { type Carried, linkProblem } from "../../data/item/power.js";
import { isItemType } from "../../data/subtypes.js";
import { currentVariant } from "../../helpers/settings.js";
import type { RulesError } from "../../rules/index.js";

type ItemI = Item.Implementation;

/** The path of the link on an item of this type, or null when the type has none. */
export function linkPath(type: string): string | null {
  if (type === "weapon") return "system.ammo.powerSource";
  if (type === "defense") return "system.powerSource";
  return null;
}

/** An actor's items as the power rules see them. */
export function carriedOf(items: Iterable<ItemI>): Carried[] {
  const out: Carried[] = [];
  for (const i of items) {
    const id = i.id ?? "";
    const name = i.name ?? "";
    if (isItemType(i, "powerSource")) {
      const s = i.system;
      out.push({
        type: "powerSource",
        id,
        name,
        kind: s.kind,
        unit: s.unit,
        remaining: s.remaining,
        capacity: s.capacity,
      });
    } else if (isItemType(i, "weapon")) {
      const s = i.system;
      out.push({
        type: "weapon",
        id,
        name,
        unit: s.ammo.unit,
        perShot: s.ammo.perShot,
        link: s.ammo.powerSource,
        damageKind: s.kind,
        skill: s.skill,
        heavy: s.heavy,
        perSeuMax: s.damage.perSeu.enabled ? s.damage.perSeu.max : 0,
      });
    } else if (isItemType(i, "defense")) {
      out.push({ type: "defense", id, name, slot: i.system.slot, link: i.system.powerSource });
    } else out.push({ type: "other", id, name });
  }
  return out;
}

/**
 * Why an update of an owned item is refused, or null: only a change of its power link is checked, against the
 * actor's items as they are (variant from the world's setting).
 */
export function linkRefusal(item: ItemI, changes: object): RulesError | null {
  const path = linkPath(item.type);
  const actor = item.parent;
  if (!path || !(actor instanceof Actor) || !foundry.utils.hasProperty(changes, path)) return null;
  const next: unknown = foundry.utils.getProperty(changes, path);
  const now: unknown = foundry.utils.getProperty(item._source, path);
  if (next === now) return null;
  return linkProblem(
    currentVariant(),
    item.id ?? "",
    typeof next === "string" ? next : String(next),
    carriedOf(actor.items),
  );
}

/** The sheet's power select: plug the item into `packId` ("" unplugs). Returns whether the link was written. */
export async function linkPower(
  actor: Actor.Implementation,
  itemId: string,
  packId: string,
): Promise<boolean> {
  const item = actor.items.get(itemId);
  const path = item ? linkPath(item.type) : null;
  if (!item || !path) return false;
  // The Item refuses a forbidden link itself (and says why); the update then returns undefined.
  // A dotted path chosen by the item's type (weapon `system.ammo.powerSource`, screen `system.powerSource`):
  // fvtt-types cannot type a computed key.
  const updated = await item.update({ [path]: packId } as never);
  return !!updated;
}
