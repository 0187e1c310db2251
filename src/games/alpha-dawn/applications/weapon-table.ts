/**
 * Issue 33: the Star Frontiers weapon and defense tables (Alpha Dawn and Zebulon's Guide read the same items), laid
 * out as the printed tables: type, damage, range bands (PB/S/M/L/E), ROF, the melee modifier, ammunition, what a
 * defense protects against, cost, mass. A number no available source gives reads "n/s" (ruling 2, never guessed);
 * the GM may enter it for the world (issue 32): those columns name the fields they fill.
 */
import { weaponDamageText } from "../../../applications/sheets/context.js";
import {
  costColumn,
  type GameWeaponTable,
  type IndexSystem,
  isMissing,
  isWeapon,
  localize,
  massColumn,
  numberCell,
  type TableEntry,
  type WeaponTableColumn,
} from "../../../applications/weapon-tables-seam.js";
import { RANGE_BANDS } from "../../../rules/index.js";

/**
 * The range bands as the printed table gives them: the top of each band, "/"-separated, each in its own place under
 * "PB/S/M/L/E" — a band the weapon has not (the Gyrojet Pistol's PB) reads "—", as the printed tables give it
 * (review-play 1.1: dropping it moved every later band one column left).
 */
function rangesCell(type: string, s: IndexSystem): string {
  if (!isWeapon(type)) return "";
  const bands = RANGE_BANDS.map((b) => s.ranges?.[b]);
  if (bands.some((v) => typeof v === "number"))
    return `${bands.map((v) => (typeof v === "number" ? v : "—")).join("/")}${s.rangeUnit === "squares" ? " □" : " m"}`;
  return isMissing(s, "ranges") ? "n/s" : "—";
}

function damageCell(type: string, s: IndexSystem): string {
  if (!isWeapon(type) || !s.damage) return "";
  const d = s.damage;
  const perBand = Object.fromEntries(RANGE_BANDS.map((b) => [b, d.perBand?.[b] ?? ""]));
  const text = weaponDamageText({
    damage: {
      formula: d.formula ?? "",
      perBand,
      perSeu: {
        enabled: d.perSeu?.enabled ?? false,
        faces: d.perSeu?.faces ?? 10,
        min: d.perSeu?.min ?? 1,
        max: d.perSeu?.max ?? 10,
      },
      special: d.special ?? "",
    },
  });
  return text === "—" && isMissing(s, "damage") ? "n/s" : text;
}

function ammoCell(type: string, s: IndexSystem): string {
  if (!isWeapon(type) || !s.ammo) return "";
  if (s.ammo.unit === "none") return "—";
  const unit = localize(`FT.AmmoUnit.${s.ammo.unit ?? "rounds"}`);
  if (s.ammo.capacity === null || s.ammo.capacity === undefined) return isMissing(s, "ammo") ? "n/s" : "—";
  return `${s.ammo.perShot ?? 1}/${s.ammo.capacity} ${unit}`;
}

/**
 * A defense: what it protects against, and how. A weapon (review-play rank 3): the defenses that act on its damage type,
 * by name, as the printed weapon tables name the defense against each weapon (Albedo for a laser) — read from the
 * table's own defense entries (their rules name the damage types), so it says what the defenses' own rows say.
 */
function defenseCell(type: string, s: IndexSystem, all: readonly TableEntry[]): string {
  if (isWeapon(type)) {
    if (!s.kind) return "";
    const names = all
      .filter((e) => e.type === "defense" && (e.system.rules ?? []).some((r) => r?.kind === s.kind))
      .map((e) => e.name)
      .sort((a, b) => a.localeCompare(b));
    return names.join(", ") || "—";
  }
  if (type !== "defense") return "";
  const rules = (s.rules ?? []).map(
    (r) => `${localize(`FT.DamageKind.${r.kind}`)}: ${localize(`FT.DefenseMode.${r.mode}`)}`,
  );
  return rules.length ? rules.join("; ") : isMissing(s, "rules") ? "n/s" : "—";
}

const COLUMNS: readonly WeaponTableColumn[] = [
  {
    id: "type",
    label: "FT.WeaponTables.col.type",
    fields: ["system.skill", "system.slot"],
    cell: (type, s) =>
      isWeapon(type)
        ? localize(`FT.Skill.${s.skill}`)
        : type === "defense"
          ? localize(`FT.Slot.${s.slot}`)
          : "",
  },
  {
    id: "damage",
    label: "FT.WeaponTables.col.damage",
    fields: ["system.damage"],
    cell: damageCell,
    gmPaths: ["damage.formula"],
  },
  {
    id: "ranges",
    label: "FT.WeaponTables.col.ranges",
    fields: ["system.ranges", "system.rangeUnit"],
    cell: rangesCell,
    gmPaths: RANGE_BANDS.map((b) => `ranges.${b}`),
  },
  {
    id: "meleeModifier",
    label: "FT.WeaponTables.col.meleeModifier",
    fields: ["system.meleeModifier"],
    cell: (type, s) =>
      isWeapon(type) && s.skill === "melee"
        ? numberCell(
            typeof s.meleeModifier === "number" && s.meleeModifier > 0
              ? `+${s.meleeModifier}`
              : s.meleeModifier,
            isMissing(s, "meleeModifier"),
          )
        : "",
    gmPaths: ["meleeModifier"],
  },
  {
    id: "rof",
    label: "FT.WeaponTables.col.rof",
    fields: ["system.rof"],
    cell: (type, s) => (isWeapon(type) ? numberCell(s.rof === 0.5 ? "½" : s.rof, isMissing(s, "rof")) : ""),
    gmPaths: ["rof"],
  },
  { id: "ammo", label: "FT.WeaponTables.col.ammo", fields: ["system.ammo"], cell: ammoCell },
  {
    id: "defense",
    label: "FT.WeaponTables.col.defense",
    fields: ["system.rules", "system.kind"],
    cell: defenseCell,
  },
  costColumn,
  massColumn("mass", "FT.WeaponTables.col.mass"),
];

export const STAR_FRONTIERS_TABLE: GameWeaponTable = {
  packs: ["weapons", "grenades", "defenses"],
  types: ["weapon", "defense"],
  columns: COLUMNS,
};
