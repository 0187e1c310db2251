/**
 * Melee in Foundry (rules-tables §6, `RT-6`): a punch from the character's combat tab, or the Attack button of a
 * melee weapon. (The Throw button of a knife or spear, SF-X-38, is attack.ts `throwWeapon`: a thrown weapon's attack.)
 *
 * The melee attack goes through the attack flow (`runAttack`) with a melee engine: its modifiers are §6's (the
 * user picks the situation in a dialog, the system applies them), its one check hits on a d100 at or under the
 * chance, and the card it posts is the attack card the GM's Apply already applies (authority, seal, card data). A
 * punch has no weapon item: its card says `bareHands`, and the GM bounds its damage by the attacker's Strength and
 * Martial Arts (`bareHandsProblem`). Everything that refuses the attack (no target, beyond 2 m, a weapon whose
 * numbers are missing, no power) does so before a die is rolled or an SEU spent.
 */
import { attackTargets, readTarget } from "../../canvas/scene-facts.js";
import type { AttackCardData } from "../../data/chat/attack-card.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { factsOf } from "../../data/item/facts.js";
import { type FrontierActorType, isFrontierActor, isItemType } from "../../data/subtypes.js";
import { currentGame } from "../../helpers/game.js";
import { notify, report } from "../../helpers/report.js";
import { pickedRollMode, type RollMode, rollModeSelectHTML } from "../../helpers/roll-mode.js";
import { currentVariant } from "../../helpers/settings.js";
import {
  bareHandAttacks,
  bareHandDamage,
  type Check,
  checkMeleeReach,
  checkMeleeWeapon,
  createAlphaDawnEngine,
  DEFAULT_DECLARATIONS,
  dieOf,
  MELEE_REACH_M,
  MELEE_SITUATION_TABLE,
  MELEE_SITUATIONS,
  type MeleeSituation,
  type Modifier,
  meleeChance,
  meleeHits,
  meleeModifiers,
  type ResolutionEngine,
  type WeaponFacts,
} from "../../rules/index.js";
import { martialArtsLevel, raceOf } from "../card/card-bounds.js";
import { keepsNumbersSecret, rollFormula, withoutAttackerNumbers } from "../card/card-render.js";
import { postAttackCard } from "../card/post-card.js";
import { gateAttack } from "../turn/attack-gate.js";
import { turnGate } from "../turn/turn-ledger.js";
import { type AttackPorts, runAttack } from "./attack-flow.js";
import type { AttackOptions } from "./attack-options.js";
import type { AmmoState, AttackRequest } from "./attack-plan.js";
import { ammoState, attackerFacts } from "./attacker.js";

type ActorI = Actor.Implementation;
type ItemI = Item.Implementation;
type FrontierActorI = Actor.OfType<FrontierActorType>;

export interface MeleeOptions extends AttackOptions {
  /** Situation modifiers picked without the dialog (a macro, or a fast attack that still wants them). */
  readonly situations?: readonly MeleeSituation[];
}

const t = (key: string) => game.i18n?.localize(key) ?? key;

/** A punch as weapon facts: damage by Strength + Martial Arts (RT-6), reach 2 m, no ammunition. */
export function punchFacts(name: string, str: number, martialArts: number, attacks = 1): WeaponFacts {
  return {
    name,
    skill: "melee",
    heavy: false,
    ranges: { pb: MELEE_REACH_M, s: null, m: null, l: null, e: null },
    // Bare-hand attacks a turn, one per arm–leg pair (RT-6): the turn ledger counts them as a weapon's shots.
    rof: attacks,
    burst: null,
    damage: { formula: String(bareHandDamage(str, martialArts)) },
    kind: "melee",
    blastRadius: 0,
  };
}

/**
 * An engine that rolls one d100 at or under the sum of its modifiers (no automatic hit or miss) and deals damage as
 * the Alpha Dawn engine rolls it: melee (§6) and a creature's natural attack (creature-attack.ts) differ only in
 * their modifiers and whether the target can be reached.
 */
