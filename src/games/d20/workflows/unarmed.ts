/**
 * SW-20 (issue 31): the Star Wars d20 unarmed strike, the sheet's _Punch_ (the table's `unarmed`, helpers/game.ts).
 * Seed 002, "Unarmed Attacks": "Striking for damage with punches, kicks, and head butts is essentially like attacking
 * with a weapon" — so it is rolled by the attack flow as a melee weapon's attack (d20 + BAB + Str + size against
 * Defense, SW-04; Strength to damage, SW-07), its card Applied to vitality and wounds like any other. "An unarmed
 * strike by a Medium-size character deals 1d3 points of damage. An unarmed strike by a Small character deals 1d2
 * points of damage. An unarmed strike by a Large character deals 1d4 points of damage. You can't score a critical
 * hit with an unarmed strike unless you have the Martial Arts feat." The sheets keep no Martial Arts feat: the strike
 * never threatens (`unarmed` on its facts, engine.ts). A size the seed gives no damage for is refused by name.
 * The strike provokes an attack of opportunity from an armed foe: the attack dialog's own warning (SW-25).
 */
import type { AttackCardData } from "../../../data/chat/attack-card.js";
import { d20WeaponFacts, type WeaponSystem, weaponFacts } from "../../../data/item/facts.js";
import { WEAPON_SPEC } from "../../../data/item/specs.js";
import { initialData } from "../../../data/spec.js";
import { actorSystem } from "../../../data/subtypes.js";
import type { UnarmedStrike, UnarmedWeapon } from "../../../helpers/game.js";
import { D20_SIZES, iterativeBonuses, RulesError, unarmedDamage } from "../../../rules/index.js";
import { formulaMax } from "../../../workflows/card/card-data.js";

type ActorI = Actor.Implementation;

/** The attacker's size and Strength modifier (its sheet's, after fatigue), or null for an actor without d20 numbers. */
function sizeAndStr(actor: ActorI): { size: string; strMod: number } | null {
  const sys = actorSystem(actor);
  if (!sys || !("d20" in sys)) return null;
  return { size: sys.d20.size, strMod: sys.derived?.d20?.mods.str ?? 0 };
}

/** SW-20: the strike's damage dice for the actor's size, or null where the seed gives none. */
function dice(actor: ActorI): string | null {
  const size = D20_SIZES.find((s) => s === sizeAndStr(actor)?.size);
  return size ? unarmedDamage(size) : null;
}

/** SW-20: the strike as a melee weapon with no item (1d3 for a Medium-size attacker …), or why there is none. */
export function d20UnarmedWeapon(actor: ActorI): UnarmedWeapon | RulesError {
  const damage = dice(actor);
  const name = game.i18n?.localize("FT.D20.Unarmed.name") ?? "Unarmed strike";
  if (!damage)
    return new RulesError("FT.D20.Unarmed.noSize", `No unarmed damage for size ${sizeAndStr(actor)?.size}`, {
      size: sizeAndStr(actor)?.size ?? "?",
    });
  const base = initialData(WEAPON_SPEC.fields);
  const system: WeaponSystem = {
    ...base,
    skill: "melee",
    kind: "melee",
    ammo: { ...base.ammo, unit: "none", perShot: 0 },
    d20: { ...base.d20, attack: "melee", damage, threat: 20, critMultiplier: 1, twoHanded: false },
  };
  // "Unarmed strikes count as light weapons" (smaller than the wielder); no critical hit (SW-20).
  const facts = weaponFacts(name, system);
  return {
    name,
    system,
    facts: { ...facts, d20: { ...d20WeaponFacts(system), smallerThanWielder: true, unarmed: true } },
  };
}

/**
 * The GM's bound of a player's strike card (card-gm.ts): melee, no effect, no off hand, no critical (SW-20), no more attack rolls than the
 * attacker's iterative attacks (SW-22: a full attack of strikes), each at one of the card's targets, and no target
 * hurt more than the strike's dice at their highest plus the attacker's Strength bonus, once per attack roll.
 */
function cardProblem(card: AttackCardData, attacker: ActorI): string | null {
  if (card.kind !== "melee") return `damage kind ${card.kind}`;
  if (card.effect) return `effect ${String(card.effect)}`;
  if (card.offHandWeaponId) return "off hand";
  // SW-20, seed 002: "You can't score a critical hit with an unarmed strike" (trust review 2.5: a forged "confirmed"
  // would send the damage to wound points, SW-18).
  if (card.result.shots.some((s) => (s.outcome.critical ?? "none") !== "none"))
    return "no critical with an unarmed strike (SW-20)";
  const sys = actorSystem(attacker);
  const most = sys && "d20" in sys ? iterativeBonuses(sys.d20.bab).length : 1;
  if (card.shots < 1 || card.shots > most) return `${card.shots} unarmed strikes, at most ${most}`;
  if (card.targets.length > card.shots) return "more targets than strikes";
  const damage = dice(attacker);
  if (!damage) return "no unarmed damage for the attacker's size";
  const ceiling = (formulaMax(damage) + Math.max(0, sizeAndStr(attacker)?.strMod ?? 0)) * card.shots;
  const over = card.result.damage.find((d) => d.damage > ceiling);
  return over ? `damage ${over.damage} above ${ceiling}` : null;
}

/** The Punch button's tooltip: the strike's dice and Strength. */
function hint(actor: ActorI): string {
  const damage = dice(actor);
  return damage
    ? (game.i18n?.format("FT.D20.Unarmed.hint", { damage }) ?? damage)
    : (game.i18n?.localize("FT.D20.Unarmed.hintNoSize") ?? "");
}

export const d20Unarmed: UnarmedStrike = { kind: "strike", weapon: d20UnarmedWeapon, hint, cardProblem };
