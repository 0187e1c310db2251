/**
 * The sides' numbers as they may be written (R1-5d): which side is sealed, the numbers this GM's browser keeps, the
 * changes sealed and ranked, and ONE Combat update of side changes that keeps the acting combatant acting. Read
 * synchronously (the tracker, the re-sort in the descendant callbacks). Split from side-rolls.ts (issue 33) so the
 * lazy side-rolls-writes.ts and side-rolls.ts share it without importing each other. Moved unchanged.
 */
import { currentVariant, getSetting, SETTINGS } from "../../helpers/settings.js";
import { errorText, localize, phaseFlags, reportOnce } from "./common.js";
import { remapPhaseTurn } from "./phase-turns.js";
import { phaseInput, phaseInputOf, remapPending } from "./phases.js";
import {
  type SideChange,
  type SideSecret,
  sealSides,
  turnKeeping,
  withSideChanges,
} from "./side-initiative.js";
import { keepSecrets } from "./side-secrets.js";

type C = Combat.Implementation;

/** Is a roll of this side to be kept from players: "hide NPC initiative" and no player character on it? */
export function seals(combat: C, sideId: string): boolean {
  const group = combat.sideGroups.find((g) => g.id === sideId);
  return group ? group.sealsRolls : !!getSetting(SETTINGS.hideNpcInitiative);
}

/**
 * GM: the numbers of the sealed sides this GM's browser keeps for their current sealed rolls (helpers/
 * side-secrets.ts). A side rolled on another GM's client, or whose numbers this browser lost, is missing: it shows
 * as rolled with its numbers unknown. Players get nothing: no data they receive holds the numbers.
 */
export function sideSecrets(combat: C): Map<string, SideSecret> {
  const out = new Map<string, SideSecret>();
  for (const g of combat.sideGroups) {
    const kept = g.keptSecret;
    if (kept && g.id) out.set(g.id, kept);
  }
  return out;
}

/** GM: the changes as they may be written (sealed sides without numbers, every rolled side ranked). */
export function seal(combat: C, changes: readonly SideChange[], round?: number): SideChange[] {
  const sealed = sealSides(combat.view, changes, {
    variant: currentVariant(),
    ...(round !== undefined ? { round } : {}),
    secrets: sideSecrets(combat),
    seal: (id) => seals(combat, id),
    newSealId: () => foundry.utils.randomID(),
  });
  // Kept before the write that names the new seal ids goes out, so the GM's tracker can read them as it lands.
  const live = new Set((game.combats?.contents ?? []).map((c) => c.id ?? ""));
  if (combat.id)
    void keepSecrets(combat.id, sealed.secrets, live).catch((e: unknown) =>
      reportOnce(`${combat.id}:keep`, errorText(e)),
    );
  if (sealed.lost.length)
    reportOnce(`${combat.id}:lost:${sealed.lost.join()}`, localize("FT.Side.sealedLost"));
  return sealed.changes;
}

/**
 * One Combat update writing side changes: the turn index that keeps the acting combatant acting in the new order
 * and, when phase and turn are linked, the same phase in the new list of phases (a re-roll or an edit mid-round
 * can change the order of the sides, and the phase is stored as an index: review 13c H1).
 */
export function sidesUpdate(combat: C, changes: readonly SideChange[]): Combat.UpdateData {
  const data: Combat.UpdateData = { groups: [...changes] };
  const after = withSideChanges(combat.view, changes);
  const turn = turnKeeping(after, currentVariant(), combat.combatant?.id ?? null);
  if (turn !== null && turn !== combat.turn) data.turn = turn;
  // A change of combatants or sides under way is remapped once it is complete (`remapPhase`, phases.ts).
  if (combat.phasesLinked && !remapPending(combat)) {
    const to = remapPhaseTurn(
      {
        input: phaseInput(combat),
        at: { phase: combat.phaseIndex, turn: combat.turn },
        actingId: combat.combatant?.id ?? null,
      },
      phaseInputOf(combat, after),
    );
    if (to && to.phase !== combat.phaseIndex) data.system = phaseFlags(to.phase, to.turn);
  }
  return data;
}
