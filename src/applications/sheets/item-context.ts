/**
 * The item sheet's context (issue 30), pure: the sheet (item-sheet.ts) and the template check and previews
 * (tests/fixtures/) both build it here. The world's game names the body parts of the item's type — its own (a d20
 * weapon leads with its d20 numbers) or the shared body of the type — and the choices they read (sheet-seam.ts).
 * Fields whose numbers are "not in the sources available" are flagged in place (`missing`).
 */
import { templatePath } from "../../constants.js";
import { DAMAGE_KINDS, DEFENSE_MODES, POWER_KINDS, PSAS, WEAPON_SKILLS } from "../../data/item/specs.js";
import { RANGE_BANDS } from "../../rules/index.js";
import { type GameSheetSeam, itemPartsOf } from "./sheet-seam.js";

const choices = (list: readonly string[], prefix: string) =>
  Object.fromEntries(list.map((k) => [k, `${prefix}.${k}`]));

export interface ItemSheetInput {
  readonly type: string;
  readonly system: unknown;
  /** The fields the item says are not in the sources (`system.missing`). */
  readonly missing: readonly string[];
  /** Issue 32: the fields the GM's world numbers filled (data/item/gm-numbers.ts), shown as "entered by the GM". */
  readonly gmEntered?: readonly string[];
}

/** A weapon's range bands and per-band damage, where the item has them (the percentile weapon body's table). */
interface BandsLike {
  readonly ranges?: Readonly<Record<string, number | null>>;
  readonly damage?: { readonly perBand?: Readonly<Record<string, string>> };
}

export function itemSheetContext(input: ItemSheetInput, seam: GameSheetSeam) {
  const missing = new Set(input.missing);
  const banded: BandsLike =
    // A weapon's system has both; any other type has neither, and reads as no bands.
    typeof input.system === "object" && input.system !== null ? (input.system as BandsLike) : {};
  return {
    system: input.system,
    type: input.type,
    /** The body parts of this type in the world's game, drawn in order (body.hbs). */
    parts: itemPartsOf(seam, input.type).map((p) => ({ partial: templatePath(p) })),
    ...seam.itemContext(),
    missing: Object.fromEntries([...missing].map((m) => [m.replaceAll(".", "_"), true])),
    anyMissing: missing.size > 0,
    gmEntered: (input.gmEntered ?? []).join(", "),
    bands: RANGE_BANDS.map((b) => ({
      key: b,
      max: banded.ranges?.[b] ?? null,
      dmg: banded.damage?.perBand?.[b] ?? "",
    })),
    choices: {
      skill: choices(WEAPON_SKILLS, "FT.Skill"),
      kind: choices(DAMAGE_KINDS, "FT.DamageKind"),
      mode: choices(DEFENSE_MODES, "FT.DefenseMode"),
      power: choices(POWER_KINDS, "FT.PowerKind"),
      psa: choices(PSAS, "FT.PSA"),
      slot: { screen: "FT.Slot.screen", suit: "FT.Slot.suit" },
      ammoUnit: { rounds: "FT.AmmoUnit.rounds", seu: "FT.AmmoUnit.seu", none: "FT.AmmoUnit.none" },
      rangeUnit: { m: "FT.RangeUnit.m", squares: "FT.RangeUnit.squares" },
      structural: { shot: "FT.Structural.shot", seu: "FT.Structural.seu", none: "FT.Structural.none" },
    },
  };
}
