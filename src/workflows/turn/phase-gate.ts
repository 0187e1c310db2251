/**
 * What the phase of the round lets a combatant do (SF-X-01 Expanded, SF-B-03 Basic), in one place:
 * - attacks in the side's own resolve phase (Expanded) or its move-and-attack phase (Basic); in a Basic-game tie
 *   both sides act at once (SF-B-05);
 * - opportunity shots during another side's move phase (SF-X-31), by a character who did not move, with two or
 *   more shots declared (or area fire, SF-X-32), at a character of the moving side who ran or dodged 5 m or walked
 *   2 m (any movement through a declared area); they count against the declared shots;
 * - declarations in the declare phase only (SF-X-07), carried into the attack; no more shots than declared
 *   (SF-X-30);
 * - a character who began the turn within 2 m of an opponent who declared melee does not move (SF-X-09).
 * Outside a started combat nothing is gated. The world setting "enforce phases" (on by default) turns the phase
 * checks off; a GM's own actions are never refused, the GM is told what the rules would have said.
 *
 * Foundry v13 it relies on: the acting user's client runs `preUpdateToken` before the write and a hook returning
 * false stops it (client/documents/token.mjs via `ClientDatabaseBackend#_preUpdateDocumentArray`); a token's
 * `movementHistory` holds this round's waypoints (kept for the round by `FrontierCombat`); the owner of a
 * Combatant's actor may write its `system` (common/documents/combatant.mjs `#canUpdate`, search id 8373722737).
 *
 * Issue 33: the attack's gate (`gateAttack`, opportunity shots, declared shots, metres walked) is in attack-gate.ts,
 * loaded with the attack workflows on first use; this file keeps what runs synchronously (the token-move hook, the
 * tracker's reads, the declaration and dodging checks).
 */
import type { HistoryWaypoint } from "../../canvas/movement-path.js";
import { dodgingRefusal, type Refusal } from "../../documents/combatant/mark-referee.js";
import { sideIdOf } from "../../documents/subtypes.js";
import { notify } from "../../helpers/report.js";
import { currentVariant, getSetting, SETTINGS } from "../../helpers/settings.js";
import { meleeHold, meleeMover, type Phase } from "../../rules/index.js";
import { type Declared, declaredThisRound } from "./declarations.js";

type TokenD = TokenDocument.Implementation;
type CombatantI = Combatant.Implementation;
type CombatI = Combat.Implementation;

export type { Refusal };

export type Verdict =
  | { readonly ok: true; readonly opportunity: boolean }
  | ({ readonly ok: false } & Refusal);

/**
 * The one rule of what a phase allows. `phase` is the current phase of the round (null: none), `sideId` the
 * acting combatant's side; `together`: a Basic-game tie, where both sides move and attack at once (SF-B-05).
 */
export function phaseVerdict(
  phase: Phase | null,
  sideId: string | null,
  act: "attack" | "declare",
  together = false,
): Verdict {
  if (!phase || !sideId) return { ok: true, opportunity: false };
  const phaseName = `FT.Phase.${phase.kind}`;
  if (act === "declare")
    return phase.kind === "declare"
      ? { ok: true, opportunity: false }
      : { ok: false, key: "FT.Phases.refuse.declareOnly", data: { phase: phaseName } };
  const own = phase.sides.includes(sideId);
  switch (phase.kind) {
    case "declare":
      return { ok: false, key: "FT.Phases.refuse.declarePhase" };
    case "move":
      return own ? { ok: false, key: "FT.Phases.refuse.ownMove" } : { ok: true, opportunity: true };
    case "resolve":
      return own ? { ok: true, opportunity: false } : { ok: false, key: "FT.Phases.refuse.notYourResolve" };
    case "act":
      return own || together
        ? { ok: true, opportunity: false }
        : { ok: false, key: "FT.Phases.refuse.notYourAct" };
  }
}

/* -------------------------------------------- */
/*  Reading the combat                          */
/* -------------------------------------------- */

const t = (key: string) => game.i18n?.localize(key) ?? key;

/** A refusal's data value: an i18n key (a phase's name) is localized, anything else shown as it is. */
const keyed = (v: string | number) => (typeof v === "string" && v.startsWith("FT.") ? t(v) : v);

/** The text of a refusal, for a notice that quotes it. */
function refusalText(r: Refusal): string {
  const data = Object.fromEntries(Object.entries(r.data ?? {}).map(([k, v]) => [k, String(keyed(v))]));
  return game.i18n?.format(r.key, data) ?? r.key;
}

/** Refuse (a player, with a warning naming the rule) or let the GM go on with a notice. True when refused. */
export function refused(r: Refusal | null): boolean {
  if (!r) return false;
  if (game.user?.isGM) {
    notify("info", "FT.Phases.gmOverride", { reason: refusalText(r) });
    return false;
  }
  const data = Object.fromEntries(Object.entries(r.data ?? {}).map(([k, v]) => [k, keyed(v)]));
  notify("warn", r.key, data);
  return true;
}

/**
 * The started combat a token's combatant is in, or null (then nothing is gated). A combat whose combatants act on
 * their own counts (d20, SW-03) has no Star Frontiers phases to gate by: decided by the combat's own mode, not the
 * world's engine.
 */
export function combatOf(
  tokenId: string | null | undefined,
): { combat: CombatI; combatant: CombatantI } | null {
  const combat = game.combat;
  if (!combat?.started || !tokenId || combat.byCount) return null;
  const combatant = combat.combatants.find((c) => c.tokenId === tokenId);
  return combatant ? { combat, combatant } : null;
}

