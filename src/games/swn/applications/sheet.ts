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

export const swnSheet: GameSheetSeam = {
  shows: D20_SHOWS,
  defensesHeading: "FT.D20.Sheet.armour",
  blocks: ["actor/swn.hbs"],
  blockContext: (system) => ({ swn: swnSheetContext(system.swn) }),
  weaponHeads: [{ label: "FT.SWN.Sheet.attack", hint: "FT.SWN.Sheet.attackHint" }, ...D20_WEAPON_HEADS],
  weaponRow: (row, weapon, system) =>
    d20EngineWeaponRow(
      row,
      weapon,
      { key: "swn-attack", text: signed(system.swn.ab), cls: "ft-chance" },
      d20WeaponColumns(weapon.d20, system.d20, system.derived.d20),
    ),
  itemParts: {
    weapon: ["item/body-weapon-d20.hbs", "item/body-ammo.hbs"],
    defense: ["item/body-defense-d20.hbs"],
  },
  itemContext: () => d20ItemContext(true),
};
