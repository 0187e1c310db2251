/**
 * A creature's natural attack (issue 13): the Attack button of a creature's sheet, one click like a character's
 * weapon. It goes through the attack flow (`runAttack`) with its own engine, as melee does (melee.ts): the chance
 * is the creature's `attack` score plus the TARGET's size (SF-X-25: size is the target's, never the attacker's);
 * one d100 at or under it hits (a natural attack is melee-like: rules-tables §6 names no automatic hit or miss);
 * the damage is the creature's `damage` formula, rolled as the Alpha Dawn engine rolls a weapon's. The card it posts
 * is the attack card the GM seals and applies; a card a player's client wrote for a creature they own is bounded by
 * the creature's own formula (`creatureProblem`).
 *
 * Reach: the sources (seed 000, rules-tables §6) give creatures no reach, so distance is not refused here — the GM
 * judges it, as for a large creature's reach (SW-28 is the d20 rule, not Alpha Dawn's). Refused before a die is
 * rolled: no token, no target or more than one, out of phase or turn (phase-gate.ts, turn-ledger.ts), and a damage
 * that is blank or not a formula (SF-B-16).
 */
import { attackTargets, readTarget } from "../../canvas/scene-facts.js";
import type { AttackCardData } from "../../data/chat/attack-card.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { isFrontierActor } from "../../data/subtypes.js";
import { notify, report } from "../../helpers/report.js";
import { currentVariant } from "../../helpers/settings.js";
import {
  ALPHA_DAWN_TABLE,
  DEFAULT_DECLARATIONS,
  isValidDice,
  MELEE_RULE,
  type Modifier,
  type ResolutionEngine,
  RulesError,
  type WeaponFacts,
} from "../../rules/index.js";
import { keepsNumbersSecret, rollFormula, withoutAttackerNumbers } from "../card/card-render.js";
import { postAttackCard } from "../card/post-card.js";
import { gateAttack } from "../turn/attack-gate.js";
import { turnGate } from "../turn/turn-ledger.js";
import { type AttackPorts, runAttack } from "./attack-flow.js";
import type { AmmoState, AttackRequest } from "./attack-plan.js";
import { attackerFacts } from "./attacker.js";
import { d100Engine } from "./melee.js";

type ActorI = Actor.Implementation;

const NO_AMMO: AmmoState = {
  unit: "none",
  perShot: 0,
  perSeu: false,
  remaining: null,
  capacity: null,
  sourceId: "",
};

/** The creature's attack as weapon facts: its damage formula, melee kind, one attack a turn, no ammunition. */
export function creatureWeapon(name: string, damage: string): WeaponFacts {
  return {
    name,
    skill: "melee",
    heavy: false,
    ranges: { pb: null, s: null, m: null, l: null, e: null },
    rof: 1,
    burst: null,
    damage: { formula: damage },
    kind: "melee",
    blastRadius: 0,
  };
}

/** The creature's chance: its attack score, and the target's size (SF-X-25). */
export function creatureModifiers(
  attack: number,
  targetSize: keyof typeof ALPHA_DAWN_TABLE.size,
): Modifier[] {
  const mods: Modifier[] = [
    { id: "creatureAttack", label: "FT.Creature.attack", value: attack, ruleId: MELEE_RULE },
  ];
  const size = ALPHA_DAWN_TABLE.size[targetSize] ?? 0;
  if (size !== 0) mods.push({ id: "size", label: `FT.Size.${targetSize}`, value: size, ruleId: "SF-X-25" });
  return mods;
}

/** The creature engine: the chance above, a hit on a d100 at or under it; damage as the Alpha Dawn engine rolls. */
export function creatureEngine(attack: number): ResolutionEngine {
  return d100Engine((facts) => creatureModifiers(attack, facts.target.size));
}

/** Refuses a creature whose damage cannot be rolled (SF-B-16), before anything is rolled. */
export function checkCreatureDamage(name: string, damage: string): void {
  if (!damage)
    throw new RulesError("FT.Creature.noDamage", `${name} has no damage formula`, { name, formula: "" });
  if (!isValidDice(damage))
    throw new RulesError("FT.Creature.badDamage", `"${damage}" is not a damage formula`, {
      name,
      formula: damage,
    });
}

/** The creature attacks the user's one target (one click, no dialog); the card goes to chat for the GM to apply. */
export async function creatureAttack(actor: ActorI): Promise<void> {
  try {
    if (!isFrontierActor(actor) || actor.type !== "creature") return notify("warn", "FT.Attack.notAWeapon");
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    const sys = actor.system as unknown as { attack: number; damage: string };
    const name = actor.name ?? "";
    checkCreatureDamage(name, sys.damage);
    const targets = attackTargets();
    if (targets.length === 0) return notify("warn", "FT.Error.noTarget");
    if (targets.length > 1) return notify("warn", "FT.Melee.oneTarget");
    const gate = gateAttack(token, targets, 1);
    if (!gate) return;
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    const turn = turnGate(actor, null, combatant);
    if (!turn) return;
    const scene = await readTarget(token, targets[0]!, "m");
    const request: AttackRequest = {
      engine: creatureEngine(sys.attack),
      variant: currentVariant(),
      attacker: { ...attackerFacts(actor, { skill: "melee" } as WeaponSystem, token), skillLevel: 0 },
      weapon: creatureWeapon(name, sys.damage),
      ammo: NO_AMMO,
      targets: [scene.input],
      declarations: { ...DEFAULT_DECLARATIONS, powerSetting: null },
    };
    const ports: AttackPorts<Roll> = {
      confirm: async (prep) => prep.request,
      roll: rollFormula,
      spendAmmo: async () => {},
      createCard: async (card, rolls) => {
        let final: AttackCardData = { ...card, spent: null, creature: true };
        if (keepsNumbersSecret(actor)) final = withoutAttackerNumbers(final);
        return postAttackCard(final, rolls, { actor, token: token.document });
      },
    };
    await runAttack(request, turn.ports(ports, gate.flags), {
      actorUuid: actor.uuid,
      weaponId: null,
      fast: true,
      effect: null,
      sceneId: token.document.parent?.id ?? null,
      rangeUnit: "m",
    });
  } catch (e) {
    report(e);
  }
}
