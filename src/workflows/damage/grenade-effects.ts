/**
 * What a grenade card does besides damage, for the GM's apply: how long each status it turns on lasts. A doze
 * grenade's sleep lasts one hour in the Basic game (600 turns, SF-B-18) and the d100 turns rolled with the throw in
 * the Expanded game (rules-tables §18); a stun in a thrown explosive's ring lasts one turn (SF-X-40). Pure: the
 * card's data in, turns per target out.
 */

import type { StoredCard } from "../../data/chat/attack-card.js";
import { dozeTurns, type Outcome, STUN_TURNS } from "../../rules/index.js";
import type { AppliedStatus } from "./apply-records.js";

export type StatusTurns = Record<string, Partial<Record<AppliedStatus, number>>>;

export function statusTurns(card: StoredCard, ids: readonly string[]): StatusTurns {
  const out: StatusTurns = {};
  for (const id of ids) {
    const turns: Partial<Record<AppliedStatus, number>> = {};
    if (card.effect === "doze") {
      if (card.variant === "basic") turns.unconscious = dozeTurns("basic", null);
      else {
        const rolled = card.grenade?.sleep?.find((s) => s.id === id)?.turns ?? null;
        // A card from before the d100 was rolled with the throw: asleep, with no duration (the GM sets it).
        if (rolled !== null) turns.unconscious = dozeTurns("expanded", rolled);
      }
    }
    if ((card.stunned ?? []).includes(id)) turns.stun = STUN_TURNS;
    if (Object.keys(turns).length) out[id] = turns;
  }
  return out;
}

/**
 * The result a Zebulon blast is rated by (SF-Z-06), or null for a percentile throw (its dice are rolled for each
 * creature, SF-X-43). A throw that hit goes off with its own colour. A throw that missed has no colour of its own
 * (white) yet still goes off where it bounced (SF-X-39): the sources are silent, and we rate it yellow — the least
 * a success does (¼ of the maximum), so a miss never blasts harder than the weakest hit.
 */
export function blastOutcome(outcome: Outcome): Outcome | null {
  if (outcome.colour === null) return null;
  if (outcome.hit) return outcome;
  return { ...outcome, hit: true, colour: "yellow", damageFraction: 0.25 };
}
