/**
 * The attack in Foundry: read the user's targets and the scene, open the dialog (unless shift-clicked), roll with
 * Foundry's dice (so Dice So Nice animates them), spend the ammunition on the attacker's own item, and post one
 * `attack` card. Everything it decides is in attack-plan / attack-flow; this file fills their ports.
 */
import {
  attackTargets,
  cardName,
  distanceToPoint,
  mayInvolve,
  readTarget,
  unitsPerPixel,
} from "../../canvas/scene-facts.js";
import { suppressingInto } from "../../canvas/suppression.js";
import type { AttackCardData, GrenadeCard } from "../../data/chat/attack-card.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { factsOf } from "../../data/item/facts.js";
import { isFrontierActor, isItemType } from "../../data/subtypes.js";
import type { MarkChange } from "../../documents/combatant.js";
import { currentGame, gameOf, type UnarmedStrike, type UnarmedWeapon } from "../../helpers/game.js";
import { requestGM } from "../../helpers/gm-request.js";
import { notify, report } from "../../helpers/report.js";
import { currentEngine, currentVariant } from "../../helpers/settings.js";
import {
  asOverwatchShot,
  burstAreaProblem,
  DEFAULT_DECLARATIONS,
  RulesError,
  SUPPRESSION_AREA_M,
} from "../../rules/index.js";
import { keepsNumbersSecret, rollFormula, withoutAttackerNumbers } from "../card/card-render.js";
import { grenadeCard } from "../card/grenade-card.js";
import { postAttackCard } from "../card/post-card.js";
import { gateAttack } from "../turn/attack-gate.js";
import { turnGate } from "../turn/turn-ledger.js";
import { gmOffer, offerMismatch } from "./aoo-offer.js";
import { askAttack } from "./attack-confirm.js";
import { type AttackPorts, runAttack } from "./attack-flow.js";
import type { AttackOptions } from "./attack-options.js";
import type { AmmoState, AttackRequest } from "./attack-plan.js";
import { ammoState, attackerFacts } from "./attacker.js";

type ActorI = Actor.Implementation;
type ItemI = Item.Implementation;

/** An unarmed strike draws on no ammunition (SW-20). */
const NO_AMMO: AmmoState = {
  unit: "none",
  perShot: 0,
  perSeu: false,
  remaining: null,
  capacity: null,
  sourceId: "",
};

/** SW-43: ask the active GM to keep a suppression card's area; what it refuses is said, nothing thrown. */
async function keepSuppression(messageId: string): Promise<void> {
  const r = await requestGM({ kind: "suppress", messageId, ids: [] });
  for (const s of r.skipped.slice(0, 3)) notify("warn", s.reason, s.data);
}

export async function attackWithWeapon(
  actor: ActorI,
  item: ItemI,
  options: AttackOptions = {},
): Promise<void> {
  await attackWith(actor, { item }, options);
}

/**
 * SW-20: an unarmed strike, "essentially like attacking with a weapon" (seed 002): the game's strike (its table's
 * `unarmed`) is rolled through the same flow as a melee weapon's attack, with no item; refused with its reason (an
 * unknown size) before anything is rolled. Its card says `bareHands` (the GM bounds it with the game's check).
 */
export async function unarmedStrike(
  actor: ActorI,
  strike: UnarmedStrike,
  options: AttackOptions = {},
): Promise<void> {
  const weapon = strike.weapon(actor);
  if (weapon instanceof RulesError) return report(weapon);
  await attackWith(actor, { strike: weapon }, options);
}

/**
 * The sheet's _Punch_ (issue 30's seam): the game's unarmed strike through the attack flow (SW-20), else the melee
 * workflow (the Star Frontiers bare hand, RT-6, or the notice of a game without one).
 */
export async function punch(actor: ActorI, options: AttackOptions = {}): Promise<void> {
  const unarmed = currentGame().unarmed;
  if (unarmed.kind === "strike") return unarmedStrike(actor, unarmed, options);
  await (await import("./melee.js")).meleeAttack(actor, null, options);
}