export const enforced = () => !!getSetting(SETTINGS.enforcePhases);

export function currentPhase(combat: CombatI): { phase: Phase | null; together: boolean } {
  const phase = combat.ftPhases[combat.phaseIndex] ?? null;
  const together = currentVariant() === "basic" && combat.ftOrder.simultaneousDamage;
  return { phase, together };
}

export function declaredOf(combat: CombatI, combatant: CombatantI): Declared | null {
  return declaredThisRound(combatant.marks.declared, combat.round);
}

/** The pixel centre of a token document at a waypoint (its top-left corner). */
export function centreAt(doc: TokenD, at: { x: number; y: number }): { x: number; y: number } {
  const size = canvas?.grid?.size ?? 100;
  return { x: at.x + ((doc.width ?? 1) * size) / 2, y: at.y + ((doc.height ?? 1) * size) / 2 };
}

/** This round's waypoints of a token (v13 returns the array; fvtt-types 13.345 types one waypoint). */
export function history(doc: TokenD): readonly HistoryWaypoint[] {
  return (doc.movementHistory as unknown as readonly HistoryWaypoint[]) ?? [];
}

/* -------------------------------------------- */
/*  Declarations                                */
/* -------------------------------------------- */

/** May this user declare for this combatant now (SF-X-07)? Refusals are told to the user; the GM may always. */
export function mayDeclare(combat: CombatI, combatant: CombatantI): boolean {
  if (!combat.started || !combatant.isOwner) return false;
  if (currentVariant() !== "expanded") {
    // The Basic game has no declarations (SF-B-03: move, then attack).
    notify("warn", "FT.Phases.refuse.basicNoDeclare");
    return false;
  }
  if (!enforced()) return true;
  const verdict = phaseVerdict(currentPhase(combat).phase, sideIdOf(combatant), "declare");
  return verdict.ok || !refused(verdict);
}

/**
 * May this user mark (or unmark) the combatant dodging now (SF-X-10)? Dodging is declared with the turn's movement:
 * in the declare phase or the combatant's own side's move phase, when phases are enforced. A player is refused with
 * a warning naming the rule; the GM may always, and is told what the rules would have said.
 */
export function mayMarkDodging(combat: CombatI, combatant: CombatantI): boolean {
  if (!combat.started || !combatant.isOwner) return false;
  return !refused(dodgingRefusal(combat, combatant));
}

/**
 * The side whose members declare now (SF-X-07: side B first, then side A): the first side in movement order with
 * a member who has not declared this round; null when everyone has, or outside the declare phase.
 */
export function declaringSide(combat: CombatI): string | null {
  const { phase } = currentPhase(combat);
  if (!combat.started || phase?.kind !== "declare") return null;
  for (const sideId of phase.sides) {
    const members = combat.combatants.filter((c) => sideIdOf(c) === sideId && !c.isDefeated);
    if (members.some((c) => !declaredOf(combat, c))) return sideId;
  }
  return null;
}

/* -------------------------------------------- */
/*  Melee distance                              */
/* -------------------------------------------- */

/**
 * The opponent holding this combatant in melee (SF-X-09): one on another side who declared melee this round and
 * stood within 2 m of it at the start of the turn — unless both declared melee and this one is on side B, who
 * moves into the square. Null when free to move (also outside a started Expanded combat).
 */
export function heldInMelee(combat: CombatI, combatant: CombatantI): CombatantI | null {
  if (!combat.started || currentVariant() !== "expanded" || !canvas?.grid) return null;
  const doc = combatant.token;
  if (!doc || doc.parent !== canvas.scene) return null;
  const start = (d: TokenD) => centreAt(d, history(d)[0] ?? { x: d.x ?? 0, y: d.y ?? 0 });
  const mySide = sideIdOf(combatant);
  const mine = declaredOf(combat, combatant);
  const letter = combat.ftOrder.initiative === mySide ? "A" : "B";
  for (const other of combat.combatants) {
    if (other === combatant || sideIdOf(other) === mySide || other.isDefeated) continue;
    const theirs = declaredOf(combat, other);
    const od = other.token;
    if (!theirs?.melee || !od || od.parent !== doc.parent) continue;
    const metres = canvas.grid.measurePath([start(doc), start(od)], {}).distance;
    if (!meleeHold(metres, true)) continue;
    if (meleeMover(!!mine?.melee, letter)) continue;
    return other;
  }
  return null;
}

/**
 * `preUpdateToken` (on the moving user's client): a player's move of a token held in melee is refused before it
 * is written, naming the rule; the GM's goes through with a notice. Refusing rather than warning after the move:
 * the rule says the character cannot move, and a move already written would have to be undone by hand and would
 * stay in the token's movement history, making the character count as having walked or run for its own attack
 * (SF-X-17) and for opportunity shots.
 */
export function onPreUpdateToken(doc: TokenD, changes: Record<string, unknown>): boolean | undefined {
  if (!("x" in changes || "y" in changes)) return undefined;
  const moves =
    (changes.x !== undefined && changes.x !== doc.x) || (changes.y !== undefined && changes.y !== doc.y);
  if (!moves) return undefined;
  const combat = game.combat;
  const combatant = combat?.combatants.find((c) => c.tokenId === doc.id && c.sceneId === doc.parent?.id);
  if (!combat || !combatant) return undefined;
  const holder = heldInMelee(combat, combatant);
  if (!holder) return undefined;
  const r = {
    key: "FT.Phases.refuse.meleeHold",
    data: { name: combatant.name ?? "", by: holder.name ?? "" },
  };
  return refused(r) ? false : undefined;
}
