import { type AttackCardData, CARD_VERSION, type CardStep } from "../../data/chat/attack-card.js";
import { cardProfile, gameOf } from "../../helpers/game.js";
import { AttackCancelled } from "../../helpers/report.js";
import { columnOf, type DiceResults } from "../../rules/index.js";
import {
  type AttackRequest,
  damageDiceNeeded,
  type PreparedAttack,
  type PreparedStep,
  prepareAttack,
  resolveAttack,
  rollChecks,
  shotCheck,
} from "./attack-plan.js";
import { strayRecord, strayShots } from "./stray.js";

/** `R` is the roll object the dice port gives: a Foundry Roll in production, so Dice So Nice animates it. */
export interface RolledDice<R = unknown> {
  readonly total: number;
  readonly dice: number[];
  /** The roll object to attach to the card. */
  readonly roll: R;
}

export interface AttackPorts<R = unknown> {
  /** The attack dialog: may change declarations and overrides; null = cancelled. Skipped for fast attacks. */
  confirm(prep: PreparedAttack): Promise<AttackRequest | null>;
  roll(formula: string): Promise<RolledDice<R>>;
  /** Spend ammunition: set what is left on the item that holds it (the attacker owns it). */
  spendAmmo(sourceId: string, remaining: number): Promise<void>;
  createCard(card: AttackCardData, rolls: R[]): Promise<string>;
}

/**
 * Run an attack: prepare (errors stop it before anything is spent), confirm unless fast, roll d100s and damage,
 * spend the ammunition once, post one card.
 */
