/**
 * Issue 30: the Star Wars d20 sheet (Revised combat chapter): its block (abilities with modifiers, Defense,
 * flat-footed and touch, BAB, DR, vitality and wounds, saves, feats, speed and the SW-41 special attacks:
 * templates/actor/d20.hbs) and weapon rows with what an attack rolls before range — the attack bonus (SW-04), the
 * d20 damage dice, the threat range (SW-18), the range increment (SW-06) and the fire modes (SW-35, SW-36). No Star
 * Frontiers control: no race, IM, Stamina, holstered, anesthetic, ROF, structure, nor range bands — the increment is
 * the reach, so a weapon without bands can be fired and one without an increment is refused when clicked
 * (`d20WeaponProblem`), before anything is spent. Punch is the SW-20 unarmed strike (the table's `unarmed`); SWN's
 * sheet has none (its seed gives a Punch no damage).
 */
import type { WeaponRow } from "../../../applications/sheets/context.js";
import type {
  GameSheetSeam,
  GameWeaponRow,
  SheetCell,
  SheetHead,
  SheetShows,
} from "../../../applications/sheets/sheet-seam.js";
import type { WeaponSystem } from "../../../data/item/facts.js";
import { d20ItemContext, d20SheetContext, d20WeaponColumns } from "./sheet-context.js";

/** No Star Frontiers control on a d20 sheet (SWN's too). */
export const D20_SHOWS: SheetShows = {
  race: false,
  im: false,
  stamina: false,
  bases: false,
  creatureAttack: false,
  punch: false,
  spotting: false,
  holstered: false,
  anesthetic: false,
  skillCheck: false,
  slots: false,
};

/** The heads after the attack number: damage, critical, increment, fire modes. */
export const D20_WEAPON_HEADS: readonly SheetHead[] = [
  { label: "FT.Sheet.damage" },
  { label: "FT.D20.Sheet.critical", hint: "FT.D20.Sheet.criticalHint" },
  { label: "FT.D20.Sheet.increment" },
  { label: "FT.D20.Sheet.fire", hint: "FT.D20.Sheet.fireHint" },
];

/** SW-18: "19–20 ×2", "20" (a multiplier of 1 is read only by an optional rule and not shown). */
function critical(d20: WeaponSystem["d20"]): string {
  const range = d20.threat < 20 ? `${d20.threat}–20` : "20";
  return d20.critMultiplier > 1 ? `${range} ×${d20.critMultiplier}` : range;
}

/**
 * A d20-engine weapon row (d20 and SWN): the attack cell the caller gives, then the d20 damage, critical, range
 * increment and fire modes; Reload for a weapon with ammunition that is not thrown (a thrown grenade is spent).
 */
export function d20EngineWeaponRow(
  row: WeaponRow,
  weapon: WeaponSystem,
  attack: SheetCell,
  columns: { readonly damage: string; readonly range: string },
  /** SW-18; ruling 1: the swn profile rolls no critical, so it shows none. */
  criticals = true,
): GameWeaponRow {
  const d20 = weapon.d20;
  const modes = (["single", "multi", "auto"] as const).filter((m) => d20.fire[m]);
  return {
    cells: [
      attack,
      { key: "damage", text: columns.damage },
      ...(criticals ? [{ key: "critical", text: critical(d20) }] : []),
      { key: "range", text: columns.range },
      { key: "fire", text: "", keys: modes.map((m) => `FT.D20.Item.${m}`) },
    ],
    note: { label: `FT.D20.Sheet.kind.${d20.attack}`, value: "" },
    noRange: false,
    reload: !row.melee && d20.attack !== "thrown" && row.ammo.unit !== "none",
    structure: false,
    throwable: false,
  };
}

/** SW-41 (issue 15): a special attack — bantha rush, trip, overrun, grapple, disarm — at the user's target. */
async function specialAttack(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const { d20Specials } = await import("../workflows/attack.js");
  // SW-40: striking an object is no opposed check.
  if (target.dataset.kind === "object") return d20Specials.strikeObject(actor);
  // SW-33 (issue 31): a coup de grace at a helpless target (its own file).
  if (target.dataset.kind === "coupDeGrace")
    return (await import("../workflows/coup-de-grace.js")).coupDeGrace(actor);
  // SW-39 (issue 31): aid another, rolled by the GM and kept for the ally's next attack.
  if (target.dataset.kind === "aid") return (await import("../workflows/aid.js")).aidAnother(actor);
  if (target.dataset.kind === "aidDefense")
    return (await import("../workflows/aid.js")).aidAnother(actor, "defense");
  // SW-42 (issue 31): aiming, a ranged touch attack rolled by the GM and kept for the next single shot.
  if (target.dataset.kind === "aim") return (await import("../workflows/aim.js")).aimAt(actor);
  await d20Specials.attack(actor, target.dataset.kind ?? "");
}

export const d20Sheet: GameSheetSeam = {
  // SW-20: Punch is the unarmed strike.
  shows: { ...D20_SHOWS, punch: true },
  defensesHeading: "FT.D20.Sheet.armour",
  blocks: ["actor/d20.hbs"],
  actions: { specialAttack },
  blockContext: (system) => ({ d20: d20SheetContext(system.d20, system.derived.d20) }),
  weaponHeads: [{ label: "FT.D20.Sheet.attack", hint: "FT.D20.Sheet.attackHint" }, ...D20_WEAPON_HEADS],
  weaponRow: (row, weapon, system) => {
    const columns = d20WeaponColumns(weapon.d20, system.d20, system.derived.d20);
    return d20EngineWeaponRow(
      row,
      weapon,
      { key: "d20-bonus", text: columns.bonus, cls: "ft-chance" },
      columns,
    );
  },
  itemParts: {
    // Issue 33: cost and weight, the numbers the weapon tables list (review-play 1.2).
    weapon: ["item/body-weapon-d20.hbs", "item/body-cost.hbs", "item/body-ammo.hbs"],
    defense: ["item/body-defense-d20.hbs", "item/body-cost.hbs"],
  },
  itemContext: () => d20ItemContext(false),
};
