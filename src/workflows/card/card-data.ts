/**
 * The attack card as it is stored in a ChatMessage (`system.card`) and read back.
 *
 * Issue 28: the card is migrated once, by the `attack` model as Foundry loads or writes the message
 * (`data/chat/card-migration.ts`, from `AttackCardModel.migrateData`), and cleaned against its typed schema
 * (`data/chat/attack-card-schema.ts`). `m.system.card` is a current card: {@link readCard} only says whether it is
 * a whole card at all; what the GM may apply is {@link cardProblem}'s to say, before any number is read.
 */

import {
  type AppliedMark,
  type AttackCardData,
  type DamageScale,
  type StoredCard,
  tokenIds,
} from "../../data/chat/attack-card.js";
import { isWholeCard } from "../../data/chat/card-migration.js";
import { grenadePartsProblem } from "../../data/chat/parts/index.js";
import {
  burstDice,
  type Critical,
  DAMAGE_KINDS,
  MAX_BURST_TARGETS,
  parseDice,
  type WeaponFacts,
} from "../../rules/index.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A stored card (`m.system.card`, already migrated and typed by the `attack` model) as the card it is; null when it
 * is not a whole attack card (no result, no list of targets). Migrates nothing: a raw card of an earlier version
 * goes through `migrateCard` (data/chat/card-migration.ts), as Foundry does when it loads one.
 */
export function readCard(raw: unknown): StoredCard | null {
  // The model's schema typed and cleaned it (`AttackCardModel`); this only refuses what is not a card at all.
  // (The one cast the old migrating reader had, kept: a card's shape is the schema's, not this guard's.)
  return isWholeCard(raw) ? (raw as unknown as StoredCard) : null;
}

/** The card's number for one target at the GM's scale (½ rounds down; card-scale.ts). */
export const scaled = (damage: number, scale: DamageScale): number =>
  scale === "half" ? Math.floor(damage / 2) : damage * 2;

/** Damage before defenses for one target (0 when the card has none for it). */
export function damageOf(card: Pick<AttackCardData, "result">, targetId: string): number {
  return card.result.damage.find((d) => d.targetId === targetId)?.damage ?? 0;
}

/**
 * The critical a target's damage carries (d20, SW-18): confirmed when any hit at it was a confirmed critical. Cards
 * of the percentile engines, and cards from before, carry none.
 */
export function criticalOf(card: Pick<AttackCardData, "result">, targetId: string): Critical {
  const shots = card.result.shots.filter((s) => s.targetId === targetId && s.outcome.hit);
  if (shots.some((s) => s.outcome.critical === "confirmed")) return "confirmed";
  return shots.some((s) => s.outcome.critical === "threat") ? "threat" : "none";
}

/** SW-44: does a target's damage come only from blows pulled to vitality damage (every hit at it)? */
export function vitalityOnlyOf(card: Pick<AttackCardData, "result">, targetId: string): boolean {
  const shots = card.result.shots.filter((s) => s.targetId === targetId && s.outcome.hit);
  return shots.length > 0 && shots.every((s) => s.outcome.pulled === "vitality");
}

/** What was applied to one target, or null (a mark of an undone hit is not applied). */
export function appliedOf(card: Pick<AttackCardData, "applied">, targetId: string): AppliedMark | null {
  const m = card.applied.find((r) => r.targetId === targetId);
  return m && !m.undone ? m : null;
}

/** Was this target's hit undone by a GM (so only a GM applies it again)? */
export function undoneOf(card: Pick<AttackCardData, "applied">, targetId: string): boolean {
  return !!card.applied.find((r) => r.targetId === targetId)?.undone;
}

/** The applied marks after adding (or replacing) `set` and removing the marks of `clear`. */
export function mergeApplied(
  current: readonly AppliedMark[],
  set: readonly AppliedMark[],
  clear: readonly string[] = [],
): AppliedMark[] {
  const drop = new Set([...clear, ...set.map((r) => r.targetId)]);
  return [...current.filter((r) => !drop.has(r.targetId)), ...set];
}

/** Largest number of targets a card may have (a blast over a crowd stays far below). */
export const MAX_TARGETS = 50;
/** The most attack rolls one card makes (a BAB +20 autofire full attack with Rapid Shot: 4 + 2 + 1). */
export const MAX_ATTACK_ROLLS = 7;

/** Largest damage one target may take from one card (20d10 × 5 shots is 1000). */
export const MAX_DAMAGE = 1000;
const KINDS: ReadonlySet<string> = new Set(DAMAGE_KINDS);
/** The item data model's `effect` choices (data/item/specs.ts). */
const EFFECTS: ReadonlySet<string> = new Set(["doze", "stun", "poison", "smoke", "tangle", "explosive"]);

/**
 * Why a stored card is not one this system writes, or null when it is: what the GM applies must be targets that
 * are token UUIDs, at most {@link MAX_TARGETS}, damage only for those targets as whole numbers from 0 to
 * {@link MAX_DAMAGE}, a known kind and effect, and a stun list within the targets. Everything a player's client
 * stored is untrusted; the GM's apply checks it before reading a number from it.
 */
