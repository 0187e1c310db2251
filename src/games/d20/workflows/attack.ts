/**
 * The Star Wars d20 game's attack section (issue 30; workflows/attack/game-attack.ts): the weapons the d20 engine
 * refuses before anything is spent (issue 14; SW-06, SW-38, ruling 2), the off hand and first plan of a full attack
 * (SW-22, SW-35, SW-36, SW-02), the grenadelike weapon thrown at a square (SW-38) and the special attacks of the
 * sheet (SW-41). SWN plays on the same engine and builds its section from these pieces (src/games/swn/index.ts).
 */
import type { WeaponSystem } from "../../../data/item/facts.js";
import { factsOf } from "../../../data/item/facts.js";
import { isItemType } from "../../../data/subtypes.js";
import type { MarkChange } from "../../../documents/combatant.js";
import { RulesError, type WeaponFacts } from "../../../rules/index.js";
import type { AttackRequest, OffHandOption, StepRequest } from "../../../workflows/attack/attack-plan.js";
import { ammoState } from "../../../workflows/attack/attacker.js";
import type { GameAttack, GameSpecials, SquareThrow } from "../../../workflows/attack/game-attack.js";
import type { d20GrenadeCard } from "./d20-grenade.js";

type ActorI = Actor.Implementation;
type WeaponI = Item.OfType<"weapon">;

/**
 * What the d20 engine cannot roll without (issue 14's bad input): a ranged weapon with no range increment (SW-06;
 * the engine would take it for a melee weapon) and a weapon without d20 damage dice (ruling 2: numbers the sources
 * do not give stay empty until the GM enters them).
 */
export function d20WeaponNumbersProblem(name: string, s: WeaponSystem): RulesError | null {
  if (s.d20.attack !== "melee" && s.d20.rangeIncrement === null)
    return new RulesError("FT.D20UI.noRangeIncrement", `${name} has no d20 range increment`, {
      weapon: name,
    });
  // Issue 32: a weapon whose damage its source gives as no dice (RCR Table 7-2: stun grenade "— (stun only)", net,
  // electro-net, combat gloves) attacks: the GM is not asked to invent dice, and its card says its effect is the GM's.
  if (!s.d20.damage && !d20EffectOnly(s))
    return new RulesError("FT.D20UI.noDamage", `${name} has no d20 damage dice`, { weapon: name });
  return null;
}

/**
 * Issue 32: a weapon whose source gives it no damage dice (`noDamageDice`, set on the compendium's rows): it attacks,
 * rolls no damage, and the card leaves its effect to the GM. Any other weapon without dice is one the GM has not
 * finished: refused as before.
 */
export function d20EffectOnly(s: WeaponSystem): boolean {
  return !s.d20.damage && s.d20.noDamageDice;
}

/** The grenade numbers a game needs before a throw (SW-38: radius and Reflex DC; SWN-16: the radius). */
type GrenadeField = "burstRadius" | "reflexDC";

/**
 * SW-38: a grenade's burst radius and Reflex DC are the grenade's own (ruling 2: never guessed); `needs` names the
 * fields a game's burst reads (SWN-16's save is the creature's own Evasion save: no DC).
 */
export function d20GrenadeProblem(
  name: string,
  s: WeaponSystem,
  needs: readonly GrenadeField[] = ["burstRadius", "reflexDC"],
): RulesError | null {
  if (s.d20.grenade && s.d20.attack === "thrown")
    for (const field of needs)
      if (s.d20[field] === null)
        return new RulesError("FT.D20.Grenade.missingField", `${name} has no ${field}`, {
          field: game.i18n?.localize(`FT.D20.Item.${field}`) ?? field,
        });
  return null;
}

/** The d20 weapon refused before anything is spent, or null. */
function weaponProblem(name: string, s: WeaponSystem): RulesError | null {
  // Issue 32: a grenade that rolls no damage (the stun grenade: "no Reflex save") needs no Reflex DC.
  return (
    d20WeaponNumbersProblem(name, s) ??
    d20GrenadeProblem(name, s, d20EffectOnly(s) ? ["burstRadius"] : undefined)
  );
}

/**
 * SW-22: what the attacker may fight with in the off hand — its other weapons the engine can roll (no grenade), and
 * the other end of the attack's own double weapon.
 */
export function offHandsBy(problem: GameAttack["weaponProblem"]): GameAttack["offHands"] {
  return (actor: ActorI, item: WeaponI): OffHandOption[] => {
    const out: OffHandOption[] = [];
    if (item.system.d20.double)
      out.push({
        id: "double",
        name: game.i18n?.format("FT.D20.FullAttack.doubleEnd", { name: item.name ?? "" }) ?? item.name ?? "",
        weapon: factsOf(item.name ?? "", item.system),
        ammo: ammoState(actor, item),
        double: true,
      });
    for (const other of actor.items) {
      if (other.id === item.id || !isItemType(other, "weapon")) continue;
      const s = other.system;
      if (s.d20.grenade || problem(other.name ?? "", s)) continue;
      out.push({
        id: other.id ?? "",
        name: other.name ?? "",
        weapon: factsOf(other.name ?? "", s),
        ammo: ammoState(actor, other),
        double: false,
      });
    }
    return out;
  };
}

