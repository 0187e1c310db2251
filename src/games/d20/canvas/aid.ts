/**
 * SW-39 (issue 31) aid another, as the table keeps it. Seed 002, "Aid Another": "If you're in a position to attack
 * an opponent who is engaged in melee combat with your ally, you can attempt to aid your ally as an attack action.
 * You make an attack roll against a Defense of 10. If you succeed, your ally gains a +2 circumstance bonus that can
 * either be applied to his next attack roll against that opponent or to his Defense when next attacked by that
 * opponent (your choice)."
 *
 * Authority: the aid roll is the active GM's (games/d20/workflows/aid.ts), and its success is kept on the GM's own
 * User (`flags.frontier-tactics.aids`, keyed by the aiding token's id), which no player may write (v13
 * common/documents/user.mjs `#canUpdate`: players may only modify themselves) — as SW-43's suppressed areas are
 * (canvas/suppression.ts). The +2 goes to the attack roll (the one choice played here): the next attack against that
 * opponent by a token of the aider's side (its disposition), not the aider's own, reads it once; the GM marks it used
 * when the card that took it is posted.
 */
import { SYSTEM_ID } from "../../../constants.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/** What the active GM keeps of one successful aid another. */
export interface AidEntry {
  readonly sceneId: string;
  /** The opponent's token id (on `sceneId`). */
  readonly opponent: string;
  /** The aiding token's id and its side (token disposition). */
  readonly aider: string;
  readonly disposition: number;
  /** The attack card's message id that took the +2, or null while it waits. */
  readonly used: string | null;
  /**
   * SW-39 "(your choice)": the +2 to an ally's next attack against the opponent (`attack`, the default of an entry
   * kept before the choice) or to an ally's Defense when the opponent next attacks one (`defense`).
   */
  readonly choice?: "attack" | "defense";
}

/** The kept aid (its key and entry) that `attacker`'s next attack at `target` takes, or null. */
export function keptAid(
  attacker: { readonly id: string; readonly document: { readonly disposition: number } },
  target: {
    readonly id: string;
    readonly document: { readonly parent: { readonly id: string | null } | null };
  },
): { key: string; gm: string; entry: AidEntry } | null {
  const sceneId = target.document.parent?.id ?? "";
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const aids = u.getFlag(SYSTEM_ID, "aids") ?? {};
    for (const [key, entry] of Object.entries(aids)) {
      if (!entry || entry.used || entry.choice === "defense") continue;
      if (entry.sceneId !== sceneId || entry.opponent !== target.id) continue;
      if (entry.aider === attacker.id || entry.disposition !== attacker.document.disposition) continue;
      return { key, gm: u.id ?? "", entry };
    }
  }
  return null;
}

/**
 * SW-39, the Defense choice: the kept aid that gives `target` (one of the aider's side, not the aider) +2 Defense when
 * the opponent `attacker` next attacks it, or null.
 */
export function keptDefenseAid(
  attacker: {
    readonly id: string;
    readonly document: { readonly parent: { readonly id: string | null } | null };
  },
  target: { readonly id: string; readonly document: { readonly disposition: number } },
): { key: string; gm: string; entry: AidEntry } | null {
  const sceneId = attacker.document.parent?.id ?? "";
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    const aids = u.getFlag(SYSTEM_ID, "aids") ?? {};
    for (const [key, entry] of Object.entries(aids)) {
      if (!entry || entry.used || entry.choice !== "defense") continue;
      if (entry.sceneId !== sceneId || entry.opponent !== attacker.id) continue;
      if (entry.aider === target.id || entry.disposition !== target.document.disposition) continue;
      return { key, gm: u.id ?? "", entry };
    }
  }
  return null;
}

/** SW-39: the target facts of an ally's aid kept for this pair: +2 to the attack, or +2 to the target's Defense. */
export function aidFacts(attacker: TokenP, target: TokenP): { aided?: true; aidedDefense?: true } {
  return {
    ...(keptAid(attacker, target) ? { aided: true as const } : {}),
    ...(keptDefenseAid(attacker, target) ? { aidedDefense: true as const } : {}),
  };
}

/**
 * SW-39: whether a GM keeps an aid against the token `targetUuid` ("Scene.<id>.Token.<id>") that the card rolled as
 * `rollId` by `attacker` from its token `speakerToken` (the card's speaker) took or may take — one of the aider's side,
 * not the aider — the GM's check of a player's card that claims the +2 (card-checks.ts). Review 3 (2.6): the card's
 * own token is compared with the aider, not the attacker's actor (an actor with two tokens, one of which aided, could
 * otherwise take its own aid); a card without its token on that scene is backed by nothing.
 */
export function aidBacks(
  targetUuid: string,
  rollId: string | undefined,
  attacker: Actor.Implementation,
  speakerToken: string | null,
): boolean {
  const [, sceneId, , tokenId] = targetUuid.split(".");
  const scene = game.scenes?.get(sceneId ?? "");
  // Review 2 (rank 1): the aid is an ally's — not the aider's own attack, and only by a token of the aider's side.
  const own = scene?.tokens.get(speakerToken ?? "");
  if (!own || own.actorId !== attacker.id) return false;
  for (const u of game.users ?? []) {
    if (!u.isGM) continue;
    for (const entry of Object.values(u.getFlag(SYSTEM_ID, "aids") ?? {})) {
      if (!entry || entry.sceneId !== sceneId || entry.opponent !== tokenId) continue;
      // Review 3 (1.3): a card without its roll id is backed only by an unused aid.
      if (!(entry.used === null || (rollId !== undefined && entry.used === rollId))) continue;
      if (own.id !== entry.aider && own.disposition === entry.disposition) return true;
    }
  }
  return false;
}
