/**
 * The bounds the GM checks a player's melee card against (`card-gm.ts` `forgedProblem`), and the sheet's Punch
 * tooltip: what bare hands (RT-6) and a creature's natural attack (issue 13) can deal. Moved out of `melee.ts` and
 * `creature-attack.ts` unchanged, so those load when first used.
 */

import type { AttackCardData } from "../../data/chat/attack-card.js";
import { type FrontierActorType, isFrontierActor, isItemType, isSquad } from "../../data/subtypes.js";
import { currentGame, gameOf } from "../../helpers/game.js";
import {
  bareHandAttacks,
  bareHandDamage,
  isValidDice,
  maxRoll,
  parseDice,
  type RaceKey,
} from "../../rules/index.js";

type ActorI = Actor.Implementation;
type FrontierActorI = Actor.OfType<FrontierActorType>;

/** The highest Martial Arts level among the actor's skills (the skill is found by its name, "Martial Arts"). */
export function martialArtsLevel(actor: ActorI): number {
  let level = 0;
  for (const i of actor.items)
    if (isItemType(i, "skill") && /martial\s*arts/i.test(i.name ?? ""))
      level = Math.max(level, i.system.level);
  return level;
}

/**
 * Why a bare-hands card a player's client wrote is not one their dice made, or null: a punch does melee damage, has
 * no effect, and deals at most the attacker's punching damage (Strength + Martial Arts, RT-6) per swing.
 */
/**
 * Why a bare-hands card a player's client wrote is not one their dice made, or null: a punch does melee damage, has
 * no effect, and deals at most the attacker's punching damage (Strength + Martial Arts, RT-6) per swing.
 */
export function bareHandsProblem(card: AttackCardData, attacker: ActorI): string | null {
  if (card.kind !== "melee") return `damage kind ${card.kind}`;
  if (card.effect) return `effect ${String(card.effect)}`;
  const str = isFrontierActor(attacker) ? (attacker.system.abilities.str?.value ?? 0) : 0;
  const ceiling =
    bareHandDamage(Math.min(100, Math.max(0, str)), martialArtsLevel(attacker)) * Math.max(1, card.shots);
  const over = card.result.damage.find((d) => d.damage > ceiling);
  return over ? `damage ${over.damage} above ${ceiling}` : null;
}

/** The race whose bare-hand attacks a character has (a creature counts as "other"). */
export function raceOf(actor: FrontierActorI): RaceKey | "other" {
  // The schema's race choices are the rules' race keys (data/actor/specs.ts RACES).
  return actor.type === "character" ? (actor.system.race as RaceKey | "other") : "other";
}

/** The Punch button's tooltip: bare-hand attacks a turn (by race) and punching damage (RT-6). */
export function punchHint(actor: ActorI): string {
  if (!isFrontierActor(actor)) return "";
  const race = raceOf(actor);
  const str = actor.system.abilities.str?.value ?? 0;
  const damage = bareHandDamage(Math.min(100, Math.max(0, str)), martialArtsLevel(actor));
  return (
    game.i18n?.format("FT.Melee.punchHint", {
      attacks: String(bareHandAttacks(race)),
      damage: String(damage),
    }) ?? ""
  );
}

/**
 * Why a creature card a player's client wrote is not one their dice made, or null: the attacker is a creature, the
 * damage is melee with no effect, and no target takes more than the creature's formula can roll per attack.
 */
export function creatureProblem(card: AttackCardData, attacker: ActorI): string | null {
  if (attacker.type !== "creature") return "attacker";
  if (card.kind !== "melee") return `damage kind ${card.kind}`;
  if (card.effect) return `effect ${String(card.effect)}`;
  const damage = (attacker.system as unknown as { damage?: string }).damage ?? "";
  // One attack a turn (its card has one shot, checked by the GM's `forgedProblem`).
  const ceiling = isValidDice(damage) ? maxRoll(parseDice(damage)) : 0;
  const over = card.result.damage.find((d) => d.damage > ceiling);
  return over ? `damage ${over.damage} above ${ceiling}` : null;
}

/**
 * Why a squad card a player's client wrote is not one its dice made, or null (`forgedProblem` calls it for a card
 * with `squad`): the attacker is a squad, the card is one shot at one target with no effect, rolled under the world's
 * profile, and its damage is at most the squad's own flat damage × the units standing now (`derived.damage.full`).
 */
export function squadCardProblem(card: AttackCardData, attacker: ActorI): string | null {
  if (!isSquad(attacker)) return "attacker";
  // No burst and no critical: a squad's card is one flat hit (review of issue 16: a forged burst block would
  // multiply its damage by the units of a squad it hits).
  const shape = gameOf(card).card.squadProblem(card);
  if (shape || ("grenade" in card && card.grenade)) return shape ?? "squad card shape";
  if (card.result.shots.some((s) => (s.outcome.critical ?? "none") !== "none")) return "critical";
  if (card.targets.length !== 1 || card.shots !== 1 || card.burst) return "one attack at one target";
  if (card.effect || (card.stunned ?? []).length) return `effect ${String(card.effect)}`;
  // Ruling 1: rolled under the world's profile (its hits go to that profile's pools).
  if (gameOf(card).profile !== currentGame().profile) return "profile";
  const ceiling = attacker.system.derived.damage?.full ?? 0;
  const over = card.result.damage.find((d) => d.damage > ceiling);
  return over ? `damage ${over.damage} above ${ceiling}` : null;
}
