/**
 * The combat by count's entries as this page reads them (SW-03, T2-1D): read synchronously by the turn order and the
 * tracker, so they load with the system; the rolls and the counts' write (by-count-rolls.ts) load on first use.
 * Split from by-count.ts (issue 33: the first load).
 */
import { SYSTEM_ID } from "../../constants.js";
import { d20DexScore } from "../../data/actor/d20-facts.js";
import { actorSystem } from "../../data/subtypes.js";
import { keptEntry } from "../../helpers/d20-secrets.js";
import type { InitiativeEntry } from "../../rules/index.js";
import type { Member } from "./common.js";
import { entryOf } from "./d20-initiative.js";

type C = Combat.Implementation;

/**
 * SW-03: the combatants' entries (count, Dex, tie-break) for those that rolled. Module functions, not private
 * methods: core prepares the combat (and sorts its turns) inside the base constructor, before a subclass's private
 * members exist.
 */
export function entriesOf(combat: C, real = true) {
  return combat.combatants.contents.flatMap((c: Member) => {
    const e =
      (real ? sealedEntryOf(combat, c) : null) ??
      entryOf(c.id ?? "", c.initiative, c.getFlag(SYSTEM_ID, "init"), d20DexScore(actorSystem(c.actor)));
    return e ? [e] : [];
  });
}

/** The entries as the documents hold them (a sealed combatant's rank, never its kept count): the turn order. */
export const storedEntriesOf = (combat: C) => entriesOf(combat, false);

/**
 * T2-1D: on a GM's page, the real entry of a sealed combatant that this browser keeps (helpers/d20-secrets.ts);
 * null elsewhere: a player's page (and a GM's that lost it) orders by the rank on the document.
 */
export function sealedEntryOf(combat: C, c: Member): InitiativeEntry | null {
  const sealed = c.getFlag(SYSTEM_ID, "init")?.sealed;
  if (!sealed || !game.user?.isGM || !combat.id || !c.id) return null;
  return keptEntry(combat.id, c.id, sealed);
}

/** Combatants without a count yet (SW-03: at the start, and a late joiner). */
export function unrolledOf(combat: C, filter: (c: Member) => boolean = () => true): string[] {
  return combat.combatants.contents
    .filter((c: Member) => !Number.isFinite(c.initiative ?? Number.NaN) && filter(c))
    .map((c: Member) => c.id ?? "");
}
