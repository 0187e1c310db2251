/**
 * Issue 33: the Stars Without Number profile's weapon table. The SWN game reads the d20 pack's items with its own
 * numbers beside the d20 ones (SWN-15: tech level, armour piercing, heavy, energy, laser; data/item/specs.ts): damage,
 * range (the d20 increment the profile plays), TL, AP, the SWN traits, cost and mass.
 */
import {
  costColumn,
  type GameWeaponTable,
  type IndexSystem,
  isWeapon,
  localize,
  numberCell,
  type WeaponTableColumn,
} from "../../../applications/weapon-tables-seam.js";
import { d20DamageCell, d20RangeCell, d20TypeCell, d20Weight } from "../../d20/applications/weapon-table.js";

/** SWN-15's traits of a weapon, named. */
function traitsCell(type: string, s: IndexSystem): string {
  if (!isWeapon(type)) return "";
  const w = s.swn;
  const traits = [w?.heavy ? "heavy" : "", w?.energy ? "energy" : "", w?.laser ? "laser" : ""].filter(
    Boolean,
  );
  return traits.map((t) => localize(`FT.WeaponTables.trait.${t}`)).join(", ") || "—";
}

const COLUMNS: readonly WeaponTableColumn[] = [
  { id: "type", label: "FT.WeaponTables.col.type", fields: ["system.d20"], cell: d20TypeCell },
  {
    id: "damage",
    label: "FT.WeaponTables.col.damage",
    fields: ["system.d20"],
    cell: d20DamageCell,
    gmPaths: ["d20.damage"],
  },
  // Review-ux 3.10: SWN's books print a normal/long range; the profile plays the d20 pack's increment (ruling 1c: −2
  // per full increment), so the header says it is that number.
  {
    id: "range",
    label: "FT.WeaponTables.col.swnRange",
    fields: ["system.d20"],
    cell: d20RangeCell,
    gmPaths: ["d20.rangeIncrement"],
  },
  {
    id: "tl",
    label: "FT.WeaponTables.col.tl",
    fields: ["system.swn"],
    // A weapon's TL no available source gives reads "n/s", as its item sheet flags every empty TL (body-weapon-d20.hbs):
    // the d20 pack's weapons carry no SWN tech level (review-play 1.2: the same numbers as the item sheet).
    cell: (type, s) => (isWeapon(type) ? numberCell(s.swn?.tl, true) : ""),
    gmPaths: ["swn.tl"],
  },
  {
    id: "ap",
    label: "FT.WeaponTables.col.ap",
    fields: ["system.swn"],
    cell: (type, s) => (isWeapon(type) ? numberCell(s.swn?.ap || null, false) : ""),
  },
  { id: "traits", label: "FT.WeaponTables.col.traits", fields: ["system.swn"], cell: traitsCell },
  // No DR column: SWN armour is the wearer's Armor Class (the actor's AC); the d20 pack's damage reduction is not
  // played in an SWN world (review-ux 3.10).
  costColumn,
  d20Weight,
];

/**
 * Issue 32: the SWN weapons are in no item pack — they exist on the SWN pregens of the actors pack, without the
 * numbers no available source gives — so the table lists them from there too, once each, for the GM to fill.
 */
export const SWN_TABLE: GameWeaponTable = {
  packs: ["d20"],
  types: ["weapon", "defense"],
  columns: COLUMNS,
  // Issue 33: the d20 pack's weapons carry Star Wars d20 numbers; the SWN ones are the GM's to enter.
  notice: "FT.WeaponTables.swnNotice",
  // The SWN weapons are those whose missing numbers are the d20/SWN ones (the SF pregens' weapons miss SF numbers).
  actorWeapons: {
    packs: ["actors"],
    mine: (s) => (s.missing ?? []).some((m) => m.startsWith("d20.") || m.startsWith("swn.")),
  },
};
