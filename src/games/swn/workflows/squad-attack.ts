/**
 * A squad's attack at the table (SWN-17, seed 003 "Squads"): the Attack button of a squad's sheet, one click. The
 * squad's token on the scene attacks the user's one target: one d20 + the squad's AB (+ its side's Morale band,
 * SWN-13) against the target's AC (+ its band, + SWN-14 concealment from the lattice's obscured rays and an obscuring
 * region), none / half / full by the margin (ruling 4a), the flat damage average × units standing, rounded up
 * (ruling 4f), less hard cover's armour (SWN-15) less AP × units (`squadAttack`, rules/swn/squad-attack.ts).
 *
 * Apply — the design: the card is an `attack` card (type "attack", `system.card` an AttackCardData with one target,
 * one shot and the damage in `result.damage`), so the GM's one apply pipeline takes it as it takes every other card:
 * Apply and Undo buttons, the GM's queue, the seal, the record on the target, an swn card's hits to `system.swn.hp`
 * and a squad target's to its pool (`planCard`). Only what is drawn differs: the card carries `squad` (its numbers
 * as the card shows them) and `renderCard` draws it with `squadCardHtml` below. A card a player's client wrote is
 * checked by the GM (`forgedProblem` → `squadCardProblem`): its attacker must be a squad the author owns, one target,
 * one shot, no effect, and no more damage than the squad's own flat damage × the units standing now — a card that
 * claims more (or a squad that has since lost units) is refused, and the GM applies it by hand.
 *
 * Range is not refused (the squad's weapon has no increments in the seed: the GM judges it); the target's own armour
 * is 0 (actors carry none outside their AC under swn). Refused before a die is rolled, with a notification: no token,
 * no target or several, no units standing, a weapon with no formula, a target out of sight or behind a friendly
 * squad (meat shields), out of turn.
 */

import { bandOfToken } from "../../../canvas/morale-band.js";
import { attackTargets, readTarget } from "../../../canvas/scene-facts.js";
import { type AttackCardData, CARD_VERSION, type SquadCard } from "../../../data/chat/attack-card.js";
import { actorSystem, isSquad } from "../../../data/subtypes.js";
import { currentGame } from "../../../helpers/game.js";
import { notify, report } from "../../../helpers/report.js";
import { currentVariant } from "../../../helpers/settings.js";
import {
  bandTerms,
  concealmentTerm,
  coverArmour,
  hasHardCover,
  isMoraleBand,
  isValidDice,
  type Modifier,
  RulesError,
  sceneConcealment,
  squadAttack,
} from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { postAttackCard } from "../../../workflows/card/post-card.js";
import { recordD20Attack, turnGate } from "../../../workflows/turn/turn-ledger.js";

type ActorI = Actor.Implementation;

/** The squad's side's band (SWN-13), or null. */
const bandOf = (token: Parameters<typeof bandOfToken>[0]) => {
  const b = bandOfToken(token);
  return isMoraleBand(b) ? b : null;
};

