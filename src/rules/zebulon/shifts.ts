/**
 * Column shifts, result shifts and damage by colour (SF-Z-01..03, SF-Z-05..07).
 */
import type { ResultColour } from "../core/engine.js";
import type { Modifier } from "../core/types.js";
import { RulesError } from "../core/types.js";
import { clampColumn } from "./table.js";

/** Points of an Alpha Dawn modifier per column shift (SF-Z-03: +20 becomes +2 CS). */
export const POINTS_PER_SHIFT = 10;

/** Round half away from zero, so a −5 prone penalty is still felt as −1 CS and +5 (large target) as +1 CS. */
export function roundHalfAway(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x)) || 0;
}

/** Convert one Alpha Dawn modifier's points to column shifts (SF-Z-03: +20 becomes +2 CS). */
export function pointsToShifts(points: number): number {
  return roundHalfAway(points / POINTS_PER_SHIFT);
}

/**
 * The column shifts of a modifier list (SF-Z-02, SF-Z-03): each modifier is converted on its own, as seed 004
 * converts them ("a large target … gets a +1 column shift"), and the shifts are added ("All column shifts are
 * cumulative"). Converting the total instead would let a large target's +1 CS vanish into a −10 range penalty
 * (Short −10 and large +5: −1 CS + 1 CS = 0, where the total −5 rounds to −1).
 */
export function modifierShifts(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((s, m) => s + pointsToShifts(m.value), 0);
}

/** Base column = the skill level used (SF-Z-01); heavy weapons at level −1, untrained heavy −1 (SF-X-13 ×10). */
export function baseColumn(skillLevel: number, heavy: boolean): number {
  if (!Number.isInteger(skillLevel) || skillLevel < 0) {
    throw new RulesError("FT.Error.skillLevel", `Skill level must be 0 or more, not ${skillLevel}`, {
      value: skillLevel,
    });
  }
  if (!heavy) return skillLevel;
  return skillLevel === 0 ? -1 : skillLevel - 1;
}

export interface ColumnResult {
  readonly base: number;
  readonly shift: number;
  /** Final (strike) column, clamped at ±X (SF-Z-02). */
  readonly column: number;
  /** The unclamped column, to show that shifts went past the edge. */
  readonly raw: number;
}

/** Final column from a base and a list of modifiers in Alpha Dawn points (SF-Z-02, SF-Z-03). */
export function finalColumn(base: number, modifiers: readonly Modifier[], extraShifts = 0): ColumnResult {
  const shift = modifierShifts(modifiers) + Math.trunc(extraShifts);
  const raw = base + shift;
  return { base, shift, column: clampColumn(raw), raw };
}

/** Largest result shift taken: four colours of success, so ±3 already reaches the other end. */
export const MAX_RESULT_SHIFT = 3;

/** A result shift is a whole number of colours, −3 … +3 (SF-Z-07). */
export function validateResultShift(shift: number): number {
  if (!Number.isInteger(shift) || Math.abs(shift) > MAX_RESULT_SHIFT) {
    throw new RulesError(
      "FT.Zebulon.Error.resultShift",
      `SF-Z-07: a result shift is a whole number from −${MAX_RESULT_SHIFT} to +${MAX_RESULT_SHIFT}, not ${shift}`,
      { value: String(shift), max: MAX_RESULT_SHIFT },
    );
  }
  return shift;
}

/** Largest column shift a skill check takes from the user: past ±18 every column is clamped anyway (SF-Z-02). */
export const MAX_CHECK_SHIFT = 18;

/** A column shift typed by the user is a whole number, −18 … +18 (SF-Z-02). */
export function validateColumnShift(shift: number): number {
  if (!Number.isInteger(shift) || Math.abs(shift) > MAX_CHECK_SHIFT) {
    throw new RulesError(
      "FT.Zebulon.Error.columnShift",
      `SF-Z-02: a column shift is a whole number from −${MAX_CHECK_SHIFT} to +${MAX_CHECK_SHIFT}, not ${shift}`,
      { value: String(shift), max: MAX_CHECK_SHIFT },
    );
  }
  return shift;
}

const ORDER: readonly ResultColour[] = ["white", "yellow", "green", "blue", "cobalt"];

export function colourRank(c: ResultColour): number {
  return ORDER.indexOf(c);
}

/** Is this one of the five result colours (SF-Z-04)? */
export function isResultColour(c: unknown): c is ResultColour {
  return typeof c === "string" && (ORDER as readonly string[]).includes(c);
}

/** A colour the user asked for: one of the five, else an error naming SF-Z-05. */
export function validateColour(c: unknown): ResultColour {
  if (!isResultColour(c)) {
    const shown = String(c).slice(0, 40);
    throw new RulesError(
      "FT.Zebulon.Error.unknownColour",
      `SF-Z-05: "${shown}" is not a colour of the table (white, yellow, green, blue, cobalt)`,
      { value: shown },
    );
  }
  return c;
}

/** A task that needs a colour succeeds on that colour or better (SF-Z-05). */
export function meetsColour(result: ResultColour, required: ResultColour): boolean {
  return colourRank(result) >= colourRank(required);
}

/**
 * Result shifts (SF-Z-07): move a success up or down by `shift` colours; cobalt stays cobalt, yellow never
 * falls to white, and a failure stays a failure.
 */
export function resultShift(colour: ResultColour, shift: number): ResultColour {
  if (colour === "white") return "white";
  const rank = Math.min(4, Math.max(1, colourRank(colour) + Math.trunc(shift)));
  return ORDER[rank]!;
}

/** Damage fraction by colour (SF-Z-06): cobalt full, blue ¾, green ½, yellow ¼, white nothing. */
export const DAMAGE_FRACTION: Readonly<Record<ResultColour, number>> = {
  white: 0,
  yellow: 0.25,
  green: 0.5,
  blue: 0.75,
  cobalt: 1,
};

/**
 * Damage of a hit: the weapon's maximum × the colour's fraction, rounded down but at least 1 on any success
 * (SF-Z-06). Defenses apply afterwards.
 */
export function colourDamage(maximum: number, colour: ResultColour): number {
  if (!Number.isFinite(maximum) || maximum < 0) {
    throw new RulesError("FT.Error.badDamage", `Maximum damage must be 0 or more, not ${maximum}`, {
      value: maximum,
    });
  }
  const f = DAMAGE_FRACTION[colour];
  if (f === 0) return 0;
  return Math.max(1, Math.floor(maximum * f));
}
