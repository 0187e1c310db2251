/**
 * The attack as a sequence of steps against small ports: prepare, (dialog), roll, spend, post one card; and the
 * apply button: ask the active GM once, who writes one batch. The Foundry workflow fills the ports with Roll,
 * Item#update, ChatMessage.create and User#query; the tests fill them with fakes that count the writes.
 */
import type { DamageKind } from "../rules/index.js";
import {
  type AppliedRecord,
  type ItemLevels,
  planApplication,
  planUndo,
  type TargetState,
  type WriteBatch,
} from "./apply-damage.js";
import {
  type AttackRequest,
  type AttackResult,
  damageDiceNeeded,
  type PreparedAttack,
  prepareAttack,
  resolveAttack,
} from "./attack-plan.js";
import { appliedOf, CARD_VERSION, damageOf } from "./card-data.js";
import { KeyedQueue } from "./serial.js";

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

export interface CardTarget {
  readonly id: string;
  readonly name: string;
  readonly distance: number;
  readonly band: string | null;
  readonly cover: string;
  readonly coverReason: { key: string; data: Record<string, number> } | null;
  readonly modifiers: readonly {
    id: string;
    label: string;
    value: number;
    ruleId: string;
    overridden?: boolean;
  }[];
  readonly chance: number;
  readonly column: number | null;
  readonly problem: string | null;
}

/**
 * What an attack card stores (the ChatMessage `attack` subtype's data). Nothing in it is keyed by a target id
 * (token UUIDs have dots, which Foundry expands in stored data): per-target values are lists (see `card-data.ts`).
 */
export interface AttackCardData {
  readonly version: typeof CARD_VERSION;
  /** The scene the attack was made on (its units, where its blast is placed); null on cards from before. */
  readonly sceneId: string | null;
  /** What the distances are measured in: the scene's units, or Basic-game squares (SF-B-09). */
  readonly rangeUnit: "m" | "squares";
  readonly engine: string;
  readonly variant: string;
  readonly actorUuid: string;
  readonly weaponName: string;
  readonly kind: DamageKind;
  /** A special effect applied with the damage (doze knock-out). */
  readonly effect: string | null;
  readonly burst: boolean;
  readonly shots: number;
  readonly powerSetting: number | null;
  readonly targets: readonly CardTarget[];
  readonly burstCheck: {
    readonly chance: number;
    readonly column: number | null;
    readonly modifiers: CardTarget["modifiers"];
  } | null;
  readonly d100: readonly number[];
  readonly damageDice: readonly (readonly number[])[];
  readonly result: AttackResult;
  readonly spent: PreparedAttack["spend"];
  /** What has been applied, one record per target (each carries its `targetId`). */
  readonly applied: readonly AppliedRecord[];
  /** Targets near thrown explosives that failed their Reaction Speed check (SF-X-40). */
  readonly stunned?: readonly string[];
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
  const rolls: R[] = [];
  const shots = req.declarations.burst ? 1 : req.declarations.shots;
  const d100: number[] = [];
  for (let i = 0; i < shots; i++) {
    const r = await ports.roll("1d100");
    d100.push(r.total);
    rolls.push(r.roll);
  }
  const damageDice: number[][] = [];
  const first = prep.targets[0]!;
  const need = damageDiceNeeded(prep, first.id);
  for (let i = 0; i < shots; i++) {
    if (!need) {
      damageDice.push([]);
      continue;
    }
    const r = await ports.roll(`${need.count}d${need.faces}`);
    damageDice.push(r.dice);
    rolls.push(r.roll);
  }
  const result = resolveAttack(prep, { d100, damage: damageDice });
  if (prep.spend && req.ammo.remaining !== null)
    await ports.spendAmmo(prep.spend.sourceId, req.ammo.remaining - prep.spend.amount);
  const card: AttackCardData = {
    version: CARD_VERSION,
    sceneId: meta.sceneId ?? null,
    rangeUnit: meta.rangeUnit ?? "m",
    engine: req.engine.id,
    variant: req.variant,
    actorUuid: meta.actorUuid,
    weaponName: req.weapon.name,
    kind: req.weapon.kind,
    effect: meta.effect ?? null,
    burst: req.declarations.burst,
    shots,
    powerSetting: req.declarations.powerSetting,
    targets: prep.targets.map((t, i) => ({
      id: t.id,
      name: t.name,
      distance: req.targets[i]!.facts.distance,
      band: t.check.band,
      cover: req.targets[i]!.facts.cover,
      coverReason: t.coverReason,
      modifiers: t.modifiers,
      chance: t.check.chance,
      column: t.check.column,
      problem: t.problem,
    })),
    burstCheck: prep.burst
      ? { chance: prep.burst.check.chance, column: prep.burst.check.column, modifiers: prep.burst.modifiers }
      : null,
    d100,
    damageDice,
    result,
    spent: prep.spend,
    applied: [],
  };
  const messageId = await ports.createCard(card, rolls);
  return { card, messageId };
}

