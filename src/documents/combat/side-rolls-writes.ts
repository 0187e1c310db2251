/**
 * The sides' initiative rolls and writes (SF-B-03..05, SF-X-01..06, R1-5d): rolling them (one at a time per combat,
 * S7), a player's roll asked of the GM, the GM's edits and surprise marks, "reset initiative", every side change
 * written as ONE Combat update. Loaded on first use by side-rolls.ts's async wrappers (issue 33: nothing here is read
 * before someone rolls or the GM edits a side; every caller already awaits). Moved from side-rolls.ts unchanged;
 * what the tracker and the re-sort read synchronously (the kept secrets, sealing, the re-sort) stays there.
 */
import { sideRollData } from "../../data/chat/side-roll.js";
import { asGM, foundryUsers, QUERY } from "../../helpers/gm-query.js";
import { currentVariant } from "../../helpers/settings.js";
import { isSide } from "../subtypes.js";
import { serial } from "./common.js";
import { type InitiativePorts, membersOf, type SideCard, type SideChange } from "./side-initiative.js";
import { clearedRoll, rollSides as rollTheSides } from "./side-initiative-rolls.js";
import { seal, seals, sideSecrets, sidesUpdate } from "./side-seal.js";

type C = Combat.Implementation;

/** The d10 roll, the sides' write and the side cards, as side-initiative.ts asks for them (SF-B-04). */
export function ports(combat: C): InitiativePorts<Roll> {
  return {
    rollD10: async () => {
      const roll = await new Roll("1d10").evaluate();
      return { total: roll.total ?? 1, roll };
    },
    updateSides: async (updates) => {
      await commitSides(combat, updates);
    },
    postCards: async (cards) => {
      await ChatMessage.create(await Promise.all(cards.map((c) => cardData(combat, c))));
    },
  };
}

/**
 * A side's card, in the roll mode the GM picked (H10). A sealed side's (R1-5d) says only that the side rolled: no
 * number and no Roll, since every client receives every message whatever its roll mode (v13 `ChatMessage#visible`
 * hides a whisper or a blind roll only in the chat log). So no dice animation for a sealed side either.
 */
async function cardData(combat: C, card: SideCard<Roll>): Promise<ChatMessage.CreateData> {
  const colour = combat.groups.get(card.sideId)?.colour ?? "";
  const sealed = seals(combat, card.sideId);
  // Issue 28: a typed `sideRoll` message, drawn by each client from its data (workflows/card/side-roll-card.ts).
  const data: ChatMessage.CreateData = {
    type: "sideRoll",
    speaker: { alias: card.sideName },
    content: "",
    system: sideRollData(card, colour, sealed),
    ...(sealed ? {} : { rolls: [card.roll] }),
  };
  ChatMessage.applyRollMode(data, game.settings?.get("core", "rollMode") ?? "publicroll");
  return data;
}

/**
 * GM: write side changes as ONE Combat update, with the turn index that keeps the acting combatant acting in
 * the new order (a side re-rolled, edited or surprised mid-round re-sorts the turns).
 */
export async function commitSides(combat: C, real: readonly SideChange[]): Promise<void> {
  if (!real.length) return;
  const changes = seal(combat, real);
  if (!changes.length) return;
  await combat.update(sidesUpdate(combat, changes), { turnEvents: false });
}

/** Roll the sides that need it; a player asks the GM (through a query) for a side they own a member of. */
export async function rollSides(
  combat: C,
  options: { sideIds?: string[]; round?: number; force?: boolean } = {},
): Promise<void> {
  const round = options.round ?? Math.max(1, combat.round);
  // A player's request names the combat and the sides only: the GM decides the round (see handleRollSideQuery).
  const request = { combatId: combat.id, sideIds: options.sideIds ?? ownSides(combat) };
  await asGM(foundryUsers(), QUERY.rollSide, request, () =>
    serial(combat, async () => {
      await combat.ensureSides();
      // Read when this task's turn comes: a roll queued before it may have rolled these sides already.
      await rollTheSides(combat.view, ports(combat), {
        variant: currentVariant(),
        round,
        ...(options.sideIds ? { sideIds: options.sideIds } : {}),
        force: !!options.force,
      });
      return true;
    }),
  );
}

/** Core's "Roll NPCs": the sides with no player character on them. */
export async function rollNpcSides(combat: C): Promise<void> {
  const npcSides = combat.sideGroups.filter((g) => !g.hasPlayerCharacter).map((g) => g.id ?? "");
  await combat.rollSides({ sideIds: npcSides });
}