/** The dialog's first full attack and fire mode (SW-22, SW-35, SW-36): a mode only for several targets. */
export function firstPlan(sys: WeaponSystem, targets: number, surpriseRound: boolean): StepRequest {
  const fire = sys.d20.fire;
  const mode =
    targets > 1 || !fire.single ? (fire.auto ? "autofire" : fire.multi ? "multifire" : "single") : "single";
  return { fullAttack: targets > 1 || mode !== "single", mode, surpriseRound };
}

/** What writes a burst's card (d20-grenade.ts `d20GrenadeCard`, or a game's own over it). */
export type BurstCardWriter = (
  card: Parameters<typeof d20GrenadeCard>[0],
  from: Parameters<typeof d20GrenadeCard>[1],
  aimed: Parameters<typeof d20GrenadeCard>[2],
  grenade: Parameters<typeof d20GrenadeCard>[3],
  formula: string,
  rolls: Roll[],
) => ReturnType<typeof d20GrenadeCard>;

/**
 * The Reflex DC a burst's card carries for the weapon's (null: not entered), or null when the game cannot throw without
 * it. The d20 game carries the weapon's own; the GM's check of a player's card asks the same (card-checks.ts).
 */
export type BurstDc = (weaponDc: number | null) => number | null;

/**
 * SW-38: a d20 grenadelike weapon is thrown at the square where the target stands; its card is the burst's
 * (d20-grenade.ts). `extra` adds a profile's own numbers to the burst (SWN-15, SWN-16); `writer` loads the function
 * that writes the burst's card — the d20 rules' by default, a game's own ways over it (SWN-16, games/swn).
 */
export function squareThrowWith(
  extra: (weapon: WeaponFacts) => { readonly swn?: NonNullable<WeaponFacts["d20"]>["swn"] },
  writer: () => Promise<BurstCardWriter> = async () => (await import("./d20-grenade.js")).d20GrenadeCard,
  dcOf: BurstDc = (dc) => dc,
): GameAttack["squareThrow"] {
  return (weapon: WeaponFacts): SquareThrow | null => {
    const square = weapon.d20?.grenade;
    if (!square) return null;
    const dc = dcOf(square.reflexDC);
    return {
      card: async (card, from, aimed, sys, rolls, rollMode) =>
        // The weapon problem refused a grenade without its radius (or, where the game reads it, its DC) before
        // anything was spent.
        square.burstRadius !== null && dc !== null
          ? // The burst's card is written by d20-grenade.ts (or the game's), loaded with the first thrown grenade.
            (await writer())(
              card,
              from,
              aimed,
              {
                burstRadius: square.burstRadius,
                reflexDC: dc,
                increment: sys.d20.rangeIncrement ?? 0,
                ...extra(weapon),
                ...(rollMode ? { rollMode } : {}),
              },
              sys.d20.damage,
              rolls,
            )
          : card,
    };
  };
}

/** SW-41: the special attacks of the sheet (special.ts, loaded when first clicked). */
export const d20Specials: GameSpecials = {
  async attack(actor, kind) {
    const { SPECIAL_ATTACKS, specialAttack } = await import("./special.js");
    const known = SPECIAL_ATTACKS.find((k) => k === kind);
    if (known) await specialAttack(actor, known);
  },
  async strikeObject(actor) {
    await (await import("./special.js")).strikeObject(actor);
  },
};

/**
 * SW-21, SW-23: a charge's −2 Defense and fighting defensively's +2 dodge are the attacker's "for 1 round (until your
 * next action)": kept on its Combatant's `defending` mark, which every later attacker's facts read.
 */
export function keeps(request: AttackRequest, round: number): MarkChange | null {
  const a = request.attacker.d20;
  if (!a?.charging && !a?.fightingDefensively) return null;
  return {
    defending: {
      round,
      totalDefense: false,
      fightingDefensively: !!a.fightingDefensively,
      charging: !!a.charging,
      // SW-42 (fixaim): the GM's aiming mark is absent (aiming is a full-round action, never the round it attacks).
      aiming: undefined,
    },
  };
}

export const d20Attack: GameAttack = {
  weaponProblem,
  offHands: offHandsBy(weaponProblem),
  firstPlan,
  squareThrow: squareThrowWith(() => ({})),
  // SW-10 (issue 31): a disabled attacker's strain (dying.ts, loaded with it).
  // SW-10: a disabled attacker's strain is the active GM's write when it admits the card (card.ts `admitted`).
  keeps,
};
