/**
 * SW-42 (issue 31) the aiming action, from the d20 sheet's special attacks. Seed 002, "Aiming": "As a full-round
 * action, you can try to zero in on a target using a ranged weapon. Aiming can deny a target its Dexterity bonus to
 * Defense and reduce range penalties. You cannot aim with a thrown weapon. To aim, make a ranged touch attack against
 * the target. (This touch attack is not an actual attack and causes no damage; it simply establishes the aim.) Aiming
 * provokes attacks of opportunity and causes you to lose all Dodge and Dexterity bonuses to Defense for one round."
 *
 * As SW-39's aid (aid.ts): the user targets the foe; the active GM checks, inside its one queue, that the user owns the
 * aiming token, the weapon is its and ranged, not thrown, and — in a combat by count — that it is the token's own turn
 * with the round's action unspent (gm-action.ts `roundOf`), records the aim as the round's full-round action, rolls
 * the ranged touch attack (d20 + BAB + Dex + size + the range penalty against touch Defense, rules/d20/aim.ts), posts
 * the card (an NPC's numbers kept off as every rule card) and keeps a success on its own User (canvas/aim.ts), which
 * the aimer's next single attack with that weapon at that target reads, once.
 *
 * Review 3: the GM refuses a weapon not equipped, a grenade, and a world that is not Star Wars d20's (`sw` profile:
 * SWN has its own aimed shot, SWN-11) (2.5); a new aim is the newest entry on any GM User, so it replaces an older
 * one another GM kept (2.1, canvas/aim.ts `keptAim`); the active GM drops a kept aim when the target's moves since
 * total more than 2 m (2.3, `dropMovedAim`), at the end of the aimer's next turn in its combat, and when that combat
 * ends (2.4, `dropAimsAtTurnEnd`, `dropAimsOfCombat`).
 *
 * Fixaim (play review 2.1, 2.2): in a combat by count the GM marks the aimer's Combatant `aiming` (no Dodge or Dex to
 * Defense until its next turn) and offers each foe that threatens it its attack of opportunity (provoke-action.ts).
 * Left to the GM: the touch
 * attack's cover and situational modifiers (review 3, 2.2: the card says so — the touch Defense is the target's sheet
 * number, 10 + Dex + size + dodge, read without a canvas on the GM's side).
 */
import { attackTargets } from "../../../canvas/scene-facts.js";
import { SYSTEM_ID } from "../../../constants.js";
import { keyed, line, literal } from "../../../data/chat/rule-card.js";
import { actorSystem, isItemType } from "../../../data/subtypes.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import { currentGame, type TokenMovement } from "../../../helpers/game.js";
import { type GMAnswer, type GMRequestBody, requestGM } from "../../../helpers/gm-request.js";
import { notify, report } from "../../../helpers/report.js";
import {
  aimMovedAway,
  aimTouchAttack,
  aimWeaponProblem,
  D20_SIZES,
  disabledActionProblem,
  RulesError,
  rangePenalty,
} from "../../../rules/index.js";
import { onGMQueue } from "../../../workflows/card/card-apply.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { cardOf } from "../../../workflows/card/card-targets.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { turnGate } from "../../../workflows/turn/turn-ledger.js";
import { type AimEntry, type KeptAim, newestAims, waiting } from "../canvas/aim.js";
import { recordRoundAction, roundOf } from "./gm-action.js";
import { waypoints } from "./provoke.js";
import { offerForAim } from "./provoke-action.js";

type ActorI = Actor.Implementation;
type WeaponI = Item.OfType<"weapon">;

/** The weapon to aim: the first equipped d20 ranged weapon that is not thrown (SW-42). */
function aimWeapon(actor: ActorI): WeaponI | null {
  return (
    actor.items.contents.find(
      (i): i is WeaponI =>
        isItemType(i, "weapon") &&
        i.system.equipped &&
        !i.system.d20.grenade &&
        !aimWeaponProblem(i.system.d20.attack),
    ) ?? null
  );
}

