/**
 * Speed (SW-12), which feeds the movement facts: the seed's table by size and armour, a double move, a run ×4.
 *
 * Seed: Medium-size 10 m (no or light armour), 8 m (medium), 6 m (heavy); Small 6 / 4 / 2 m. The seed gives no
 * other size: their speed is the sheet's `speedBase` (design §4), never guessed. "You can move up to your speed
 * and attack … move up to twice your normal speed … run … four times your normal speed as a full-round action."
 * A fatigued character cannot run or charge (SW-10).
 */
import { RulesError } from "../core/types.js";
import { type ArmorCategory, type D20Size, SPEED_TABLE } from "./tables.js";

export interface SpeedInput {
  readonly size: D20Size;
  readonly armor: ArmorCategory;
  /** The sheet's base speed in metres; null = from the seed's table (SW-12). */
  readonly speedBase?: number | null;
  /** SW-10: fatigued characters cannot run. */
  readonly fatigued?: boolean;
}

export interface Speed {
  /** A move action. */
  readonly move: number;
  /** Two move actions. */
  readonly double: number;
  /** A run (full-round); null when the character cannot run. */
  readonly run: number | null;
}

/**
 * SW-12, SW-29: a target that moved more than two move actions' worth this round ran ("you can move up to twice your
 * normal speed … if you run, up to four times"), and a running defender loses its Dex bonus to Defense and gives
 * −2 to ranged attacks against it (the conditions table's "defender running"). Unknown speed: never running.
 */
export function ranThisRound(moved: number, speed: number | null | undefined): boolean {
  if (speed === null || speed === undefined || !Number.isFinite(moved)) return false;
  return moved > 2 * speed + 1e-6;
}

/**
 * SW-12: the speeds of a character. Refuses a size the seed has no number for when the sheet gives none
 * (`FT.D20.noSpeed`), and a base speed that is not a number of metres ≥ 0.
 */
export function d20Speed(input: SpeedInput): Speed {
  let move: number;
  if (input.speedBase !== null && input.speedBase !== undefined) {
    if (!Number.isFinite(input.speedBase) || input.speedBase < 0)
      throw new RulesError("FT.D20.badSpeed", `A speed is a number of metres ≥ 0, not ${input.speedBase}`, {
        speed: input.speedBase,
      });
    move = input.speedBase;
  } else {
    const row = SPEED_TABLE[input.size];
    if (!row)
      throw new RulesError(
        "FT.D20.noSpeed",
        `The seed gives no speed for size ${input.size}: enter it on the sheet`,
        {
          size: input.size,
        },
      );
    move = row[input.armor];
  }
  return { move, double: move * 2, run: input.fatigued ? null : move * 4 };
}
