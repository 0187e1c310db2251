/**
 * Attacks of opportunity a movement provokes in a d20 combat (issue 31; seed 002 "Attacks of Opportunity"): the
 * active GM, for each movement of a combatant's token (v13's `moveToken` hook, client/documents/token.mjs
 * `#onUpdateOperationMovement`, search id 18257454974), reads the token's walk this round from its movement history
 * (`movementHistory`: each waypoint with the movement `action` that reached it and its `movementId`, kept for the
 * round by `FrontierCombat`) and finds the foes whose threatened area it newly provokes (rules/d20/threat.ts):
 * - SW-14, SW-25: a foe with a melee weapon threatens 2 m around it ("With a melee weapon, you threaten the area into
 *   which you can make a melee attack … Generally, that area represents the space within 2 meters"), never one that is
 *   down (unconscious, dying, dead, stunned: canvas/suppression.ts `cannotThreaten`);
 * - SW-43: a suppressor "threatens the targeted area, just as if he threatened that area with a melee weapon";
 * - SW-24: a disengage (the tracker's, the round's action) spares the foes whose areas it started in, when its first
 *   2 m clear them all;
 * - a GM's teleport (action "displace" or "blink", v13 `CONFIG.Token.movement.actions.<action>.teleport`) and an
 *   undo that puts the token back where its recorded walk was are no movement: they provoke nothing. A player's
 *   teleport (a script's "displace", v13 checks only that the action is configured) is a walk along the straight line,
 *   and a player's undo that rewrites the walk (v13 keeps the `_movementHistory` an `isUndo` update carries) is a walk
 *   from where the token stood, its round's walk put back by the GM (issue 31 trust review 1.1, 2.4).
 * Each provoked foe that has not made its attack of opportunity this round (SW-25, "only one … per round": its
 * ledger's `aoo`) is offered one: a rule card whispered to its owners (and the GMs) with a button only they get
 * (workflows/card/rule-card.ts); the attack is the existing one (workflows/attack/opportunity.ts). Whether to make
 * it is theirs ("You don't have to make an attack of opportunity if you don't want to").
 */

import { isTeleport } from "../../../canvas/movement-path.js";
import { cannotThreaten, suppressedAreas, suppressionOf } from "../../../canvas/suppression.js";
import { keyed, line, type RuleOffer } from "../../../data/chat/rule-card.js";
import type { TokenMovement } from "../../../helpers/game.js";
import {
  D20_REACH_M,
  type MoveWaypoint,
  provokedAreas,
  reachArea,
  SUPPRESSION_AREA_M,
  suppressorsProvoked,
  type ThreatArea,
} from "../../../rules/index.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { ledgerFor } from "../../../workflows/turn/turn-ledger.js";
import { d20MeleeWeapons } from "../data/weapons.js";

type TokenD = TokenDocument.Implementation;
type CombatantI = Combatant.Implementation;

/**
 * A recorded waypoint as read here (v13 `TokenMeasuredMovementWaypoint`: top-left pixels, action, movement id, and
 * `userId`, the user whose movement recorded it: `waypoint.userId = game.user.id` in `#preUpdateMovement`).
 */
export interface Recorded {
  readonly x: number;
  readonly y: number;
  readonly action?: string;
  readonly movementId?: string;
  readonly userId?: string | null;
}

/**
 * Is this waypoint no movement: a teleport a GM made? A player's teleport is a walk (trust review 1.1): v13's
 * `#cleanAndValiateMovementWaypoints` accepts any configured action, "displace" from a script too.
 */
function teleported(w: Recorded): boolean {
  return isTeleport(w.action) && !!game.users?.get(w.userId ?? "")?.isGM;
}

/**
 * The mover's combatant in a started combat of its own scene. v13's `TokenDocument#combatant` reads `game.combat`
 * (token.mjs `get combatant`: `game.combat?.combatants.find(c => c.tokenId === this.id)`), the combat this client
 * views, which on the active GM may be another scene's (trust review 2.3); `game.combats` holds them all and a
 * combatant's `token` is read on its own scene (`sceneId`, else the combat's: v13 client/documents/combatant.mjs).
 */
export function combatantOnScene(doc: TokenD): CombatantI | undefined {
  const scene = doc.parent?.id;
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    const found = combat.combatants.find((c) => c.tokenId === doc.id && c.token?.parent?.id === scene);
    if (found) return found;
  }
  return undefined;
}