export async function runAttack<R>(
  request: AttackRequest,
  ports: AttackPorts<R>,
  meta: {
    actorUuid: string;
    weaponId?: string | null;
    fast: boolean;
    effect?: string | null;
    sceneId?: string | null;
    rangeUnit?: "m" | "squares";
  },
): Promise<{ card: AttackCardData; messageId: string }> {
  let prep = prepareAttack(request);
  if (!meta.fast) {
    const changed = await ports.confirm(prep);
    if (!changed) throw new AttackCancelled();
    prep = prepareAttack(changed);
  }
  const req = prep.request;
  const { engine } = req;
  const rolls: R[] = [];
  // Each roll's check: a planned step's own (d20 full attacks, each at its target), else the one shot check.
  const checks = rollChecks(prep);
  const shots = checks.length;
  // Each shot's dice, by the key the engine asked for. The engine decides which dice an attack needs (the
  // workflow never asks which engine it is): first each shot's attack die, then the damage dice, then whatever
  // else each shot's result asks for (Alpha Dawn's stray d100 on a miss into a crowd, SF-X-35) — that order is
  // the order the dice are rolled and shown in.
  const check = shotCheck(prep);
  const dice: DiceResults[] = [];
  const rollDie = async (at: number): Promise<boolean> => {
    const next = engine.nextDie(checks[at]!, dice[at] ?? {});
    if (!next) return false;
    const r = await ports.roll(next.formula);
    dice[at] = { ...dice[at], [next.key]: r.total };
    rolls.push(r.roll);
    return true;
  };
  for (let i = 0; i < shots; i++) await rollDie(i);
  // The card keeps each shot's attack die (the first the engine asked for).
  const first = Object.keys(dice[0] ?? {})[0] as keyof DiceResults | undefined;
  const d100 = dice.map((d) => (first ? (d[first] ?? 0) : 0));
  const damageDice: number[][] = [];
  const aimed = prep.targets[0]!;
  for (let i = 0; i < shots; i++) {
    const need = damageDiceNeeded(prep, prep.steps?.[i] ?? aimed.id);
    if (!need) {
      damageDice.push([]);
      continue;
    }
    const r = await ports.roll(`${need.count}d${need.faces}`);
    damageDice.push(r.dice);
    rolls.push(r.roll);
  }
  for (let i = 0; i < shots; i++) while (await rollDie(i));
  const result = resolveAttack(prep, { rolls: dice, damage: damageDice });
  const strayAt = strayShots(dice);
  const strayRolls = strayAt.map((i) => dice[i]!.stray as number);
  if (prep.spend && req.ammo.remaining !== null)
    await ports.spendAmmo(prep.spend.sourceId, req.ammo.remaining - prep.spend.amount);
  // SW-22: the off-hand weapon's own ammunition (another item).
  if (prep.offHandSpend)
    await ports.spendAmmo(prep.offHandSpend.sourceId, prep.offHandSpend.remaining - prep.offHandSpend.amount);
  const card: AttackCardData = {
    version: CARD_VERSION,
    sceneId: meta.sceneId ?? null,
    rangeUnit: meta.rangeUnit ?? "m",
    engine: req.engine.id,
    // The card records the game it was rolled under: its engine, and SWN's profile (helpers/game.ts `gameOf`).
    ...cardProfile(req.engine.profile),
    variant: req.variant,
    actorUuid: meta.actorUuid,
    weaponId: meta.weaponId ?? null,
    weaponName: req.weapon.name,
    kind: req.weapon.kind,
    // SW-11 (issue 32): Apply takes no DR off this weapon's hits (a lightsaber).
    ...(req.weapon.ignoresDR ? { ignoresDR: true } : {}),
    // Issue 32: a weapon with no damage dice in its source: the card says its effect (and stun DC) is the GM's.
    ...(req.weapon.effectOnly ? { effectOnly: { stunDC: req.weapon.effectOnly.stunDC } } : {}),
    effect: meta.effect ?? null,
    burst: req.declarations.burst,
    shots,
    powerSetting: req.declarations.powerSetting,
    ...(req.area ? { area: req.area } : {}),
    // SW-22, SW-35..37: a planned action's steps, in order (each shot's target is in the result).
    ...(prep.steps ? { steps: prep.steps.map(cardStep), action: prep.action } : {}),
    // SW-22: the off-hand weapon's item (the GM bounds a player's card by both weapons' damage).
    ...(offHandItem(req, meta.weaponId ?? null)
      ? { offHandWeaponId: offHandItem(req, meta.weaponId ?? null) }
      : {}),
    targets: usedTargets(prep).map(({ t, i }) => ({
      id: t.id,
      name: t.name,
      distance: req.targets[i]!.facts.distance,
      band: t.check.band,
      cover: req.targets[i]!.facts.cover,
      coverReason: t.coverReason,
      modifiers: t.modifiers,
      chance: t.check.chance,
      column: columnOf(t.check),
      problem: t.problem,
      // Issue 30: the game block of its row (a d20 target's bonus and Defense), asked of the card's game.
      ...gameOf({ engine: req.engine.id, profile: req.engine.profile }).card.write.target(
        t.check,
        t.targetModifiers,
      ),
    })),
    burstCheck: prep.burst
      ? {
          chance: prep.burst.check.chance,
          column: columnOf(prep.burst.check),
          modifiers: prep.burst.modifiers,
        }
      : null,
    d100,
    ...gameOf({ engine: req.engine.id, profile: req.engine.profile }).card.write.dice(check, dice),
    damageDice,
    result,
    spent: prep.spend,
    applied: [],
    ...(strayAt.length
      ? {
          stray: strayRecord(prep, result, strayAt, strayRolls, damageDice, req.targets[0]?.inTheWay ?? []),
        }
      : {}),
  };
  const messageId = await ports.createCard(card, rolls);
  return { card, messageId };
}

/** The targets the card names: those a step is rolled at (d20), or all of them. */
function usedTargets(prep: PreparedAttack): { t: PreparedAttack["targets"][number]; i: number }[] {
  const all = prep.targets.map((t, i) => ({ t, i }));
  const steps = prep.steps;
  return steps ? all.filter(({ t }) => steps.some((s) => s.targetId === t.id)) : all;
}

/** SW-22: the item id of the off-hand weapon the request chose (a double weapon's is the attack's own). */
function offHandItem(req: AttackRequest, weaponId: string | null): string | null {
  const id = req.plan?.offHand;
  const off = id ? req.offHands?.find((o) => o.id === id) : undefined;
  if (!off) return null;
  return off.double ? weaponId : off.id;
}

/** What the card keeps of a step: its kind, its bonus and the terms it added (SW-22, SW-35..37). */
function cardStep(s: PreparedStep): CardStep {
  // The check's shape (not a game): only a check rolled against a total carries an attack bonus.
  const bonus = "bonus" in s.check ? s.check.bonus : null;
  return {
    id: s.id,
    kind: s.kind,
    targetId: s.targetId,
    // SW-22: the off hand's attack names its weapon.
    ...(s.kind === "offHand" ? { weaponName: s.weapon.name } : {}),
    bonus,
    extras: s.extras.map((m) => ({ id: m.id, label: m.label, value: m.value, ruleId: m.ruleId })),
  };
}
