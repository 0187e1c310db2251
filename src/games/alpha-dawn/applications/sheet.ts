/**
 * Issue 30: the Star Frontiers sheet (Alpha Dawn Basic and Expanded; Zebulon's Guide adds its skill check): the
 * percentile abilities (SF-B-02), Stamina, race and initiative modifier, and weapon rows with the chance to hit
 * before range (SF-X-11..13), damage, ROF and the longest range band — as the sheet always showed them.
 */
import type { WeaponRow } from "../../../applications/sheets/context.js";
import { abilityPairs } from "../../../applications/sheets/context.js";
import type { GameSheetSeam, GameWeaponRow, SheetHead } from "../../../applications/sheets/sheet-seam.js";

/** The percentile games' weapon heads. */
const WEAPON_HEADS: readonly SheetHead[] = [
  { label: "FT.Sheet.chance", hint: "FT.Sheet.chanceHint" },
  { label: "FT.Sheet.damage" },
  { label: "FT.Sheet.rof" },
  { label: "FT.Sheet.range" },
];

/** Percentile weapon cells (SF-X-11..13): base chance, damage, ROF, the longest band. */
function percentileWeaponRow(row: WeaponRow): GameWeaponRow {
  return {
    cells: [
      { key: "chance", text: `${row.baseChance}%`, cls: "ft-chance" },
      { key: "damage", text: row.damage },
      { key: "rof", text: row.rof },
      { key: "range", text: row.ranges },
    ],
    note: { label: `FT.Skill.${row.skill}`, value: String(row.skillLevel) },
    noRange: row.noRange,
    reload: !row.melee && row.ammo.unit !== "none",
    structure: true,
    throwable: row.throwable,
  };
}

/** The Star Frontiers sheet; `skillCheck`: Zebulon's skill rows roll on the column table (SF-Z-*). */
export function percentileSheet(skillCheck: boolean): GameSheetSeam {
  return {
    shows: {
      race: true,
      im: true,
      stamina: true,
      bases: true,
      creatureAttack: true,
      punch: true,
      spotting: true,
      holstered: true,
      anesthetic: true,
      skillCheck,
      slots: true,
    },
    defensesHeading: "FT.Sheet.defenses",
    blocks: ["actor/sf-abilities.hbs"],
    // The abilities block's checks and the reaction roll are the shared sheet's own actions (actor-sheet.ts).
    actions: {},
    blockContext: (system) => ({ abilityPairs: abilityPairs(system.abilities) }),
    weaponHeads: WEAPON_HEADS,
    weaponRow: percentileWeaponRow,
    itemParts: {},
    itemContext: () => ({}),
  };
}
