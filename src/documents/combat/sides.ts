/**
 * The combat's sides (SF-X-05, v13 CombatantGroups of type "side"): the plain view the side-initiative rules work on,
 * and who is on which side — sides made by disposition or one per character, a combatant moved to another side.
 * Module functions taking the combat (issue 29: documents/combat.ts split by concern).
 */
import { actorSystem } from "../../data/subtypes.js";
import { FrontierCombatantGroup } from "../combatant-group.js";
import { isSide, sideIdOf } from "../subtypes.js";
import { type Member, SIDE } from "./common.js";
import { type CombatView, emptySides, assignSides as planSides } from "./side-initiative.js";

type C = Combat.Implementation;

/** Combat → the last side assignment under way (assignments run one after another, never side by side). */
const SIDES_QUEUE = new WeakMap<object, Promise<unknown>>();

/** The plain view of this combat the side-initiative rules work on. */
export function viewOf(combat: C): CombatView {
  const members = combat.combatants.contents.map((c: Member, i: number) => {
    const sys = actorSystem(c.actor);
    return {
      id: c.id ?? "",
      name: c.name ?? "",
      sideId: sideIdOf(c),
      isPlayerCharacter: c.hasPlayerOwner && c.actor?.type === "character",
      sort: i,
      rs: sys?.abilities?.rs?.value ?? 0,
      initiativeModifier: sys?.derived?.initiativeModifier ?? 0,
      holstered: !!sys?.holstered,
      disposition: c.token?.disposition ?? 0,
    };
  });
  const sides = combat.sideGroups.map((g) => ({
    id: g.id ?? "",
    name: g.name ?? "",
    system: g.system,
  }));
  return { round: combat.round, sides, members };
}

/**
 * Create sides by disposition (or one per character) for combatants without one — by default in the mode the
 * combat is in, so a newcomer to a combat of individual sides gets a side of its own (SF-X-05). GM only. Calls run one after
 * another, each reading the sides after the one before it, so a newcomer's assignment and the GM's "Begin" never
 * both create the same side.
 */
export async function ensureSides(combat: C, individual: boolean): Promise<void> {
  if (!game.user?.isGM) return;
  // Sides by disposition are made by the active GM alone (its creation hook covers every newcomer): a second
  // GM's client assigning at the same time would create the same sides again (R2-6).
  if (!individual && !game.user.isActiveGM && game.users?.activeGM) return;
  return queueAssign(combat, individual);
}

/** Run one side assignment after the ones queued before it (see `ensureSides`). */
function queueAssign(combat: C, individual: boolean): Promise<void> {
  const run = (SIDES_QUEUE.get(combat) ?? Promise.resolve()).then(() => assignSides(combat, individual));
  SIDES_QUEUE.set(
    combat,
    run.catch(() => undefined),
  );
  return run;
}

async function assignSides(combat: C, individual: boolean): Promise<void> {
  const plan = planSides(combat.view, individual);
  const keyToId = new Map<string, string>();
  if (plan.create.length) {
    const created = await combat.createEmbeddedDocuments(
      "CombatantGroup",
      plan.create.map((c) => ({
        type: SIDE,
        name: game.i18n?.localize(c.label) ?? c.label,
        system: { key: c.key, colour: c.colour },
      })),
    );
    // v13 returns the created groups; fvtt-types 13.345 also allows undefined.
    (created ?? []).forEach((g, i) => {
      keyToId.set(plan.create[i]!.key, g.id ?? "");
    });
  }
  const updates = Object.entries(plan.assign).map(([id, key]) => ({
    _id: id,
    group: keyToId.get(key) ?? key,
  }));
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates);
}

/** Every character its own side (SF-X-05): clears sides and makes one per combatant. */
export async function individualSides(combat: C): Promise<void> {
  if (!game.user?.isGM) return;
  await combat.updateEmbeddedDocuments(
    "Combatant",
    combat.combatants.map((c) => ({ _id: c.id, group: null })),
  );
  await combat.deleteEmbeddedDocuments(
    "CombatantGroup",
    combat.sideGroups.map((g) => g.id ?? ""),
  );
  await ensureSides(combat, true);
}

/**
 * Back from one side per character to sides by token disposition: clears the sides and makes them again as a new
 * encounter does (active GM). Their rolls go with them: the new sides roll again.
 */
export async function sidesByDisposition(combat: C): Promise<void> {
  if (!game.user?.isGM) return;
  await combat.updateEmbeddedDocuments(
    "Combatant",
    combat.combatants.map((c) => ({ _id: c.id, group: null })),
  );
  await combat.deleteEmbeddedDocuments(
    "CombatantGroup",
    combat.sideGroups.map((g) => g.id ?? ""),
  );
  // Made by the GM who clicked, even an assistant GM: `ensureSides` leaves sides by disposition to the active GM's
  // creation hook, which this click does not fire.
  await queueAssign(combat, false);
}

/**
 * GM: move a combatant to another side, in ONE write of the combatant's `group` (the server lets only a GM write
 * it: common/documents/combatant.mjs `#canUpdate`). Core re-sorts and keeps the acting combatant acting (it sets
 * `combatTurn` for combatant updates); `Combatant#_prepareGroup` gives the mover the new side's initiative, so it
 * acts with its new side. A side the move leaves empty is removed, as when its last member leaves the combat.
 */
export async function moveToSide(combat: C, combatantId: string, groupId: string): Promise<boolean> {
  const combatant = combat.combatants.get(combatantId);
  const group = combat.groups.get(groupId);
  if (!game.user?.isGM || !combatant || !group || !isSide(group)) return false;
  const from = sideIdOf(combatant);
  if (from === groupId) return false;
  await combatant.update({ group: groupId });
  if (from && !combat.combatants.some((c) => sideIdOf(c) === from) && combat.groups.has(from))
    await combat.deleteEmbeddedDocuments("CombatantGroup", [from]);
  return true;
}

/** Active GM, after combatants left: a side whose last member left is removed. */
export function removeEmptySides(combat: C): void {
  const empty = emptySides(combat.view);
  if (empty.length) void combat.deleteEmbeddedDocuments("CombatantGroup", empty);
}

/**
 * The combat's sides. A side answers for itself (FrontierCombatantGroup: its seal, R1-5d, and who may roll it); a
 * group of another class (a module that replaced CONFIG.CombatantGroup.documentClass without extending ours) would
 * answer nothing, and a hidden NPC side's roll would go out unsealed: refused clearly instead.
 */
export function sideGroupsOf(combat: C): CombatantGroup.OfType<"side">[] {
  const found = combat.groups.contents.filter(isSide);
  if (found.some((g) => !(g instanceof FrontierCombatantGroup)))
    throw new Error(
      "Frontier Tactics: the combat's sides are not this system's CombatantGroup class (a module replaced CONFIG.CombatantGroup.documentClass); side initiative cannot run.",
    );
  return found;
}
