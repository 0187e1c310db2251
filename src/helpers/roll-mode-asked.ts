/**
 * Issue 33: a roll the active GM rolls and posts for a player who asked (a GM request, helpers/gm-request.ts), in the
 * roll mode the player picked. Loaded only with the GM's side of such a request (never at startup).
 *
 * v13 `ChatMessage.applyRollMode` (client/documents/chat-message.mjs) applies a mode for the user who runs it
 * (`game.user`): public whispers no one; self whispers `game.user`; private and blind keep a whisper already given,
 * else whisper the GMs; blind sets `blind` (then `isContentVisible` hides the roll from every non-GM, its author
 * included). Run on the GM's client for a player, "self" would whisper the GM and "private" would leave the player
 * out; so the GM gives the whisper the player's own client would have given: private → the GMs and the player
 * (as the player's own private roll, which its author reads), self → the player.
 */

/** A roll mode as v13 names them (the values of CONST.DICE_ROLL_MODES). */
export type AskedRollMode = foundry.CONST.DICE_ROLL_MODES;

/**
 * The mode a request asked for, if it is one of v13's (CONST.DICE_ROLL_MODES: publicroll, gmroll, blindroll,
 * selfroll); anything else a player's client may have written is public.
 */
export function askedRollMode(asked: unknown): AskedRollMode {
  const modes: readonly string[] = Object.values(CONST.DICE_ROLL_MODES);
  // The value was just found among v13's modes.
  return typeof asked === "string" && modes.includes(asked) ? (asked as AskedRollMode) : "publicroll";
}

/**
 * Who reads a card the GM posts for `rollerId` in `mode` (the fields of `postRuleCard`'s post): `whisper` given where
 * `applyRollMode` on the GM's client would pick other readers than on the roller's, `rollMode` for the rest.
 */
export function postedFor(
  mode: AskedRollMode,
  rollerId: string,
): { readonly whisper?: string[]; readonly rollMode?: AskedRollMode } {
  if (mode === "selfroll") return { whisper: [rollerId] };
  if (mode === "gmroll") {
    const gms = (game.users?.contents ?? []).filter((u) => u.isGM).map((u) => u.id ?? "");
    return { whisper: [...new Set([...gms, rollerId])], rollMode: mode };
  }
  return { rollMode: mode };
}