export class AttackCancelled extends Error {
  constructor() {
    super("Attack cancelled");
    this.name = "AttackCancelled";
  }
}

/** What the GM needs from Foundry to apply damage from a card. */
export interface GMPorts {
  loadCard(messageId: string): Promise<AttackCardData | null>;
  loadTargets(ids: readonly string[]): Promise<(TargetState | null)[]>;
  itemLevels(targets: readonly (TargetState | null)[]): Promise<Record<string, ItemLevels>>;
  write(batch: WriteBatch): Promise<void>;
  /** Store the records of `set` on the card (replacing a target's old one) and remove those of `clear`. */
  saveApplied(messageId: string, set: readonly AppliedRecord[], clear: readonly string[]): Promise<void>;
}

export interface ApplyResponse {
  readonly applied: string[];
  readonly skipped: { id: string; reason: string }[];
}

/**
 * Apply and undo on one card run one at a time on the GM's client, each reading the card afresh: two requests in
 * flight together (a player's query and the GM's click, two targets of a burst) would otherwise both read the card
 * before either saved it, and the second save would drop the first one's record, or apply the same target twice.
 */
const perCard = new KeyedQueue();

/**
 * GM: apply a card's damage to `ids` (all its damaged targets when empty). Idempotent per target. Only targets the
 * card has damage for are considered: another id is skipped, not hit for 0.
 */
export function gmApplyDamage(
  messageId: string,
  ids: readonly string[],
  ports: GMPorts,
): Promise<ApplyResponse> {
  return perCard.run(messageId, () => applyNow(messageId, ids, ports));
}

async function applyNow(messageId: string, ids: readonly string[], ports: GMPorts): Promise<ApplyResponse> {
  const card = await ports.loadCard(messageId);
  if (!card) return { applied: [], skipped: ids.map((id) => ({ id, reason: "FT.Card.gone" })) };
  const onCard = new Set(card.result.damage.map((d) => d.targetId));
  const asked = ids.length ? [...ids] : [...onCard];
  const wanted = asked.filter((id) => onCard.has(id));
  const notOnCard = asked.filter((id) => !onCard.has(id)).map((id) => ({ id, reason: "FT.Card.notOnCard" }));
  const targets = await ports.loadTargets(wanted);
  const levels = await ports.itemLevels(targets);
  const plan = planApplication(
    Object.fromEntries(wanted.map((id) => [id, damageOf(card, id)])),
    card.kind,
    targets,
    wanted,
    new Set(card.applied.map((r) => r.targetId)),
    levels,
    card.effect,
    new Set(card.stunned ?? []),
  );
  if (plan.applied.length) {
    await ports.write(plan.batch);
    await ports.saveApplied(messageId, plan.applied, []);
  }
  return { applied: plan.applied.map((r) => r.targetId), skipped: [...plan.skipped, ...notOnCard] };
}

/** GM: undo what was applied to `ids` from a card. */
export function gmUndoDamage(
  messageId: string,
  ids: readonly string[],
  ports: GMPorts,
): Promise<ApplyResponse> {
  return perCard.run(messageId, () => undoNow(messageId, ids, ports));
}

async function undoNow(messageId: string, ids: readonly string[], ports: GMPorts): Promise<ApplyResponse> {
  const card = await ports.loadCard(messageId);
  if (!card) return { applied: [], skipped: ids.map((id) => ({ id, reason: "FT.Card.gone" })) };
  const records = ids.map((id) => appliedOf(card, id)).filter((r): r is AppliedRecord => !!r);
  const targets = await ports.loadTargets(records.map((r) => r.targetId));
  const levels = await ports.itemLevels(targets);
  const batch = planUndo(records, targets, levels);
  await ports.write(batch);
  await ports.saveApplied(
    messageId,
    [],
    records.map((r) => r.targetId),
  );
  return { applied: records.map((r) => r.targetId), skipped: [] };
}