export function d100Engine(
  modifiersOf: (facts: Parameters<ResolutionEngine["attackModifiers"]>[0]) => Modifier[],
  reaches: (facts: Parameters<ResolutionEngine["attackModifiers"]>[0]) => boolean = () => true,
): ResolutionEngine {
  const base = createAlphaDawnEngine();
  return {
    id: "alphaDawn",
    reads: base.reads,
    initiative: base.initiative,
    attackModifiers: (facts) => modifiersOf(facts),
    targetModifiers: () => [],
    check(facts, modifiers, options): Check {
      const inReach = reaches(facts);
      return {
        engine: "alphaDawn",
        kind: "percentile",
        modifiers,
        chance: meleeChance(modifiers),
        band: inReach ? "pb" : null,
        inRange: inReach,
        possible: inReach,
        cannotMiss: false,
        crowd: false,
        variant: options.variant,
        stray: false,
      };
    },
    // One d100, nothing more: melee and natural attacks have no stray shot.
    nextDie: (_check, dice) =>
      typeof dice.d100 === "number" ? null : { key: "d100", formula: "1d100", ruleId: "RT-6" },
    resolve(check, dice) {
      const roll = dieOf(dice, "d100");
      const hit = meleeHits(roll, check.chance);
      return {
        engine: "alphaDawn",
        roll,
        chance: check.chance,
        hit,
        auto: null,
        strayHit: false,
        colour: null,
        damageFraction: hit ? 1 : 0,
        band: check.band,
      };
    },
    damageFormula: (weapon, check, power) => base.damageFormula(weapon, check, power),
    damage: (outcome, weapon, dice, power) => base.damage(outcome, weapon, dice, power),
  };
}

/** The melee engine: §6's modifiers in place of the ranged ones, the band "pb" within 2 m (none beyond). */
export function meleeEngine(input: {
  str: number;
  dex: number;
  bareHands: boolean;
  skillLevel: number;
  weaponModifier: number | null;
  situations: readonly MeleeSituation[];
}): ResolutionEngine {
  return d100Engine(
    () => meleeModifiers(input),
    (facts) => facts.target.distance <= MELEE_REACH_M,
  );
}

/** The situation the user picks (S: the user picks, the system applies); null when cancelled. */
async function pickSituation(
  title: string,
  preset: readonly MeleeSituation[],
): Promise<{ situations: MeleeSituation[]; rollMode: RollMode } | null> {
  const rows = MELEE_SITUATIONS.map((s) => {
    const v = MELEE_SITUATION_TABLE[s].value;
    const checked = preset.includes(s) ? " checked" : "";
    return `<label class="ft-check"><input type="checkbox" name="situation" value="${s}"${checked}> ${t(
      `FT.Melee.situation.${s}`,
    )} (${v > 0 ? "+" : ""}${v})</label>`;
  }).join("");
  const result = await foundry.applications.api.DialogV2.prompt({
    window: { title },
    // Review-ux 2.2: the roll mode, as every other attack dialog offers it (helpers/roll-mode.ts).
    content: `<fieldset class="ft-melee-situation"><legend>${t("FT.Melee.situationLegend")}</legend>${rows}</fieldset>${rollModeSelectHTML(t("FT.UX.rollMode"))}`,
    ok: {
      label: t("FT.Melee.roll"),
      callback: (_ev: Event, button: HTMLButtonElement) => ({
        situations: [...(button.form?.querySelectorAll<HTMLInputElement>('input[name="situation"]') ?? [])]
          .filter((i) => i.checked)
          .map((i) => i.value as MeleeSituation),
        rollMode: pickedRollMode(button.form?.querySelector<HTMLSelectElement>('[name="rollMode"]')?.value),
      }),
    },
  });
  return result && typeof result === "object" && "situations" in result
    ? (result as { situations: MeleeSituation[]; rollMode: RollMode })
    : null;
}

const NO_AMMO: AmmoState = {
  unit: "none",
  perShot: 0,
  perSeu: false,
  remaining: null,
  capacity: null,
  sourceId: "",
};

/**
 * A melee attack: with bare hands when `item` is null, else with the melee weapon. One target within 2 m (token
 * distance on the scene's grid); refused with the reason, before anything is rolled or spent, otherwise.
 */