/** SW-42: the user's aim at their one target (the sheet's button). Refusals are notifications. */
export async function aimAt(actor: ActorI): Promise<void> {
  try {
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    // SW-13: not while down, nor after the round's action (the gate of every attack).
    if (!turnGate(actor, null, combatant)) return;
    // SW-10: a full-round action, which a disabled character cannot take (the GM checks it again, `handleAim`).
    const disabled = disabledActionProblem(actorSystem(actor)?.d20?.wounds.value ?? 1, "fullRound");
    if (disabled) throw new RulesError(disabled, "Disabled: no full-round action");
    const targets = attackTargets();
    if (targets.length !== 1) return notify("warn", "FT.Melee.oneTarget");
    const weapon = aimWeapon(actor);
    if (!weapon) throw new RulesError("FT.D20.Aim.noWeapon", "No weapon to aim", { name: actor.name ?? "" });
    const answer = await requestGM({
      kind: "aim",
      tokenUuid: token.document.uuid,
      target: targets[0]!.document.uuid,
      itemId: weapon.id ?? "",
    });
    for (const s of answer.skipped) notify("warn", s.reason, s.data ?? {});
    // SW-13: the full-round action is recorded by the active GM (`handleAim`), never by this page.
  } catch (e) {
    report(e);
  }
}

/** The centre-to-centre distance between two tokens in the scene's units. */
function distance(a: TokenDocument.Implementation, b: TokenDocument.Implementation): number {
  const size = a.parent?.grid.size ?? 100;
  const dist = a.parent?.grid.distance ?? 1;
  // fvtt-types 13.345 types the position and size as possibly undefined; a stored token has them (0 and 1 by default).
  const cx = (t: TokenDocument.Implementation) => (t.x ?? 0) + ((t.width ?? 1) * size) / 2;
  const cy = (t: TokenDocument.Implementation) => (t.y ?? 0) + ((t.height ?? 1) * size) / 2;
  return (Math.hypot(cx(a) - cx(b), cy(a) - cy(b)) / size) * dist;
}