export function cardProblem(card: StoredCard): string | null {
  if (!Array.isArray(card.targets) || card.targets.length === 0) return "no targets";
  const shape = shapeProblem(card);
  if (shape) return shape;
  if (card.targets.length > MAX_TARGETS) return `more than ${MAX_TARGETS} targets`;
  const ids = new Set<string>();
  for (const t of card.targets) {
    if (!isObj(t) || typeof t.id !== "string" || !tokenIds(t.id)) return "a target that is not a token";
    if (ids.has(t.id)) return "a target listed twice";
    ids.add(t.id);
  }
  if (!Array.isArray(card.result.damage) || card.result.damage.length > MAX_TARGETS) return "damage list";
  for (const d of card.result.damage) {
    if (!ids.has(d.targetId)) return "damage for a token that is not a target";
    if (!Number.isInteger(d.damage) || d.damage < 0 || d.damage > MAX_DAMAGE)
      return `damage ${String(d.damage)}`;
  }
  if (typeof card.kind !== "string" || !KINDS.has(card.kind)) return `damage kind ${String(card.kind)}`;
  // SW-22, SW-35..37: at most 4 iterative attacks (BAB 20), 2 autofire and 1 Rapid Shot; SF-X-30 at most 3 shots.
  if (!Number.isInteger(card.shots) || card.shots < 1 || card.shots > MAX_ATTACK_ROLLS)
    return `shots ${String(card.shots)}`;
  if (
    card.effect !== null &&
    card.effect !== undefined &&
    !(typeof card.effect === "string" && EFFECTS.has(card.effect))
  )
    return `effect ${String(card.effect)}`;
  if (card.stunned !== undefined && (!Array.isArray(card.stunned) || card.stunned.some((id) => !ids.has(id))))
    return "stun list";
  if (typeof card.actorUuid !== "string") return "attacker";
  // An Expanded doze grenade's d100 turns of sleep (rules-tables §18): one d100 for a target on the card.
  const sleep: unknown = card.grenade?.sleep;
  if (
    sleep !== undefined &&
    (!Array.isArray(sleep) ||
      sleep.some((s) => !isObj(s) || typeof s.id !== "string" || !ids.has(s.id) || !isD100(s.turns)))
  )
    return "sleep list";
  return null;
}

const isD100 = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100;

/** The most one die formula can roll (0 when it does not parse). */
export function formulaMax(text: string | undefined): number {
  if (!text) return 0;
  try {
    const d = parseDice(text);
    return d.count * d.faces + Math.max(0, d.bonus);
  } catch {
    return 0;
  }
}

/**
 * The most damage one target can take from one card of this weapon: the largest of its formula, its per-band
 * formulas, its highest power setting (SF-X-36) and its burst's dice (SF-X-24: base dice + 1 per extra target, all
 * to one target at most), a shot of the card's game (`gameMax`, its card section's `damageMax`), times the shots. A card a player's client wrote that claims more is not one the dice made.
 */
export function damageCeiling(w: WeaponFacts, shots: number, targets: number, gameMax = 0): number {
  const perShot = Math.max(
    formulaMax(w.damage.formula),
    ...Object.values(w.damage.perBand ?? {}).map((f) => formulaMax(f)),
    w.damage.perSeu ? w.damage.perSeu.max * w.damage.perSeu.faces : 0,
    w.burst ? burstDice(w.burst, Math.min(Math.max(1, targets), MAX_BURST_TARGETS)) * 10 : 0,
    // Issue 14: the most a shot of the card's game rolls (a d20 weapon's dice with its terms, SW-07, SW-15).
    gameMax,
  );
  return perShot * Math.max(1, shots);
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const listOf = (v: unknown, each: (x: unknown) => boolean): boolean => isList(v) && v.every(each);

/**
 * Issue 28 (review): the card's schema lets every game block's fields be absent (a stored card cleans to itself),
 * while the readers — every client's view, the GM's seal and apply — walk them as the card's types promise. A card
 * a player's console wrote with a block missing its lists (a grenade without `caught`, no `result.shots`) passes the
 * schema; it is refused here, before any reader walks it, with the part that is missing.
 */
function shapeProblem(card: StoredCard): string | null {
  if (!listOf(card.targets, (t) => isObj(t) && isList(t.modifiers))) return "target rows";
  if (
    !isObj(card.result) ||
    !listOf(card.result.shots, (x) => isObj(x) && isObj(x.outcome) && isNum(x.damage))
  )
    return "shots";
  if (!listOf(card.d100, isNum) || !listOf(card.damageDice, (d) => listOf(d, isNum))) return "dice";
  if (!isList(card.applied)) return "applied marks";
  if (card.steps !== undefined && !listOf(card.steps, (x) => isObj(x) && isList(x.extras))) return "steps";
  if (card.dice !== undefined && !listOf(card.dice, isObj)) return "dice";
  const g: unknown = card.grenade;
  if (g !== undefined && g !== null) {
    if (!isObj(g) || !isObj(g.landing) || !isNum(g.radius) || !listOf(g.caught, isObj)) return "grenade";
    if (g.ring !== undefined && !listOf(g.ring, isObj)) return "grenade ring";
    if (g.dice !== undefined && !listOf(g.dice, (d) => isObj(d) && listOf(d.dice, isNum)))
      return "grenade dice";
    // SW-38: the grenade block's own parts (a d20 burst's saves) are whole (data/chat/parts).
    const part = grenadePartsProblem(g);
    if (part) return part;
  }
  const stray: unknown = card.stray;
  if (
    stray !== undefined &&
    stray !== null &&
    (!isObj(stray) || !listOf(stray.rolls, isNum) || !listOf(stray.candidates, isObj))
  )
    return "stray shots";
  const squad: unknown = (card as { squad?: unknown }).squad;
  if (squad !== undefined && squad !== null && (!isObj(squad) || !isList(squad.terms))) return "squad";
  return null;
}
