/**
 * The combat's sides (SF-X-05, v13 CombatantGroups of type "side"): the plain view the side-initiative rules work on,
 * and who is on which side — sides made by disposition or one per character, a combatant moved to another side.
 * Module functions taking the combat (issue 29: documents/combat.ts split by concern). Issue 33: the GM's side writes
 * load on first use (sides-writes.ts, behind the async functions here); the view, the sides' list and the queue stay.
 */
import { actorSystem } from "../../data/subtypes.js";
import { FrontierCombatantGroup } from "../combatant-group.js";
import { isSide, sideIdOf } from "../subtypes.js";
import { chunk } from "./chunk.js";
import type { Member } from "./common.js";
import { type CombatView, emptySides } from "./side-initiative.js";

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
export function queueAssign(combat: C, individual: boolean): Promise<void> {
  const run = (SIDES_QUEUE.get(combat) ?? Promise.resolve()).then(async () =>
    // Issue 33: the assignment loads on first use (sides-writes.ts), inside the queue, so runs keep their order.
    (await writes()).assignSides(combat, individual),
  );
  SIDES_QUEUE.set(
    combat,
    run.catch(() => undefined),
  );
  return run;
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

/** The GM's side writes, loaded on first use (issue 33; sides-writes.ts). */
const writes = chunk("./sides-writes.js", () => import("./sides-writes.js"));

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

/** GM: move a combatant to another side, in ONE write of the combatant's `group` (sides-writes.ts). */
export async function moveToSide(combat: C, combatantId: string, groupId: string): Promise<boolean> {
  return (await writes()).moveToSide(combat, combatantId, groupId);
}