/** One foe's threatened area, and the rule it threatens by (SW-20, SW-41: an action that provokes, provoke-action.ts). */
export interface Threat {
  readonly combatant: CombatantI;
  readonly area: ThreatArea;
  readonly ruleId: "SW-25" | "SW-43" | "SW-20" | "SW-41";
}

/** The scene's metres per pixel and square size in metres (none on a gridless scene). */
export function scale(doc: TokenD): {
  readonly perPixel: number;
  readonly square: number | undefined;
  readonly size: number;
} {
  const grid = doc.parent?.grid;
  const size = grid?.size || 100;
  const distance = grid?.distance || 1;
  // v13 CONST.GRID_TYPES.GRIDLESS is 0.
  return { perPixel: distance / size, square: grid?.type === 0 ? undefined : distance, size };
}

/**
 * The token's walk as rule waypoints (centres in metres). Each leg is measured by the token's own scene's grid (v13
 * `BaseGrid#measurePath`, the world's diagonal rule): in v13 every Scene has its grid instance whether or not a
 * client views it (client/documents/scene.mjs `prepareBaseData`: `this.grid = Scene.#getGrid(this)`, a SquareGrid
 * with `diagonals: game.settings.get("core", "gridDiagonals")` for a square grid) — so a GM viewing another scene
 * measures a charge's walk as the player's page does (trust review 2.1). Without one (a gridless scene's legs), a leg
 * counts the larger of its two sides.
 */
export function waypoints(doc: TokenD, recorded: readonly Recorded[]): MoveWaypoint[] {
  const { perPixel, size } = scale(doc);
  const half = { x: ((doc.width ?? 1) * size) / 2, y: ((doc.height ?? 1) * size) / 2 };
  const grid = doc.parent?.grid ?? null;
  const centre = (w: Recorded) => ({ x: w.x + half.x, y: w.y + half.y });
  // A walk is measured whole, as the player's page measures it (scene-facts.ts `movementReport`: each run between
  // displacements, movement-path.ts `walkedPath`), so a diagonal rule that alternates keeps its count along the run:
  // a leg's metres are what it adds to its run's length.
  let start = 0;
  let before = 0;
  return recorded.map((w, i) => {
    const prev = recorded[i - 1];
    const at = centre(w);
    const walked = i > 0 && !teleported(w);
    let metres = 0;
    if (prev) {
      if (!walked) start = i;
      const from = centre(prev);
      if (grid?.measurePath) {
        const run = walked ? recorded.slice(start, i + 1).map(centre) : [from, at];
        const length = grid.measurePath(run, {}).distance;
        metres = walked ? length - before : length;
        before = walked ? length : 0;
      } else metres = Math.max(Math.abs(at.x - from.x), Math.abs(at.y - from.y)) * perPixel;
    }
    return { x: at.x * perPixel, y: at.y * perPixel, walked, metres };
  });
}

/**
 * The areas combatant `c` threatens on `doc`'s scene (SW-14, SW-25 its melee reach; SW-43 the area it suppresses):
 * none when it is down or has no token there.
 */
export function threatsOf(c: CombatantI, doc: TokenD): Threat[] {
  const token = c.token;
  const actor = c.actor;
  if (!token || !actor || token.parent !== doc.parent || cannotThreaten(actor)) return [];
  const { perPixel, size } = scale(doc);
  const out: Threat[] = [];
  if (d20MeleeWeapons(actor).length > 0) {
    const w = (token.width ?? 1) * size;
    const h = (token.height ?? 1) * size;
    const body = {
      x: (token.x + w / 2) * perPixel,
      y: (token.y + h / 2) * perPixel,
      w: w * perPixel,
      h: h * perPixel,
    };
    out.push({ combatant: c, area: reachArea(body, D20_REACH_M), ruleId: "SW-25" });
  }
  const suppressing = suppressionOf(c);
  if (suppressing && suppressing.sceneId === doc.parent?.id)
    out.push({
      combatant: c,
      area: {
        kind: "square",
        centre: { x: suppressing.x * perPixel, y: suppressing.y * perPixel },
        size: SUPPRESSION_AREA_M,
      },
      ruleId: "SW-43",
    });
  return out;
}

