/**
 * How a hit's damage came about, as the card writes it (card-context.ts draws it; the d20 card section reads it too).
 * Its own small file (issue 33: the main bundle), so the game's card section does not bring the card's drawing.
 */
import { parseDice } from "../../rules/index.js";

export const DAMAGE_NOTE: Record<string, string> = {
  cobalt: "1",
  blue: "¾",
  green: "½",
  yellow: "¼",
  white: "0",
};

/** The most a formula rolls ("4d10+2" → 42), or null when it is not one. */
function formulaMax(formula: string): number | null {
  try {
    const d = parseDice(formula);
    return d.count * d.faces + d.bonus;
  } catch {
    return null;
  }
}

/**
 * How a hit's damage came about, before its total: the formula and the dice the Roll gave ("4d10 [7, 3, 9, 2]"),
 * or, in Zebulon's Guide, the formula's maximum times the colour's share ("4d10 (max 40) × ½": its dice are not
 * read). Null when there is nothing to show (a fixed number, a card from before the dice were kept).
 */
export function damageWorking(
  formula: string,
  dice: readonly number[] | undefined,
  colour: string | null,
): string | null {
  if (!formula || !/\d*d\d+/.test(formula)) return null;
  if (colour) {
    const max = formulaMax(formula);
    return max === null ? null : `${formula} (max ${max}) × ${DAMAGE_NOTE[colour] ?? "?"}`;
  }
  return dice?.length ? `${formula} [${dice.join(", ")}]` : null;
}