/**
 * Core's "Reroll Initiative" on combatants (GM only) re-rolls their sides, even if they rolled this round. A
 * player's request still goes to the GM, who rolls only sides that have not rolled.
 */
export async function rerollSidesOf(combat: C, ids: readonly string[]): Promise<void> {
  const view = combat.view;
  const sideIds = [
    ...new Set(
      ids.map((id) => view.members.find((m) => m.id === id)?.sideId).filter((s): s is string => !!s),
    ),
  ];
  await combat.rollSides({ sideIds, force: true });
}

/**
 * GM side of a player's roll request (handleRollSideQuery): the sides among `wanted` that have a player character
 * and have not rolled this round, read once this request's turn in the queue comes, so two requests arriving
 * together roll a side once (S7). Never a re-roll; never an NPC side. True when something was rolled.
 */
export async function rollForPlayers(combat: C, wanted: ReadonlySet<string>): Promise<boolean> {
  return serial(combat, async () => {
    const view = combat.view;
    const round = Math.max(1, combat.round);
    const sideIds = combat.sideGroups
      .filter((g) => wanted.has(g.id ?? "") && g.playerMayRoll(round))
      .map((g) => g.id ?? "");
    if (!sideIds.length) return false;
    await rollTheSides(view, ports(combat), { variant: currentVariant(), round, sideIds, force: false });
    return true;
  });
}

/** Sides this user owns a member of (what a player's Roll asks the GM to roll). */
function ownSides(combat: C): string[] {
  const user = game.user;
  return user ? combat.groups.filter((g) => g.hasMemberOwnedBy(user)).map((g) => g.id ?? "") : [];
}

/**
 * GM: set a side's d10 and modifier (SF-X-04: the GM may edit results); it counts as this round's roll. A sealed
 * side stays sealed: its new numbers go to this GM's browser under a new seal id, nothing to chat (R1-5d).
 */
export async function editSide(combat: C, groupId: string, roll: number, modifier: number): Promise<void> {
  const group = combat.groups.get(groupId);
  if (!game.user?.isGM || !group || !isSide(group)) return;
  const rolledRound = Math.max(1, combat.round);
  const system: SideChange["system"] & object = { roll, modifier, rolledRound };
  // A sealed side whose numbers this browser lost: its highest RS (the SF-B-05 tie-break) from its members.
  if (group.system.sealed && !sideSecrets(combat).has(groupId))
    Object.assign(system, {
      highestRs: Math.max(0, ...membersOf(combat.view, groupId).map((m) => m.rs)),
      modifierSource: "",
      holsteredPenalty: 0,
    });
  await commitSides(combat, [{ _id: groupId, initiative: roll + modifier, system }]);
}

/** GM: mark a side surprised or not (SF-X-02). */
export async function setSurprised(combat: C, groupId: string, surprised: boolean): Promise<void> {
  if (!game.user?.isGM || !combat.groups.get(groupId)) return;
  await commitSides(combat, [{ _id: groupId, system: { surprised } }]);
}

/**
 * "Reset initiative" also clears the sides' rolls (GM): core clears only the combatants, and
 * `Combatant#_prepareGroup` copies a group's initiative back onto its members.
 */
export async function resetSides(combat: C): Promise<void> {
  if (game.user?.isGM && combat.sideGroups.length)
    await commitSides(
      combat,
      combat.sideGroups.map((g) => ({ _id: g.id ?? "", initiative: null, system: clearedRoll() })),
    );
}

/**
 * GM side of a player's side-roll query. v13 does not tell a query handler who sent it (client/documents/
 * collections/users.mjs `#handleUserQuery`), and anything in the payload is the sender's to write, so the request
 * names only a combat and sides: the GM rolls those of them that have a player character and have not rolled this
 * round, for this round, never forcing a re-roll. A forged request can at most roll an unrolled player side early;
 * re-rolls and every NPC side stay the GM's.
 */
export async function handleRollSideQuery(data: unknown): Promise<boolean> {
  const req = (data ?? {}) as { combatId?: unknown; sideIds?: unknown };
  if (typeof req.combatId !== "string" || !Array.isArray(req.sideIds) || req.sideIds.length > 50)
    throw new Error("That side roll request is not one this system sends.");
  const combat = game.combats?.get(req.combatId);
  if (!combat) throw new Error("That combat no longer exists.");
  return combat.rollForPlayers(new Set(req.sideIds.filter((id): id is string => typeof id === "string")));
}