/** The areas the mover's foes in this combat threaten on its scene (SW-14, SW-25; SW-43). */
function threats(doc: TokenD, mover: CombatantI): Threat[] {
  const out: Threat[] = [];
  for (const c of mover.parent?.combatants ?? []) {
    const token = c.token;
    if (c === mover || !token) continue;
    if (!((token.disposition ?? 0) * (doc.disposition ?? 0) < 0)) continue;
    out.push(...threatsOf(c, doc));
  }
  return out;
}

/** SW-25, SW-24, SW-43: offer the foes this movement newly provokes their attack of opportunity. */
export async function offerOpportunities(
  doc: TokenD,
  movement: TokenMovement,
  user: User.Implementation | null,
): Promise<void> {
  if (movement.method === "undo" && user?.isGM) return;
  const mover = combatantOnScene(doc);
  const combat = mover?.parent;
  if (!mover || !combat?.started || !combat.byCount || combat.round < 1) return;
  // v13 `movementHistory` returns `this._movementHistory` (token.mjs); fvtt-types 13.345 types the getter as one
  // waypoint and the field as the array it is, so the field is read.
  let history: readonly Recorded[] = doc._movementHistory ?? [];
  if (movement.method === "undo") {
    const walked = await forgedUndo(doc, movement, history, user);
    if (!walked) return;
    history = walked;
  }
  if (!history.some((w) => w.movementId === movement.id)) return;
  const before = history.filter((w) => w.movementId !== movement.id);
  const found = threats(doc, mover);
  if (!found.length) return;
  const { perPixel, size, square } = scale(doc);
  const body = { w: (doc.width ?? 1) * size * perPixel, h: (doc.height ?? 1) * size * perPixel };
  const disengaging = ledgerFor(mover.marks.turn, combat.round).action === "disengage";
  const areas = found.map((t) => t.area);
  const was = new Set(
    provokedAreas(waypoints(doc, before), body, areas, disengaging, square).map((p) => p.index),
  );
  const now = provokedAreas(waypoints(doc, history), body, areas, disengaging, square).filter(
    (p) => !was.has(p.index),
  );
  const offered = new Set<string>();
  for (const { index, at } of now) {
    const t = found[index]!;
    const id = t.combatant.id ?? "";
    if (offered.has(id)) continue;
    offered.add(id);
    // SW-25: "only one attack of opportunity per round".
    if (ledgerFor(t.combatant.marks.turn, combat.round).aoo) continue;
    await offer(t, doc, combat, { x: at.x / perPixel, y: at.y / perPixel });
  }
}

/**
 * A player's undo (trust review 2.4). v13's `revertRecordedMovement` is an ordinary owner update with `isUndo`, and
 * `#preUpdateMovement` keeps whatever `_movementHistory` such an update carries ("Prevent movement history from being
 * changed directly except for explicit reset": `if ( !options.isUndo ) delete changed._movementHistory`), so a
 * script may move its token anywhere and rewrite its walk this round. An honest undo leaves a history that starts
 * the recorded one and puts the token at its last kept waypoint (or where the round's walk began); that is no
 * movement (null). Any other undo is a walk from where the token stood: the walk returned, recorded history then the
 * destination, which the GM writes back on the token (an `isUndo` update of `_movementHistory` alone, no movement) so
 * the distance moved this round is not erased either.
 */
async function forgedUndo(
  doc: TokenD,
  movement: TokenMovement,
  kept: readonly Recorded[],
  user: User.Implementation | null,
): Promise<Recorded[] | null> {
  const recorded = movement.history?.recorded?.waypoints ?? [];
  const same = (a: Recorded | undefined, b: Recorded | undefined) =>
    !!a && !!b && a.x === b.x && a.y === b.y && a.movementId === b.movementId;
  const to = movement.destination ?? { x: doc.x, y: doc.y };
  const back = kept.at(-1) ?? recorded[0];
  const honest =
    kept.length < recorded.length &&
    kept.every((w, i) => same(w, recorded[i])) &&
    (!back || (back.x === to.x && back.y === to.y));
  if (honest) return null;
  const last = recorded.at(-1);
  const from = movement.origin ?? last ?? { x: doc.x, y: doc.y };
  const base = { ...(last ?? {}), userId: user?.id ?? "", movementId: movement.id, action: "walk" };
  const walked: Recorded[] = [...recorded];
  if (!last || last.x !== from.x || last.y !== from.y) walked.push({ ...base, x: from.x, y: from.y });
  walked.push({ ...base, x: to.x, y: to.y });
  // The walk written back, as v13's undo writes a history (an `isUndo` update; no x/y, so no movement). Cast:
  // fvtt-types 13.345 types neither the private `_movementHistory` in update data nor `isUndo` in the operation.
  await doc.update(
    { _movementHistory: walked } as TokenDocument.UpdateData,
    {
      isUndo: true,
      diff: false,
    } as TokenDocument.Database.UpdateOperation,
  );
  return walked;
}