/** The active GM's side of an aim (registered in games/d20/init.ts). */
export async function handleAim(
  body: Extract<GMRequestBody, { kind: "aim" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const refuse = (reason: string, data: Record<string, string> = {}): GMAnswer => ({
    applied: [],
    skipped: [{ id: body.target, reason, data }],
  });
  return onGMQueue(async () => {
    const token = tokenByUuid(body.tokenUuid);
    const actor = token?.actor;
    if (!token || !actor?.testUserPermission(requester, "OWNER"))
      return refuse("FT.D20.Aim.notYours", { name: token?.name ?? "" });
    // Review 3 (2.5): SW-42 is Star Wars d20's action; SWN's aimed shot is its own (SWN-11).
    if (currentGame().profile !== "sw") return refuse("FT.D20.Aim.notThisGame");
    const sys = actorSystem(actor);
    const item = actor.items.get(body.itemId);
    if (!sys?.d20 || !item || !isItemType(item, "weapon"))
      return refuse("FT.D20.Aim.noWeapon", { name: actor.name ?? "" });
    // Review 3 (2.5): the weapon the sheet's button offers — equipped, not a grenade, ranged and not thrown.
    if (item.system.d20.grenade) return refuse("FT.D20.Aim.grenade");
    if (!item.system.equipped) return refuse("FT.D20.Aim.unequipped", { name: item.name ?? "" });
    const weaponProblem = aimWeaponProblem(item.system.d20.attack);
    if (weaponProblem) return refuse(weaponProblem);
    const target = tokenByUuid(body.target);
    const tsys = actorSystem(target?.actor);
    if (!target || !tsys?.d20 || target.parent !== token.parent || target.id === token.id)
      return refuse("FT.D20.noFacts");
    const name = actor.name ?? "";
    // SW-10, SW-42: aiming "is a full round action", and "a disabled character … can't perform full-round actions"
    // (seed 002 l. 504, 1110) — refused as the coup de grace (coup-de-grace.ts) and the charge (move.ts) are.
    const disabled = disabledActionProblem(sys.d20.wounds.value, "fullRound");
    if (disabled) return refuse(disabled, { name });
    const turn = roundOf(token, requester, {
      notYourTurn: "FT.D20.Aim.notYourTurn",
      acted: "FT.D20.Aim.acted",
    });
    if (turn && "refused" in turn) return refuse(turn.refused, { name });
    const increment = item.system.d20.rangeIncrement;
    if (!increment) return refuse("FT.D20.Aim.ranged");
    const range = rangePenalty(distance(token, target), increment);
    if (!range.inRange) return refuse("FT.D20.Aim.outOfRange", { target: target.name ?? "" });
    // SW-42, SW-13: the aim is the round's full-round action, recorded before anything is rolled (as a coup de grace).
    if (turn) {
      await recordRoundAction(turn, actor.uuid, requester, "aim");
      // SW-42 (fixaim, play review 2.2): "causes you to lose all Dodge and Dexterity bonuses to Defense for one
      // round" — the GM's mark on the aimer's Combatant, beside what it declared of its defense (marks.ts
      // `DEFENDING_SPEC`), read by every attacker (target-facts.ts `withAiming`) and ended at its next turn
      // (documents/combat/turn-events.ts: `defending` → null), as total defense's is.
      const was = turn.combatant.marks.defending;
      const round = turn.combat.settled.round;
      await turn.combatant.update({
        system: {
          defending: {
            round,
            totalDefense: false,
            fightingDefensively: was?.round === round ? was.fightingDefensively : false,
            charging: was?.round === round ? was.charging : false,
            aiming: true,
          },
        },
      });
    }
    const roll = await new Roll("1d20").evaluate();
    const die = roll.total ?? 1;
    const touchDefense = tsys.derived?.d20?.defense.touch ?? 10;
    const r = aimTouchAttack({
      d20: die,
      bab: sys.d20.bab,
      dex: sys.derived?.d20?.mods.dex ?? 0,
      // SW-05: the schema's size is one of D20_SIZES (an unknown one counts as Medium).
      size: D20_SIZES.find((z) => z === sys.d20?.size) ?? "medium",
      range: range.penalty,
      touchDefense,
    });
    if (r.hit) {
      const entry: AimEntry = {
        sceneId: token.parent?.id ?? "",
        target: target.id ?? "",
        x: target.x ?? 0,
        y: target.y ?? 0,
        weapon: item.id ?? "",
        used: null,
        // Review 3 (2.1): the newest entry on any GM User is the aimer's aim (the clock only orders them).
        at: Date.now(),
        // Review 3 (2.4): the combat and round it was made in, by count (its next turn's end drops it).
        combat: turn?.combat.id ?? null,
        round: turn ? turn.combat.round : null,
        moved: 0,
      };
      await game.user?.update({ [`flags.${SYSTEM_ID}.aims.${token.id}`]: entry });
    }
    // Numbers kept off for an NPC aimer (its bonus) or an NPC target (its touch Defense), as a card keeps them.
    const secret = keepsNumbersSecret(actor) || (target.actor ? keepsNumbersSecret(target.actor) : false);
    const sign = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
    await postRuleCard(
      {
        kind: "ft-special-card",
        ruleId: "SW-42",
        title: [keyed("FT.D20.Aim.title"), literal("·"), literal(target.name ?? "")],
        lines: [
          line(
            secret
              ? [literal(`d20 ${die} →`), keyed(r.hit ? "FT.Card.hit" : "FT.Card.miss")]
              : [
                  literal(`d20 ${die} ${sign(r.bonus)} = ${r.total}`),
                  keyed("FT.D20.Aim.vsTouch"),
                  literal(`${touchDefense} →`),
                  keyed(r.hit ? "FT.Card.hit" : "FT.Card.miss"),
                ],
          ),
          line(
            keyed(r.hit ? "FT.D20.Aim.success" : "FT.D20.Aim.failure", {
              target: target.name ?? "",
              weapon: item.name ?? "",
            }),
          ),
          // Review 3 (2.2): the touch Defense is the target's own; cover and the situational terms are the GM's.
          line(keyed("FT.D20.Aim.coverGM")),
          // Fixaim (play review 2.2): the aimer's own Defense, in a combat by count (the GM's mark above).
          ...(turn ? [line(keyed("FT.D20.Aim.noDexAimer", { name }))] : []),
        ],
      },
      { speaker: ChatMessage.getSpeaker({ actor, token }), rolls: [roll] },
    );
    // SW-42 (fixaim, play review 2.1): "Aiming provokes attacks of opportunity" — each foe that threatens the aimer is
    // offered its own, as a reload's are (provoke-action.ts).
    if (turn) await offerForAim(token, turn.combat);
    return { applied: [body.target], skipped: [] };
  });
}

/**
 * SW-42: "your next single attack with the weapon which you aimed" — the active GM marks the aimer's kept aim used by
 * its next attack card, whatever its weapon or shape (whether or not the card took it: the aim is spent by that
 * attack). Fixaim (trust review 1.4): the aimer is the card's attacker (`card.actorUuid`, the actor of the aiming
 * token), not the message's speaker — a card posted with no speaker token spends the aim as any other, so two copies
 * cannot take it twice (the second meets `aimBacks`: used by another roll).
 */
export async function useAimOn(message: ChatMessage.Implementation): Promise<void> {
  const card = cardOf(message);
  if (!card?.actorUuid) return;
  for (const kept of newestAims()) {
    if (!waiting(kept.entry)) continue;
    const aimer = game.scenes?.get(kept.entry.sceneId)?.tokens.get(kept.key);
    // Review 3 (1.1): the aimer's next attack card, with whatever weapon, ends the aim (a shot with another weapon
    // wastes it), so it can never deny the Dex to more than one attack.
    if (aimer?.actor?.uuid !== card.actorUuid) continue;
    await rewrite(kept, { ...kept.entry, used: card.rollId ?? message.id ?? "" });
  }
}

/** Drop a kept aim (the GM that keeps it writes why), or write what it keeps now. */
async function rewrite(kept: KeptAim, entry: AimEntry): Promise<void> {
  await game.users?.get(kept.gm)?.update({ [`flags.${SYSTEM_ID}.aims.${kept.key}`]: entry });
}

/**
 * SW-42 (review 3, 2.3): "If the target moves more than 2 meters between the time you make the ranged touch attack and
 * your next single attack, he regains his Dexterity bonus" — the movement, not the straight line: the active GM adds
 * each move of an aimed-at token (v13's `moveToken` hook, client/documents/token.mjs `#onUpdateOperationMovement`,
 * search id 18257454974: `Hooks.callAll("moveToken", document, movement, operation, user)`; the movement's `origin`
 * and `passed.waypoints`, top-left pixels) to the aim's `moved`, and drops the aim past 2 m.
 *
 * Fixaim (play review 2.3): each leg is measured as the attacks of opportunity measure the same walk (provoke.ts
 * `waypoints`: the scene's grid, `BaseGrid#measurePath` with the world's diagonal rule, or squares by the larger side),
 * so two diagonal 1 m squares are the 2 m step the tracker counts, not 2.83 m. A GM's undo of the target's move is no
 * movement (as provoke.ts `offerOpportunities` treats it): the undone metres come off `moved`, and an aim the undone
 * move dropped comes back (v13 `TokenDocument#revertRecordedMovement` writes the prior position with `isUndo: true`,
 * so its `moveToken` movement's `method` is "undo": client/documents/token.mjs, search id 18257454974). A GM's teleport still counts (the target stands that far away).
 */
export async function dropMovedAim(
  token: TokenDocument.Implementation,
  movement: TokenMovement,
  user: User.Implementation | null = null,
): Promise<void> {
  const scene = token.parent;
  if (!scene) return;
  const points = [movement.origin, ...movement.passed.waypoints].flatMap((p) =>
    p ? [{ x: p.x, y: p.y }] : [],
  );
  const metres = waypoints(token, points).reduce((sum, w) => sum + w.metres, 0);
  if (!(metres > 0)) return;
  const undone = movement.method === "undo" && !!user?.isGM;
  for (const kept of newestAims()) {
    const e = kept.entry;
    if (e.used || e.sceneId !== scene.id || e.target !== token.id) continue;
    if (undone) {
      if (e.dropped && e.dropped !== "moved") continue;
      const moved = Math.max(0, (e.moved ?? 0) - metres);
      await rewrite(kept, aimMovedAway(moved) ? { ...e, moved } : { ...e, moved, dropped: null });
      continue;
    }
    if (e.dropped) continue;
    const moved = (e.moved ?? 0) + metres;
    await rewrite(kept, aimMovedAway(moved) ? { ...e, moved, dropped: "moved" } : { ...e, moved });
  }
}

/**
 * SW-42 (review 3, 2.4): the aim is for the aimer's next single attack, made soon — the active GM drops a kept aim
 * once the aimer's next turn in the combat it was made in has ended: the combat stands past that turn (round, turn),
 * read on each turn change (v13 `Combat#_manageTurnEvents` calls `Hooks.callAll("combatTurnChange", this, previous,
 * current)` on every client, client/documents/combat.mjs, search id 18344563855). The combat's own round and turn are
 * read, not the hook's `previous` (this system's by-count steps hand the hook a `previous` already moved on).
 */
export async function dropAimsAtTurnEnd(combat: Combat.Implementation): Promise<void> {
  const turn = combat.turn ?? -1;
  for (const kept of newestAims()) {
    const e = kept.entry;
    if (!waiting(e) || e.combat !== combat.id || e.round === null || e.round === undefined) continue;
    const next = e.round + 1;
    const at = combat.turns.findIndex((c) => c.tokenId === kept.key);
    if (combat.round > next || (combat.round === next && turn > at))
      await rewrite(kept, { ...e, dropped: "turnEnded" });
  }
}

/** SW-42 (review 3, 2.4): the combat an aim was made in ended (v13 `Combat#endCombat` deletes it): its aims go. */
export async function dropAimsOfCombat(combat: Combat.Implementation): Promise<void> {
  for (const kept of newestAims())
    if (waiting(kept.entry) && kept.entry.combat === combat.id)
      await rewrite(kept, { ...kept.entry, dropped: "combatEnded" });
}
