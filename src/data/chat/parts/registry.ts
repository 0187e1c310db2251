/**
 * The parts of an attack card's schema (issue 28): the optional game blocks — a grenade's blast, a d20 grenade's
 * saves, a d20 target's numbers, stray shots, a squad's attack, suppression fire — each a small module that gives its
 * field spec under its key and the place it sits (on the card, on each target, in the grenade block). The card's
 * schema is built from this registry (`attack-card-schema.ts`), so a later game module adds its block with
 * {@link registerCardPart} and the card keeps it: Foundry's `SchemaField#_cleanType` (v13 common/data/fields.mjs)
 * deletes every key its schema does not name, so a block no part declares would be dropped from every card.
 *
 * A part must be registered before the `attack` model's schema is first built (Foundry builds a model's schema once,
 * the first time `schema` is read, and keeps it): at import time, or in `init` before any message is made.
 */
import type { FieldSpec, SchemaSpec } from "../../spec.js";

/** Where a part's key sits: on the card itself, on each of its targets, or in its grenade block. */
export type CardPartPlace = "card" | "target" | "grenade";

export interface CardPart {
  readonly place: CardPartPlace;
  readonly key: string;
  /** The part's field spec; a function, so a part may hold the parts of another place (the grenade block). */
  readonly field: () => FieldSpec;
  /**
   * Issue 28 (review): why a stored value of this part is not whole (a list its readers walk is missing), or null.
   * The schema lets each of its fields be absent; the card's readers are refused a block that is not whole.
   */
  readonly problem?: (value: unknown) => string | null;
}

const parts: CardPart[] = [];

/** Set once the card's schema has read the parts (`partFields`). */
let built = false;

/** Add a block to the card's schema. A key already taken at that place is refused (two parts would clash). */
export function registerCardPart(part: CardPart): void {
  const same = parts.find((p) => p.place === part.place && p.key === part.key);
  if (same === part) return;
  if (same) throw new Error(`The attack card already has a part "${part.key}" on its ${part.place}`);
  // Foundry builds a model's schema once and keeps it: a part added after that would be silently dropped.
  if (built && !parts.includes(part))
    throw new Error(
      `The attack card's schema is built: register the part "${part.key}" before Foundry's init`,
    );
  parts.push(part);
}

/** The fields the registered parts add at one place, by key. */
export function partFields(place: CardPartPlace): SchemaSpec {
  built = true;
  return Object.fromEntries(parts.filter((p) => p.place === place).map((p) => [p.key, p.field()]));
}

/** The keys the registered parts add at one place. */
export function partKeys(place: CardPartPlace): string[] {
  return parts.filter((p) => p.place === place).map((p) => p.key);
}

/** The first part at `place` whose value on `holder` is not whole, by its problem, or null (absent values pass). */
export function partsProblem(
  place: CardPartPlace,
  holder: Readonly<Record<string, unknown>>,
  /** Parts to check whether or not the card's schema has registered them yet (the built-in ones). */
  also: readonly CardPart[] = [],
): string | null {
  for (const p of new Set([...also, ...parts])) {
    if (p.place !== place || !p.problem) continue;
    const value = holder[p.key];
    if (value === undefined || value === null) continue;
    const problem = p.problem(value);
    if (problem) return problem;
  }
  return null;
}
