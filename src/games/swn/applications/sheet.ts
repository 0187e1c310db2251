/**
 * Issue 30: the Stars Without Number sheet (the d20 engine's swn profile, ruling 1): only its block — AC, the
 * attack bonus, hit dice, Morale, Notice and Lead, hit points, the Morale and SWN actions (templates/actor/swn.hbs)
 * — not the Star Wars d20 block, and no Star Frontiers control. A weapon row's attack number is what the swn
 * profile rolls: the sheet's attack bonus, which replaces the d20 BAB, Str/Dex and size terms (`swnAttackTerms`,
 * SW-04 as SWN's AB), before range and the situation; then the d20 damage, critical, increment and fire modes.
 */
import type { GameSheetSeam } from "../../../applications/sheets/sheet-seam.js";
import { D20_SHOWS, D20_WEAPON_HEADS, d20EngineWeaponRow } from "../../d20/applications/sheet.js";
import { d20ItemContext, d20WeaponColumns, signed } from "../../d20/applications/sheet-context.js";
import { swnSheetContext } from "./sheet-context.js";

/**
 * SWN-09 Intimidate (the user's target's side) and SWN-10 Read Morale (issue 16): the GM rolls. Issue 33: a
 * shift-click asks the roll mode first.
 */
async function moraleAction(
  actor: Actor.Implementation,
  target: HTMLElement,
  event: PointerEvent,
): Promise<void> {
  const { intimidateFrom, readMoraleFrom } = await import("./morale-ui.js");
  if (target.dataset.kind === "intimidate") await intimidateFrom(actor, event.shiftKey);
  else if (target.dataset.kind === "read") await readMoraleFrom(actor, event.shiftKey);
}

/** SWN-01..07, SWN-18, SWN-19: the SWN block's additional actions, Recruit and the led squad. */
async function swnAction(actor: Actor.Implementation, target: HTMLElement): Promise<void> {
  const [{ SWN_ACTIONS }, { swnAction }] = await Promise.all([
    import("../workflows/action-kit.js"),
    import("../workflows/actions.js"),
  ]);
  const kind = SWN_ACTIONS.find((k) => k === target.dataset.kind);
  if (kind) await swnAction(actor, kind);
}

export const swnSheet: GameSheetSeam = {
  shows: D20_SHOWS,
  defensesHeading: "FT.D20.Sheet.armour",
  blocks: ["actor/swn.hbs"],
  actions: { moraleAction, swnAction },
  blockContext: (system) => ({ swn: swnSheetContext(system.swn) }),
  // Ruling 1: no critical column (the swn profile rolls none).
  weaponHeads: [
    { label: "FT.SWN.Sheet.attack", hint: "FT.SWN.Sheet.attackHint" },
    ...D20_WEAPON_HEADS.filter((h) => h.label !== "FT.D20.Sheet.critical"),
  ],
  weaponRow: (row, weapon, system) =>
    d20EngineWeaponRow(
      row,
      weapon,
      { key: "swn-attack", text: signed(system.swn.ab), cls: "ft-chance" },
      d20WeaponColumns(weapon.d20, system.d20, system.derived.d20),
      false,
    ),
  itemParts: {
    // Issue 33: cost and weight, the numbers the weapon tables list (review-play 1.2).
    weapon: ["item/body-weapon-d20.hbs", "item/body-cost.hbs", "item/body-ammo.hbs"],
    defense: ["item/body-defense-d20.hbs", "item/body-cost.hbs"],
  },
  itemContext: () => d20ItemContext(true),
};