export async function meleeAttack(
  actor: ActorI,
  item: ItemI | null,
  options: MeleeOptions = {},
): Promise<void> {
  try {
    // Issue 30: a bare-hand attack is the game's own (its table's `unarmed`); a game without one in play says so
    // before anything is read, rolled or spent — a d20 or SWN world never rolls the Star Frontiers d100 melee.
    const unarmed = currentGame().unarmed;
    if (!item && unarmed.kind === "none")
      return notify("warn", unarmed.notice, { game: game.i18n?.localize(currentGame().label) ?? "" });
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    if (!isFrontierActor(actor)) return notify("warn", "FT.Attack.notAWeapon");
    const targets = attackTargets();
    if (targets.length === 0) return notify("warn", "FT.Error.noTarget");
    if (targets.length > 1) return notify("warn", "FT.Melee.oneTarget");
    // SF-X-01: melee is resolved in the side's resolve phase; SF-B-15, SF-X-40: not while unconscious or stunned;
    // the attacks of the turn are counted with the shots (turn-ledger.ts, phase-gate.ts).
    const gate = gateAttack(token, targets, 1);
    if (!gate) return;
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    const turn = turnGate(actor, item, combatant);
    if (!turn) return;
    const weaponItem = item && isItemType(item, "weapon") ? item : null;
    if (item && !weaponItem) return notify("warn", "FT.Attack.notAWeapon");
    const sys: WeaponSystem | null = weaponItem ? weaponItem.system : null;
    const bareHands = !weaponItem;
    const name = weaponItem?.name ?? t("FT.Melee.punch");
    if (sys) checkMeleeWeapon(name, { formula: sys.damage.formula, modifier: sys.meleeModifier ?? null });
    const scene = await readTarget(token, targets[0]!, "m");
    checkMeleeReach(scene.input.facts.distance, scene.input.facts.name);
    const a = actor as FrontierActorI;
    const str = a.system.abilities.str?.value ?? 0;
    const dex = a.system.abilities.dex?.value ?? 0;
    const ma = martialArtsLevel(actor);
    const skillLevel = bareHands ? ma : (a.system.derived?.skills?.melee ?? 0);
    const wounded = !!a.system.derived?.wounded;
    const preset: MeleeSituation[] = options.situations
      ? [...options.situations]
      : wounded
        ? ["wounded"]
        : [];
    const picked = options.fast
      ? { situations: preset, rollMode: undefined }
      : await pickSituation(name, preset);
    if (!picked) return;
    const { situations, rollMode } = picked;
    const weapon = sys
      ? { ...factsOf(name, sys), skill: "melee" as const }
      : punchFacts(name, str, ma, bareHandAttacks(raceOf(a)));
    const request: AttackRequest = {
      engine: meleeEngine({
        str,
        dex,
        bareHands,
        skillLevel,
        weaponModifier: sys?.meleeModifier ?? null,
        situations,
      }),
      variant: currentVariant(),
      attacker: { ...attackerFacts(a, sys ?? ({ skill: "melee" } as WeaponSystem), token), skillLevel },
      weapon,
      ammo: weaponItem ? ammoState(actor, weaponItem) : NO_AMMO,
      targets: [scene.input],
      declarations: { ...DEFAULT_DECLARATIONS, powerSetting: null },
    };
    // A powered melee weapon uses its SEU per hit (rules-tables §5.5): the spend waits for the outcome.
    let pending: { sourceId: string; remaining: number } | null = null;
    const ports: AttackPorts<Roll> = {
      confirm: async (prep) => prep.request,
      roll: rollFormula,
      spendAmmo: async (sourceId, remaining) => {
        pending = { sourceId, remaining };
      },
      createCard: async (card, rolls) => {
        const hit = card.result.shots.some((s) => s.outcome.hit);
        const spend = hit ? pending : null;
        if (spend) {
          const holder = actor.items.get(spend.sourceId);
          const left = Math.max(0, spend.remaining);
          if (holder)
            await holder.update(
              holder.id === weaponItem?.id
                ? { system: { ammo: { remaining: left } } }
                : { system: { remaining: left } },
            );
        }
        let final: AttackCardData = {
          ...card,
          spent: spend ? card.spent : null,
          ...(bareHands ? { bareHands } : {}),
        };
        if (keepsNumbersSecret(actor)) final = withoutAttackerNumbers(final);
        return postAttackCard(final, rolls, { actor, token: token.document, rollMode });
      },
    };
    await runAttack(request, turn.ports(ports, gate.flags), {
      actorUuid: actor.uuid,
      weaponId: weaponItem?.id ?? null,
      fast: true,
      effect: sys?.effect || null,
      sceneId: token.document.parent?.id ?? null,
      rangeUnit: "m",
    });
  } catch (e) {
    report(e);
  }
}
