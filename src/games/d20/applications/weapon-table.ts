/**
 * Issue 33: the Star Wars d20 weapon and armour tables as RCR Tables 7-2 and 7-3 print them (rules-tables §19):
 * damage, critical, range increment, fire modes, damage type, stun DC, group; armour's DR, maximum Dex and check
 * penalty; cost and weight. The SWN profile reads the same pack with its own columns (games/swn).
 */
import {
  costColumn,
  type GameWeaponTable,
  type IndexSystem,
  isMissing,
  isWeapon,
  localize,
  massColumn,
  numberCell,
  type WeaponTableColumn,
} from "../../../applications/weapon-tables-seam.js";

const armour = (type: string) => type === "defense";

/** The weapon's d20 attack kind, or "Armour" (with its category) for a suit. */
export function d20TypeCell(type: string, s: IndexSystem): string {
  if (isWeapon(type)) return localize(`FT.D20.Item.attackKind.${s.d20?.attack ?? "ranged"}`);
  if (!armour(type)) return "";
  const category = s.d20?.category;
  return category ? localize(`FT.D20.Item.categoryChoice.${category}`) : localize("FT.D20.Item.armor");
}

/** The damage dice; "special" where the book gives none (RCR Table 7-2: the stun grenade, the nets). */
export function d20DamageCell(type: string, s: IndexSystem): string {
  if (!isWeapon(type)) return "";
  if (s.d20?.damage) return s.d20.damage;
  return s.d20?.noDamageDice ? localize("FT.WeaponTables.special") : isMissing(s, "d20.damage") ? "n/s" : "—";
}

/** The range increment in metres; melee weapons have none (SW-14). */
export function d20RangeCell(type: string, s: IndexSystem): string {
  if (!isWeapon(type) || s.d20?.attack === "melee") return isWeapon(type) ? "—" : "";
  return numberCell(s.d20?.rangeIncrement, isMissing(s, "d20.rangeIncrement"), " m");
}

export const d20Weight: WeaponTableColumn = massColumn("weight", "FT.WeaponTables.col.weight");

const COLUMNS: readonly WeaponTableColumn[] = [
  { id: "type", label: "FT.WeaponTables.col.type", fields: ["system.d20"], cell: d20TypeCell },
  {
    id: "damage",
    label: "FT.WeaponTables.col.damage",
    fields: ["system.d20"],
    cell: d20DamageCell,
    gmPaths: ["d20.damage"],
  },
  {
    id: "critical",
    label: "FT.WeaponTables.col.critical",
    fields: ["system.d20"],
    cell: (type, s) => {
      if (!isWeapon(type)) return "";
      const threat = s.d20?.threat ?? 20;
      const mult = s.d20?.critMultiplier ?? 1;
      return `${threat < 20 ? `${threat}–20` : "20"}${mult > 1 ? ` ×${mult}` : ""}`;
    },
  },
  {
    id: "range",
    label: "FT.WeaponTables.col.rangeIncrement",
    fields: ["system.d20"],
    cell: d20RangeCell,
    gmPaths: ["d20.rangeIncrement"],
  },
  {
    id: "fire",
    label: "FT.WeaponTables.col.fire",
    fields: ["system.d20"],
    cell: (type, s) => {
      if (!isWeapon(type) || s.d20?.attack === "melee") return isWeapon(type) ? "—" : "";
      const f = s.d20?.fire;
      return [f?.single ? "S" : "", f?.multi ? "M" : "", f?.auto ? "A" : ""].filter(Boolean).join("/") || "—";
    },
  },
  {
    id: "damageType",
    label: "FT.WeaponTables.col.damageType",
    fields: ["system.d20"],
    cell: (type, s) =>
      isWeapon(type) && s.d20?.damageType ? localize(`FT.D20.Item.damageTypeChoice.${s.d20.damageType}`) : "",
  },
  {
    id: "stunDC",
    label: "FT.WeaponTables.col.stunDC",
    fields: ["system.d20"],
    cell: (type, s) => (isWeapon(type) ? numberCell(s.d20?.stunDC, false) : ""),
  },
  {
    id: "group",
    label: "FT.WeaponTables.col.group",
    fields: ["system.d20"],
    cell: (type, s) =>
      isWeapon(type) && s.d20?.group ? localize(`FT.D20.Item.groupChoice.${s.d20.group}`) : "",
  },
  {
    id: "dr",
    label: "FT.WeaponTables.col.dr",
    fields: ["system.d20"],
    cell: (type, s) => (armour(type) ? numberCell(s.d20?.dr, isMissing(s, "d20.dr")) : ""),
  },
  {
    id: "maxDex",
    label: "FT.WeaponTables.col.maxDex",
    fields: ["system.d20"],
    cell: (type, s) =>
      armour(type) ? numberCell(typeof s.d20?.maxDex === "number" ? `+${s.d20.maxDex}` : null, false) : "",
  },
  costColumn,
  d20Weight,
];

export const D20_TABLE: GameWeaponTable = { packs: ["d20"], types: ["weapon", "defense"], columns: COLUMNS };