/** The squad attacks the user's one target (one click, no dialog); the card goes to chat for the GM to apply. */
export async function squadAttackFromSheet(actor: ActorI): Promise<void> {
  try {
    if (!isSquad(actor)) return notify("warn", "FT.Attack.notAWeapon");
    if (currentGame().id !== "swn") return notify("warn", "FT.Squad.Attack.notSwn");
    const token = actor.getActiveTokens()[0];
    if (!token) return notify("warn", "FT.Attack.noToken");
    const sys = actor.system;
    const name = actor.name ?? "";
    const formula = sys.weapon.formula.trim();
    if (!formula || !isValidDice(formula)) return notify("warn", "FT.Squad.Attack.noFormula", { name });
    const units = sys.derived.living;
    if (units <= 0) return notify("warn", "FT.Squad.Attack.noUnits", { name });
    const targets = attackTargets();
    if (targets.length !== 1) return notify("warn", "FT.Squad.Attack.oneTarget");
    const target = targets[0]!;
    const defender = target.actor;
    if (!defender || target.id === token.id) return notify("warn", "FT.Squad.Attack.oneTarget");
    // The target's AC: a squad's own, or a character's or creature's SWN block (ruling 1).
    const targetAc = isSquad(defender) ? defender.system.swn.ac : actorSystem(defender)?.swn?.ac;
    if (typeof targetAc !== "number") throw new RulesError("FT.SWN.noFacts", "No SWN numbers", {});
    const combatant = game.combat?.combatants.find((c) => c.tokenId === token.id);
    if (!turnGate(actor, null, combatant)) return;
    const scene = await readTarget(token, target, "m");
    const facts = scene.input.facts;
    if (!facts.visible) return notify("warn", "FT.Squad.Attack.outOfSight", { target: facts.name });
    // SWN-17 meat shields: a squad friendly to the target in the line of fire — no direct attack at it (as the swn
    // profile refuses a weapon's, rules/d20/engine.ts).
    const shield = facts.d20?.swn?.shieldedBy;
    if (shield)
      throw new RulesError("FT.SWN.Squad.meatShield", `${shield} shields ${facts.name}`, {
        squad: shield,
        target: facts.name,
      });
    // SWN-14, ruling 5: the highest of the rays the walls obscure (the squad's lattice: the cover all of it has)
    // and an obscuring region's miss chance mapped — as the swn profile reads them (rules/d20/engine.ts).
    const l = facts.d20?.lattice;
    const concealment = sceneConcealment(l, facts.d20?.missChance ?? 0);
    // SWN-15, ruling 4g: hard cover's armour against the squad's weapon (its TL, +1 if heavy).
    const coverTerm = hasHardCover(l)
      ? coverArmour(l?.materials ?? [], { tl: sys.weapon.tl, heavy: sys.weapon.heavy })
      : null;
    const acTerms: Modifier[] = [...bandTerms(bandOf(target)).ac];
    const hidden = concealmentTerm(concealment);
    if (hidden) acTerms.push(hidden);
    const roll = await new Roll("1d20").evaluate();
    const natural = roll.total ?? 1;
    const r = squadAttack({
      natural,
      ab: sys.swn.ab,
      terms: bandTerms(bandOf(token)).attack,
      targetAc,
      acTerms,
      targetArmor: 0,
      formula,
      units,
      ap: sys.weapon.ap,
      coverArmour: coverTerm?.value ?? 0,
    });
    // An NPC's numbers stay off the card (R1-5): the squad's AB and terms, the target's AC.
    const secretSquad = keepsNumbersSecret(actor);
    const secretTarget = keepsNumbersSecret(defender);
    const shown = [
      ...(secretSquad ? [] : r.terms.slice(1)),
      ...(secretTarget ? [] : r.acTerms.slice(1)),
      ...(coverTerm && !secretTarget ? [coverTerm] : []),
    ].map((m) => ({ label: m.label, value: m.value, ruleId: m.ruleId }));
    const squad: SquadCard = {
      name,
      targetName: facts.name,
      weapon: sys.weapon.name || formula,
      natural,
      bonus: secretSquad ? null : r.total - natural,
      total: secretSquad ? null : r.total,
      ac: secretTarget ? null : r.ac,
      hit: r.hit,
      natural20: natural === 20,
      formula,
      average: r.average,
      units,
      full: r.full,
      flat: r.flat,
      cover: r.cover,
      damage: r.damage,
      terms: shown,
    };
    const card: AttackCardData & { squad: SquadCard } = {
      version: CARD_VERSION,
      sceneId: token.document.parent?.id ?? null,
      rangeUnit: "m",
      engine: "d20",
      profile: "swn",
      variant: currentVariant(),
      actorUuid: actor.uuid,
      weaponId: null,
      weaponName: squad.weapon,
      kind: "other",
      effect: null,
      burst: false,
      shots: 1,
      powerSetting: null,
      targets: [
        {
          id: facts.id,
          name: facts.name,
          distance: facts.distance,
          band: null,
          cover: facts.cover,
          coverReason: null,
          modifiers: [],
          chance: 0,
          column: null,
          problem: null,
        },
      ],
      burstCheck: null,
      d100: [natural],
      damageDice: [[]],
      result: {
        shots: [
          {
            targetId: facts.id,
            outcome: {
              engine: "d20",
              roll: natural,
              chance: 0,
              hit: r.hit !== "none",
              auto: natural === 20 ? "hit" : null,
              strayHit: false,
              colour: null,
              damageFraction: r.hit === "half" ? 0.5 : r.hit === "full" ? 1 : 0,
              band: null,
            },
            damage: r.damage,
            formula,
          },
        ],
        burst: null,
        damage: [{ targetId: facts.id, damage: r.damage }],
      },
      spent: null,
      applied: [],
      squad,
    };
    await postAttackCard(card, [roll], { actor, token: token.document });
    // SW-13: it was the round's attack action (a combat by count).
    await recordD20Attack(combatant);
  } catch (e) {
    report(e);
  }
}
