/**
 * SW-42 (issue 31) the aiming action, as the table keeps it. Seed 002, "Aiming": "If the touch attack is successful,
 * the target is denied its Dexterity bonus to Defense for your next single attack with the weapon which you aimed. If
 * the target moves more than 2 meters between the time you make the ranged touch attack and your next single attack,
 * he regains his Dexterity bonus and you gain no benefits from aiming."
 *
 * Authority, as SW-39's aid (canvas/aid.ts): the touch attack is the active GM's roll (games/d20/workflows/aim.ts),
 * its success kept on the GM's own User (`flags.frontier-tactics.aims`, keyed by the aiming token's id), which no
 * player may write (v13 common/documents/user.mjs `#canUpdate`: players may only modify themselves). The aimer's next
 * attack with that weapon at that target reads it (the target's `aimed` fact) unless the target moved more than 2 m
 * since (the GM sums its moves, workflows/aim.ts `dropMovedAim`); the GM marks it used by the aimer's next attack card,
 * and drops it at the end of the aimer's next turn in a combat, or when the combat ends.
 *
 * Review 3 (2.1), two GMs: each GM keeps its own entries, so the aimer's kept aim is its NEWEST entry on any GM User
 * (by `at`, the time the GM kept it) — an older one kept by a GM who has since left neither hides nor outlives it.
 */
import { SYSTEM_ID } from "../../../constants.js";
import { aimMovedAway } from "../../../rules/index.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/** What the active GM keeps of one successful aim. */
export interface AimEntry {
  readonly sceneId: string;
  /** The aimed-at token's id (on `sceneId`) and where it stood (its x, y in pixels) when aimed at. */
  readonly target: string;
  readonly x: number;
  readonly y: number;
  /** The aimed weapon's item id (on the aimer's actor). */
  readonly weapon: string;
  /** The attack card's roll id (or message id) that took the aim, or null while it waits. */
  readonly used: string | null;
  /** When the GM kept it (ms since the epoch; the newest entry of an aimer is its aim). Absent on older entries. */
  readonly at?: number;
  /** The combat (and its round) the aim was made in, by count; absent or null outside a combat. */
  readonly combat?: string | null;
  readonly round?: number | null;
  /** Metres the target has moved since (the sum of its moves). */
  readonly moved?: number;
  /**
   * Why the GM dropped it unused: the target moved more than 2 m, the aimer's next turn ended, the combat ended; null
   * when a GM's undo of the target's move gave it back (fixaim).
   */
  readonly dropped?: "moved" | "turnEnded" | "combatEnded" | null;
}

/** A kept aim: the aimer's token id, the GM User that keeps it, and the entry. */
export interface KeptAim {
  readonly key: string;
  readonly gm: string;
  readonly entry: AimEntry;
}

/** Each aimer's newest entry on any GM User (review 3, 2.1), used or not. */
export function newestAims(): KeptAim[] {
  const newest = new Map<string, KeptAim>();
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    for (const [key, entry] of Object.entries(u.getFlag(SYSTEM_ID, "aims") ?? {})) {
      if (!entry) continue;
      const was = newest.get(key);
      if (!was || (entry.at ?? 0) > (was.entry.at ?? 0)) newest.set(key, { key, gm: u.id ?? "", entry });
    }
  }
  return [...newest.values()];
}

/** Whether a kept aim still waits for the aimer's next attack (not used, not dropped). */
export const waiting = (entry: AimEntry): boolean => !entry.used && !entry.dropped;

interface TokenLike {
  readonly id: string | null;
  readonly parent: { readonly id: string | null } | null;
}

/** The kept, unused aim of the token `aimer` (its newest entry, when it still waits), or null. */
export function keptAim(aimer: TokenLike): KeptAim | null {
  const kept = newestAims().find((k) => k.key === (aimer.id ?? ""));
  return kept && waiting(kept.entry) && kept.entry.sceneId === (aimer.parent?.id ?? "") ? kept : null;
}

/** Metres from a kept aim's position to the target's position now (the scene's grid units per pixel). */
function holds(
  entry: AimEntry,
  target: { x?: number | null; y?: number | null; parent: Scene.Implementation | null },
) {
  const per = (target.parent?.grid.distance ?? 1) / (target.parent?.grid.size ?? 100);
  // fvtt-types 13.345 types a token's position as possibly undefined; a stored token has one (0 by default).
  // Fixaim (play review 2.3): counted in squares by the larger side, as a walk's leg is when no grid measures it
  // (provoke.ts `waypoints`, v13's default equidistant diagonals) — the summed walk (`moved`) is the GM's measure.
  const dx = Math.abs((target.x ?? 0) - entry.x) * per;
  const dy = Math.abs((target.y ?? 0) - entry.y) * per;
  return !aimMovedAway(Math.max(dx, dy));
}

/**
 * SW-42: the target fact of the attacker's kept aim at this target with this weapon (the target denied its Dex), when
 * the target has moved no more than 2 m since. Review 3 (1.1): "with the weapon which you aimed" — the dialog's
 * weapon (`weaponId`, the scene read's) must be the aimed one; a read without a weapon (null) never takes the aim.
 */
export function aimFacts(attacker: TokenP, target: TokenP, weaponId: string | null): { aimed?: true } {
  const kept = keptAim(attacker.document);
  if (!kept || kept.entry.target !== target.id || weaponId === null || kept.entry.weapon !== weaponId)
    return {};
  return holds(kept.entry, target.document) ? { aimed: true } : {};
}

/**
 * SW-42: whether a GM keeps an aim by a token of the actor `actorUuid` at the token `targetUuid`
 * ("Scene.<id>.Token.<id>") with the weapon `weaponId` that the card rolled as `rollId` took or may take — the GM's
 * check of a player's card that claims an aimed shot (card-checks.ts). Only each aimer's newest entry counts, and a
 * dropped one backs nothing.
 */
export function aimBacks(
  actorUuid: string,
  targetUuid: string,
  weaponId: string,
  rollId: string | undefined,
): boolean {
  const [, sceneId, , tokenId] = targetUuid.split(".");
  const scene = game.scenes?.get(sceneId ?? "");
  for (const { key, entry } of newestAims()) {
    if (entry.dropped || entry.sceneId !== sceneId || entry.target !== tokenId || entry.weapon !== weaponId)
      continue;
    if (scene?.tokens.get(key)?.actor?.uuid !== actorUuid) continue;
    if (entry.used === null || (rollId !== undefined && entry.used === rollId)) return true;
  }
  return false;
}