/** A weapon item's attack, or an unarmed strike's (no item). */
async function attackWith(
  actor: ActorI,
  source: { readonly item: ItemI } | { readonly strike: UnarmedWeapon },
  options: AttackOptions,
): Promise<void> {
  // The acting combatant's own token (an unlinked NPC's among several), else the actor's first on the scene.
  const token = options.combatant?.token?.object ?? actor.getActiveTokens()[0];
  if (!token) return notify("warn", "FT.Attack.noToken");
  const combatant = options.combatant ?? game.combat?.combatants.find((c) => c.tokenId === token.id);
  const targets = options.targets ? options.targets.filter((t) => mayInvolve(game.user, t)) : attackTargets();
  if (targets.length === 0) return notify("warn", "FT.Error.noTarget");
  // SW-25 (issue 31, trust review 2.1): an offered attack of opportunity answers the GM's offer, at its mover, in its
  // round; the point where the mover provoked is the offer's, never the caller's.
  const offer = options.offerId ? gmOffer(options.offerId) : null;
  if (options.offerId) {
    const problem = offerMismatch(
      options.offerId,
      actor.uuid,
      targets.map((t) => t.document.uuid),
    );
    if (problem) return notify("warn", problem, { name: actor.name ?? "" });
  }
  const provokedAt = offer ? { x: offer.x, y: offer.y } : undefined;
  // Only our actors attack, and only with weapons (the sheet offers Attack on weapons alone).
  const item = "item" in source ? source.item : null;
  if (!isFrontierActor(actor) || (item && !isItemType(item, "weapon")))
    return notify("warn", "FT.Attack.notAWeapon");
  const unarmed = "strike" in source ? source.strike : null;
  const weaponItem = item && isItemType(item, "weapon") ? item : null;
  const name = (unarmed ? unarmed.name : item?.name) ?? "";
  const sys: WeaponSystem | undefined = options.system ?? unarmed?.system ?? weaponItem?.system;
  if (!sys) return notify("warn", "FT.Attack.notAWeapon");
  // The percentile engines resolve melee with rules-tables §6's melee engine (melee.ts, RT-6); an engine that plans its
  // own attack steps (d20: SW-04, SW-14 reach, SW-07 Strength, SW-22 full attacks) resolves melee here, as an attack.
  // Issue 33: the world's engine, built (and its code loaded) with the page's first attack.
  const engine = await currentEngine();
  if (item && sys.skill === "melee" && !engine.attackSteps)
    return (await import("./melee.js")).meleeAttack(actor, item, options);
  const weapon = unarmed?.facts ?? factsOf(name, sys);
  // Issue 30: the game's attack section, loaded with the first attack in a world.
  const attack = await currentGame().attack();
  // Issue 14: a weapon the d20 engine cannot roll is refused before anything is spent.
  const problem = attack.weaponProblem(name, sys);
  if (problem) return report(problem);
  // SF-X-01, SF-B-03, SF-X-07, SF-X-30, SF-X-31: what the phase allows, and what was declared (phase-gate.ts).
  const gate = gateAttack(token, targets, weapon.rof);
  if (!gate) return;
  // SF-B-02, SF-B-15, SF-X-27, SF-X-30, SF-X-37: what this attacker did this round (turn-ledger.ts), refused here.
  // SW-43: a suppressor's attack of opportunity may be a ranged one, into the area it suppresses.
  const intoSuppressed =
    !!options.aoo && !!combatant && !!targets[0] && !!suppressingInto(combatant, targets[0], provokedAt);
  const turn = turnGate(actor, item, combatant, {
    aoo: !!options.aoo,
    intoSuppressed,
    overwatch: !!options.overwatch,
  });
  if (!turn) return;
  const unit = sys.rangeUnit === "squares" ? "squares" : "m";
  // SW-38: a d20 grenadelike weapon is thrown at the square where the target stands (the engine that throws at
  // squares says how); otherwise a thrown weapon with a blast is a Star Frontiers grenade (SF-X-38).
  const square = engine.areaTarget ? attack.squareThrow(weapon) : null;
  const isGrenade = !square && sys.skill === "thrown" && sys.blastRadius > 0;
  if (square && targets.length > 1) return notify("warn", "FT.D20.Grenade.oneSquare");
  try {
    // SF-X-24: a burst's targets stand adjacent in an area 10 m wide, checked before anything is spent.
    const area =
      targets.length > 1 && weapon.burst
        ? burstAreaProblem(
            token.center,
            targets.map((t) => ({ x: t.center.x, y: t.center.y, name: t.name ?? "" })),
            unitsPerPixel(),
          )
        : null;
    if (area) throw new RulesError(area.key, area.key, area.data);
    // SW-42 (review 3, 1.1): the weapon rides with the read, so a kept aim serves only a shot with the weapon aimed.
    const read = await Promise.all(targets.map((t) => readTarget(token, t, unit, weaponItem?.id ?? null)));
    // SW-25 (issue 31): an offered attack of opportunity is made when the mover provoked, where it stood then.
    const at = provokedAt;
    const scene = at
      ? read.map((s) => ({
          ...s,
          input: { ...s.input, facts: { ...s.input.facts, distance: distanceToPoint(token, at) } },
        }))
      : read;
    const request: AttackRequest = {
      engine,
      variant: currentVariant(),
      // SWN-08: the overwatch shot is made as one (the dialog shows it chosen; the engine checks the arc).
      attacker: options.overwatch
        ? asOverwatchShot(attackerFacts(actor, sys, token))
        : attackerFacts(actor, sys, token),
      weapon,
      ammo: weaponItem ? ammoState(actor, weaponItem) : NO_AMMO,
      targets: scene.map((s) => s.input),
      declarations: {
        ...DEFAULT_DECLARATIONS,
        // SF-X-24: several targets of a burst weapon mean a burst — where the engine reads bursts at all (a d20
        // attack at two targets is refused as one shot at several, review 14b H1).
        burst: targets.length > 1 && !!weapon.burst && engine.reads.has("burst"),
        powerSetting: sys.damage.perSeu.enabled ? sys.damage.perSeu.min : null,
        ...gate.declarations,
      },
      firedLastTurn: turn.firedLastTurn,
      // SW-22, SW-35, SW-36: where the engine plans steps (d20), several targets start as a full attack in the
      // weapon's fire mode (autofire, else multifire), one attack at each in turn; SW-02 the surprise round.
      // SW-25: an attack of opportunity is one attack at the highest bonus, never a full attack.
      plan: options.aoo
        ? { fullAttack: false, mode: "single", surpriseRound: false, aoo: true }
        : options.overwatch
          ? { fullAttack: false, mode: "single", surpriseRound: false }
          : attack.firstPlan(sys, targets.length, !!game.combat?.inSurpriseRound && !!combatant),
      ...(square ? { area: "grenade" as const } : {}),
      // SW-22: the weapons the dialog offers for the off hand.
      ...(engine.attackSteps && !square && weaponItem
        ? { offHands: attack.offHands(actor, weaponItem) }
        : {}),
      // A player's dialog shows no secret NPC's Defense and cannot rewrite it; a GM's may (review 14 H2).
      ...(game.user?.isGM
        ? {}
        : {
            secretTargets: scene
              .filter((s) => keepsNumbersSecret(s.token.actor))
              .map((s) => s.token.document.uuid),
          }),
    };
    let suppressHit = false;
    // The request as the user confirmed it: what it leaves on the attacker's Combatant (SW-21, SW-23, `keeps`).
    let confirmed: AttackRequest | null = null;
    const ports: AttackPorts<Roll> = {
      confirm: async (prep) => {
        // The dialog the application layer installed (attack-confirm.ts).
        confirmed = gate.confirmed(
          await askAttack(prep, name, unit === "squares" ? "□" : "m", gate.shotsLimit),
        );
        return confirmed;
      },
      roll: rollFormula,
      spendAmmo: async (sourceId, remaining) => {
        const holder = actor.items.get(sourceId);
        if (!holder) return;
        const left = Math.max(0, remaining);
        // A weapon's own clip (the attack's, or the off hand's, SW-22), or the power pack it draws on.
        await holder.update(
          isItemType(holder, "weapon")
            ? { system: { ammo: { remaining: left } } }
            : { system: { remaining: left } },
        );
      },
      createCard: async (card, rolls) => {
        // Issue 33: the roll mode the dialog picked (the chat's without a dialog), for who reads the card.
        const rollMode = confirmed?.rollMode;
        let final: AttackCardData & { grenade?: GrenadeCard | null } = card;
        if (isGrenade) final = await grenadeCard(card, token, scene[0]!.token, sys, rolls);
        // SW-43: a hit with suppression fire threatens the 4 m × 4 m area around where the target stands until the
        // suppressor's next turn — kept on its Combatant with the round's ledger (one write), in a combat only.
        if (card.area === "suppression") {
          const at = scene[0]!.token.center;
          const size = SUPPRESSION_AREA_M / unitsPerPixel();
          const hit = card.result.shots[0]?.outcome.hit ?? false;
          suppressHit = hit;
          final = {
            ...final,
            suppression: hit ? { x: at.x, y: at.y, size, kept: !!combatant?.parent?.started } : null,
          };
        }
        // SW-38 (SWN-15, SWN-16): the burst's card, by the game that throws at squares.
        if (square) final = await square.card(card, token, scene[0]!.token, sys, rolls, rollMode);
        // SF-X-35: the tokens in the way, by UUID and name, for the GM to pick who a stray shot hits. A hidden
        // token is "?" on every card, whatever its roll mode (`cardName`, review-ux 1.1).
        if (final.stray) {
          const candidates = final.stray.candidates.flatMap((c) => {
            const t = canvas?.tokens?.get(c.id);
            return t ? [{ id: t.document.uuid, name: cardName(t.document) }] : [];
          });
          final = { ...final, stray: { ...final.stray, candidates } };
        }
        // Issue 14: an NPC target's Defense (its class bonus and Dex) is kept from players too. First, while the
        // attacker's totals are still there: SW-31's "struck the cover" is decided from them (review 14b).
        final = gameOf(card).card.write.withoutTargetNumbers(
          final,
          new Set(scene.filter((s) => keepsNumbersSecret(s.token.actor)).map((s) => s.token.document.uuid)),
        );
        if (keepsNumbersSecret(actor))
          final = gameOf(card).card.write.withoutAttackerNumbers(withoutAttackerNumbers(final));
        // The random rollId of T2-1C is the poster's (post-card.ts).
        final = {
          ...final,
          // SW-20: an unarmed strike has no weapon item; the GM bounds it by the game's strike (card-gm.ts).
          ...(unarmed ? { bareHands: true } : {}),
          // SW-25, SWN-08: an attack made out of the round's action says so; the GM counts it apart (attack-record.ts).
          ...(options.aoo
            ? { reaction: "aoo" as const, ...(options.offerId ? { offer: options.offerId } : {}) }
            : options.overwatch
              ? { reaction: "overwatch" as const }
              : {}),
        };
        const posted = await postAttackCard(final, rolls, { actor, token: token.document, rollMode });
        // SW-10 (issue 31): the attack action's cost to its attacker (a disabled d20 character's 1 wound point).
        if (posted && !options.aoo) await attack.afterAttack?.(actor);
        // SW-43: the active GM checks the card and keeps its area (canvas/suppression.ts), in a combat only.
        if (suppressHit && posted && combatant?.parent?.started) await keepSuppression(posted);
        return posted;
      },
    };
    // One Combatant write after the card: the round's ledger and the declaration's count together.
    const round = combatant?.parent?.round ?? 0;
    const more = (shots: number): MarkChange | null => {
      const kept = confirmed ? attack.keeps(confirmed, round) : null;
      const flags = gate.flags(shots);
      return kept || flags ? { ...flags, ...kept } : null;
    };
    await runAttack(request, turn.ports(ports, more), {
      actorUuid: actor.uuid,
      weaponId: item?.id ?? null,
      fast: !!options.fast,
      effect: sys.effect || null,
      sceneId: token.document.parent?.id ?? null,
      rangeUnit: unit,
    });
  } catch (e) {
    // A rules error, a cancelled dialog or anything else: reported here, so a macro calling this sees it too.
    report(e);
  }
}

/**
 * Throw a knife or spear (seed 000: "Thrown Weapons (grenades and knives)"): a thrown weapon's attack, SF-X-38 —
 * ½ DEX + 10 × Thrown skill, and only range, movement, wrong-hand and wound modifiers — over the item's ranges,
 * which are its thrown ranges. Those are not in our sources: until the GM enters them the throw is refused.
 */
export async function throwWeapon(actor: ActorI, item: ItemI, options: AttackOptions = {}): Promise<void> {
  if (!isItemType(item, "weapon") || !item.system.throwable) return notify("warn", "FT.Melee.notThrowable");
  const r = item.system.ranges;
  if (![r.pb, r.s, r.m, r.l, r.e].some((v) => v !== null && v !== undefined))
    return notify("warn", "FT.Melee.noThrownRanges", { weapon: item.name ?? "" });
  await attackWithWeapon(actor, item, { ...options, system: { ...item.system, skill: "thrown" } });
}