/**
 * SW-43: "actions that normally provoke attacks of opportunity, and any melee or ranged attacks made within the
 * targeted area also provoke attacks of opportunity from the suppressing character"; "each suppressing character may
 * make an attack of opportunity". An attack card (not itself a reaction) whose attacker stands in areas foes suppress
 * offers each of those suppressors its attack of opportunity, at the attacker where it stands.
 */
export async function offerForAttack(message: ChatMessage.OfType<"attack">): Promise<void> {
  const card = message.system.card;
  if (card.reaction) return;
  const doc = game.scenes?.get(message.speaker.scene ?? "")?.tokens.get(message.speaker.token ?? "");
  // The speaker is the author's to write (trust review 2.3): the attacker is the card's checked actor, so a speaker
  // naming another token (an ally in a suppressed area) offers nothing.
  if (!doc?.actor || !sameActor(doc, card.actorUuid)) return;
  const attacker = combatantOnScene(doc);
  const combat = attacker?.parent;
  const scene = doc?.parent;
  if (!doc || !scene || !attacker || !combat?.started || !combat.byCount || combat.round < 1) return;
  const { size } = scale(doc);
  const at = { x: doc.x + ((doc.width ?? 1) * size) / 2, y: doc.y + ((doc.height ?? 1) * size) / 2 };
  const melee = !!doc.actor && d20MeleeWeapons(doc.actor).some((w) => w.id === card.weaponId);
  const ids = suppressorsProvoked(
    melee ? "attackMelee" : "attackRanged",
    at,
    String(doc.disposition),
    suppressedAreas(scene.id ?? ""),
  );
  for (const id of ids) {
    const suppressor = combat.combatants.get(id);
    const token = suppressor?.token;
    if (!suppressor || !token || !((token.disposition ?? 0) * (doc.disposition ?? 0) < 0)) continue;
    if (ledgerFor(suppressor.marks.turn, combat.round).aoo) continue;
    const area = suppressionOf(suppressor);
    if (!area) continue;
    await offer(
      {
        combatant: suppressor,
        area: { kind: "square", centre: { x: area.x, y: area.y }, size: SUPPRESSION_AREA_M },
        ruleId: "SW-43",
      },
      doc,
      combat,
      at,
      "FT.D20.AoO.offerAttacked",
    );
  }
}

/** Is `uuid` the token's actor: its synthetic actor, or for a linked token the world actor? */
export function sameActor(doc: TokenD, uuid: string): boolean {
  const actor = doc.actor;
  if (!actor) return false;
  return actor.uuid === uuid || (doc.actorLink && game.actors?.get(doc.actorId ?? "")?.uuid === uuid);
}

/** The offer: a card whispered to the foe's owners and the GMs, its button theirs alone. */
export async function offer(
  t: Threat,
  doc: TokenD,
  combat: Combat.Implementation,
  at: { readonly x: number; readonly y: number },
  key = t.ruleId === "SW-43" ? "FT.D20.AoO.offerSuppressed" : "FT.D20.AoO.offerMoved",
): Promise<void> {
  const actor = t.combatant.actor;
  if (!actor) return;
  // A hidden mover is told to the GMs only: its owners' players do not learn of a token they cannot see.
  const whisper =
    game.users
      ?.filter((u) => u.isGM || (!doc.hidden && actor.testUserPermission(u, "OWNER")))
      .map((u) => u.id ?? "") ?? [];
  const data = { name: t.combatant.name ?? actor.name ?? "", mover: doc.name ?? "" };
  const offer: RuleOffer = {
    combatId: combat.id ?? "",
    combatantId: t.combatant.id ?? "",
    tokenUuid: doc.uuid,
    round: combat.round,
    x: at.x,
    y: at.y,
  };
  await postRuleCard(
    {
      kind: "ft-aoo-offer",
      ruleId: t.ruleId,
      title: keyed("FT.D20.AoO.offerTitle", data),
      lines: [line(keyed(key, data))],
      offer,
    },
    { whisper, speaker: ChatMessage.getSpeaker({ actor }) },
  );
}
