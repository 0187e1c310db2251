/**
 * Issue 33: hotbar macros. A weapon row, a skill row or an ability's check button dragged from the sheet (and the
 * squad sheet's Attack, SWN-17) and dropped on the hotbar becomes a script macro. v13's Hotbar#_onDrop
 * (client/applications/ui/hotbar.mjs) calls `Hooks.call("hotbarDrop", hotbar, data, slot)` first and stops when a
 * handler returns false; otherwise it makes its own macro (an Item's: open its sheet). The hook (index.ts) returns
 * false for what this system rolls and lets this module, loaded then, make the macro: `Macro.create({type:
 * "script", command})` and `game.user.assignHotbarMacro(macro, slot)` (client/documents/user.mjs).
 *
 * The command calls `game.system.api.rollItemMacro(uuid)` or `rollCheckMacro(actorUuid, ability)`: the same
 * workflow as the sheet's click (the attack dialog, the check), for the user who runs it. A macro whose item or actor
 * is gone says so (FT.Macro.gone) and rolls nothing.
 */
import { isItemType } from "../data/subtypes.js";
import { currentGame } from "../helpers/game.js";
import { rollsFor } from "../helpers/own-actor.js";
import { notify } from "../helpers/report.js";

/**
 * What the sheets drag for a roll that is no document: an ability check, a squad's attack (written by
 * applications/sheets/roll-drags.ts, and matched by index.ts's `hotbarDrop` hook before this module loads).
 */
const CHECK_DRAG = "FrontierCheck";
const SQUAD_DRAG = "FrontierSquadAttack";

/** The drop data a hotbar macro is made of (core's Item drag data, or the sheet's own). */
interface MacroDrop {
  readonly type?: unknown;
  readonly uuid?: unknown;
  readonly ability?: unknown;
}

/** A document's UUID as v13 writes one ("Actor.<id>", "Actor.<id>.Item.<id>", "Compendium.…"). */
function isUuid(s: unknown): s is Parameters<typeof fromUuid>[0] {
  return typeof s === "string" && /^[A-Z][A-Za-z]*\.[A-Za-z0-9.-]+$/.test(s);
}

/** A document from a UUID, or null (a malformed or unknown UUID is no document). */
async function docOf(uuid: unknown): Promise<foundry.abstract.Document.Any | null> {
  if (!isUuid(uuid)) return null;
  try {
    return (await fromUuid(uuid)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Make the macro for a drop on `slot` and put it there: its name and image the item's (or the actor's, with the
 * check's name), its command the roll. Refused with a notification when the dropped document is gone.
 */
export async function createHotbarMacro(data: MacroDrop, slot: number | string | undefined): Promise<void> {
  const doc = await docOf(data.uuid);
  const t = (k: string) => game.i18n?.localize(k) ?? k;
  let made: { name: string; img: string; command: string } | null = null;
  if (data.type === CHECK_DRAG && doc instanceof Actor && typeof data.ability === "string") {
    const ability = t(`FT.Ability.${data.ability}.label`);
    made = {
      name: `${doc.name}: ${game.i18n?.format("FT.Macro.check", { ability }) ?? ability}`,
      img: doc.img ?? "icons/svg/d20-black.svg",
      command: `game.system.api.rollCheckMacro(${JSON.stringify(doc.uuid)}, ${JSON.stringify(data.ability)});`,
    };
  } else if (doc instanceof Item || (data.type === SQUAD_DRAG && doc instanceof Actor)) {
    made = {
      name: doc instanceof Item && doc.parent ? `${doc.parent.name}: ${doc.name}` : (doc.name ?? ""),
      img: doc.img ?? "icons/svg/sword.svg",
      command: `game.system.api.rollItemMacro(${JSON.stringify(doc.uuid)});`,
    };
  }
  if (!made) return notify("warn", "FT.Macro.gone");
  // One macro per roll and user: dropping the same weapon again reuses the user's own (its author: a GM owns every
  // macro, and a player's would be lost when that player deletes it — review-ux 3.2).
  const same = game.macros?.find((m) => m.command === made.command && m.author?.id === game.user?.id);
  const macro = same ?? (await Macro.create({ ...made, type: "script" }));
  if (macro) await game.user?.assignHotbarMacro(macro, slot === undefined ? undefined : Number(slot));
}

/**
 * A macro's roll of a document by UUID: a weapon's attack (the attack dialog, as the sheet's Attack), a Zebulon skill
 * check (as the sheet's skill click), or the game's own for an actor (SWN: the squad's attack). Told when the
 * document is gone or rolls nothing.
 */
export async function rollItemMacro(uuid: string): Promise<void> {
  const doc = await docOf(uuid);
  // This system's classes (index.ts sets them at init): the workflows take them.
  const item = doc instanceof CONFIG.Item.documentClass ? doc : null;
  const actor = item?.parent instanceof CONFIG.Actor.documentClass ? item.parent : null;
  // Review-trust 2.1: a macro rolls only for an actor its user owns (told by name, nothing rolled).
  if (actor && !rollsFor(actor)) return;
  if (item && actor && isItemType(item, "weapon")) {
    const { attackWithWeapon } = await import("./attack/attack.js");
    return attackWithWeapon(actor, item);
  }
  if (item && actor && isItemType(item, "skill")) {
    const { rollSkillCheck } = await import("./optional/checks.js");
    return rollSkillCheck(actor, item);
  }
  const own = currentGame().actorMacro;
  if (doc instanceof CONFIG.Actor.documentClass && own) return rollsFor(doc) ? own(doc) : undefined;
  notify("warn", "FT.Macro.gone");
}

/** A macro's ability check (SF-B-24) at the score, as the sheet's click. Told when the actor is gone. */
export async function rollCheckMacro(actorUuid: string, ability: string): Promise<void> {
  const actor = await docOf(actorUuid);
  if (!(actor instanceof CONFIG.Actor.documentClass)) return notify("warn", "FT.Macro.gone");
  if (!rollsFor(actor)) return;
  const { rollAbilityCheck } = await import("./optional/checks.js");
  return rollAbilityCheck(actor, ability);
}
