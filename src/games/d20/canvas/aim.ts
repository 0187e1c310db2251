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
 * from where it stood when aimed at; the GM marks it used by the first attack card of the aimer with that weapon.
 */
import { SYSTEM_ID } from "../../../constants.js";
import { aimStillHolds } from "../../../rules/index.js";

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
}

interface TokenLike {
  readonly id: string | null;
  readonly parent: { readonly id: string | null } | null;
}

/** The kept, unused aim of the token `aimer` (its key and entry and the GM that keeps it), or null. */
export function keptAim(aimer: TokenLike): { key: string; gm: string; entry: AimEntry } | null {
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const entry = u.getFlag(SYSTEM_ID, "aims")?.[aimer.id ?? ""];
    if (entry && !entry.used && entry.sceneId === (aimer.parent?.id ?? ""))
      return { key: aimer.id ?? "", gm: u.id ?? "", entry };
  }
  return null;
}

/** Metres from a kept aim's position to the target's position now (the scene's grid units per pixel). */
function holds(
  entry: AimEntry,
  target: { x?: number | null; y?: number | null; parent: Scene.Implementation | null },
) {
  const per = (target.parent?.grid.distance ?? 1) / (target.parent?.grid.size ?? 100);
  // fvtt-types 13.345 types a token's position as possibly undefined; a stored token has one (0 by default).
  return aimStillHolds(entry.x * per, entry.y * per, (target.x ?? 0) * per, (target.y ?? 0) * per);
}

/**
 * SW-42: the target fact of the attacker's kept aim at this target with this weapon (the target denied its Dex), when
 * the target has moved no more than 2 m since.
 */
export function aimFacts(attacker: TokenP, target: TokenP, weaponId: string | null): { aimed?: true } {
  const kept = keptAim(attacker.document);
  if (!kept || kept.entry.target !== target.id || (weaponId !== null && kept.entry.weapon !== weaponId))
    return {};
  return holds(kept.entry, target.document) ? { aimed: true } : {};
}

/**
 * SW-42: whether a GM keeps an aim by a token of the actor `actorUuid` at the token `targetUuid`
 * ("Scene.<id>.Token.<id>") with the weapon `weaponId` that the card rolled as `rollId` took or may take — the GM's
 * check of a player's card that claims an aimed shot (card-checks.ts).
 */
export function aimBacks(
  actorUuid: string,
  targetUuid: string,
  weaponId: string,
  rollId: string | undefined,
): boolean {
  const [, sceneId, , tokenId] = targetUuid.split(".");
  const scene = game.scenes?.get(sceneId ?? "");
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    for (const [aimer, entry] of Object.entries(u.getFlag(SYSTEM_ID, "aims") ?? {})) {
      if (!entry || entry.sceneId !== sceneId || entry.target !== tokenId || entry.weapon !== weaponId)
        continue;
      if (scene?.tokens.get(aimer)?.actor?.uuid !== actorUuid) continue;
      if (entry.used === null || rollId === undefined || entry.used === rollId) return true;
    }
  }
  return false;
}
