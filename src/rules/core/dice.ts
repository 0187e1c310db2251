import { RulesError } from "./types.js";

/** A damage formula reduced to what Star Frontiers uses: `NdS` terms and a flat bonus, e.g. `2d10`, `1d10+2`. */
export interface DiceFormula {
  readonly count: number;
  readonly faces: number;
  readonly bonus: number;
}

const FORMULA = /^\s*(\d{1,3})\s*d\s*(\d{1,3})\s*(?:([+-])\s*(\d{1,4}))?\s*$/i;
const FLAT = /^\s*(\d{1,4})\s*$/;

/** Most dice, and most faces, a damage formula may have (H10). */
export const MAX_DICE = 100;
export const MAX_FACES = 100;

/** Parse a damage formula; throws a {@link RulesError} naming the bad text. */
export function parseDice(text: string): DiceFormula {
  const flat = FLAT.exec(text);
  if (flat) return { count: 0, faces: 0, bonus: Number(flat[1]) };
  const m = FORMULA.exec(text);
  if (!m)
    throw new RulesError("FT.Error.badFormula", `Malformed damage formula "${text}"`, { formula: text });
  const count = Number(m[1]);
  const faces = Number(m[2]);
  // H10: no weapon of the rules rolls more than 20 dice (a heavy laser at 20 SEU) or dice above d100; 100 of either is
  // far past the rules and keeps a typo such as 999d999 out of the dice roller.
  if (count < 1 || faces < 2 || count > MAX_DICE || faces > MAX_FACES) {
    throw new RulesError("FT.Error.badFormula", `Malformed damage formula "${text}"`, { formula: text });
  }
  const bonus = m[3] ? Number(`${m[3]}${m[4]}`) : 0;
  return { count, faces, bonus };
}

/** True when the text parses. */
export function isValidDice(text: string): boolean {
  try {
    parseDice(text);
    return true;
  } catch {
    return false;
  }
}

export function formatDice(f: DiceFormula): string {
  if (f.count === 0) return String(f.bonus);
  const b = f.bonus > 0 ? `+${f.bonus}` : f.bonus < 0 ? `${f.bonus}` : "";
  return `${f.count}d${f.faces}${b}`;
}

/** Maximum a formula can roll (Zebulon's weapons are rated by it, SF-Z-06). */
export function maxRoll(f: DiceFormula): number {
  return f.count * f.faces + f.bonus;
}

/** Average of a formula. */
export function averageRoll(f: DiceFormula): number {
  return (f.count * (f.faces + 1)) / 2 + f.bonus;
}

/**
 * Total of rolled dice for a formula; checks that exactly `count` dice came in and each is on the die.
 * Dice come in as numbers so the rules stay deterministic.
 */
export function sumDice(f: DiceFormula, dice: readonly number[]): number {
  if (dice.length !== f.count) {
    throw new RulesError("FT.Error.diceCount", `Expected ${f.count} dice, got ${dice.length}`, {
      expected: f.count,
      got: dice.length,
    });
  }
  for (const d of dice) checkDie(d, f.faces);
  return dice.reduce((a, b) => a + b, 0) + f.bonus;
}

/** Throws unless `value` is a whole number from 1 to `faces`. */
export function checkDie(value: number, faces: number): void {
  if (!Number.isInteger(value) || value < 1 || value > faces) {
    throw new RulesError("FT.Error.dieOutOfRange", `A d${faces} cannot show ${value}`, { faces, value });
  }
}
