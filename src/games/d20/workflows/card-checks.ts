/**
 * Issue 30: the GM's checks of a player's d20 card against the weapon it names (card-gm.ts `weaponProblem` asks the
 * card's game): the off hand's weapon (SW-22), the profile it was rolled under (ruling 1), each attack roll's step
 * (SW-22, SW-35..37) and a grenade's own numbers (SW-38). Moved out of card-gm.ts unchanged.
 */
import type { StoredCard } from "../../../data/chat/attack-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { tokenByUuid } from "../../../documents/subtypes.js";
import { currentGame, gameOf } from "../../../helpers/game.js";
import { iterativeBonuses } from "../../../rules/index.js";
import { aidBacks } from "../canvas/aid.js";
import { aimBacks } from "../canvas/aim.js";

type ActorI = Actor.Implementation;
type WeaponSystem = Item.OfType<"weapon">["system"];

export function d20WeaponCardProblem(
  card: StoredCard,
  attacker: ActorI,
  weapon: WeaponSystem,
  offHand: WeaponSystem | null,
  speakerToken: string | null = null,
): string | null {
  // SW-22: the off hand's weapon must be one the dialog offers (no grenade, d20 damage dice), with one off-hand step.
  if (offHand) {
    if (offHand.d20.grenade || !offHand.d20.damage) return "off-hand weapon";
    if ((card.steps ?? []).filter((s) => s.kind === "offHand").length !== 1) return "off-hand steps";
  }
  // Ruling 1: a player's d20 card is rolled under the world's profile (its hits go to that profile's pools); a card
  // of the sw profile stays good in a world that went back to Star Frontiers (issue 14: it still hits VP and WP).
  if (gameOf(card).profile !== currentGame().profile) return "profile";
  const stepsProblem = d20StepsProblem(card, attacker, weapon, !!offHand);
  if (stepsProblem) return stepsProblem;
  const grenadeProblem = d20GrenadeProblem(card, weapon);
  if (grenadeProblem) return grenadeProblem;
  // A d20 burst block only on a d20 grenade's card (its squads' units multiply the damage, SWN-17).
  if (card.grenade?.d20 && !(weapon.d20.grenade && card.area === "grenade")) return "grenade";
  // Review 3 (1.3): every card the dialog posts carries its roll id (post-card.ts); the kept aid and aim are marked
  // used by it, so a player's card without one could claim a used entry again.
  if (!card.rollId) return "no roll id";
  // SW-39 (issue 31): a player's +2 from aid another is the GM's kept roll against that target, not the card's word.
  for (const t of card.targets)
    if (
      t.modifiers.some((m) => m.id === "aid.attack") &&
      !aidBacks(t.id, card.rollId, attacker, speakerToken)
    )
      return "aid another";
  // SW-42 (issue 31): an aimed shot's position and support, and the target's Dex denied by the aim (review 3, 1.4: the
  // engine's "Aimed: Dex denied" Defense term), come only after the GM's kept aim of that token, at that target, with
  // that weapon (canvas/aim.ts). Fixaim (trust review 1.4): "your next single attack" — a card of more than one
  // attack roll (a full attack, a fire mode) takes no aim.
  for (const t of card.targets)
    if (
      [...t.modifiers, ...(t.d20?.defenseTerms ?? [])].some((m) => m.ruleId === "SW-42") &&
      (card.shots > 1 || !aimBacks(card.actorUuid, t.id, card.weaponId ?? "", card.rollId))
    )
      return "an aim the GM does not keep for this attack, weapon and target (SW-42)";
  // Review 3 (1.4): a target's Defense without the Dex bonus it has says why (a `noDex.*` term, or helpless's own).
  // An area's card (a grenade's square SW-38, suppression fire SW-43) is rolled against the ground's Defense, no Dex.
  if (gameOf(card).profile === "sw" && !card.area)
    for (const t of card.targets)
      if (dexDroppedUnsaid(t))
        return "a Dex bonus to Defense left out with no reason the system writes (SW-08)";
  return pulledProblem(card, weapon);
}

/**
 * Review 3 (1.4), SW-08, SW-42: a card target whose Defense terms leave out the Dex bonus the target has (10 + Dex,
 * capped by its armour) without a reason the engine writes — a `noDex.<condition>` term (flat-footed SW-01, a SW-29
 * condition, an aim SW-42: rules/d20/aim.ts `dexDeniedTerms`) or helpless's Dex (SW-33). A target the card shows no
 * Defense terms of (its numbers kept off, SW-31's struck cover) is not checked.
 */
function dexDroppedUnsaid(t: StoredCard["targets"][number]): boolean {
  const terms = t.d20?.defenseTerms ?? [];
  if (!terms.length) return false;
  const d = actorSystem(tokenByUuid(t.id)?.actor)?.derived?.d20;
  if (!d) return false;
  const has = d.maxDex === null ? d.mods.dex : Math.min(d.mods.dex, d.maxDex);
  const dex = terms.find((m) => m.id === "dex");
  if (has <= 0 || dex?.ruleId === "SW-33" || (dex?.value ?? 0) >= has) return false;
  return !terms.some((m) => m.id.startsWith("noDex."));
}

/** SW-44: "a −4 penalty on your attack roll" (the engine's own term, rules/d20/engine.ts). */
const PULLING_BLOW = -4;

/**
 * SW-44 (trust review 2.6): "you can choose to pull your blow with a melee weapon … you suffer a −4 penalty on your
 * attack roll". A shot's `pulled` (the GM's Apply deals vitality only, or half, from it: card-data.ts) comes only with
 * a melee weapon, in one of the two kinds, and — where the card shows its to-hit terms — with the −4 among them.
 */

function pulledProblem(card: StoredCard, weapon: WeaponSystem): string | null {
  const pulled = card.result.shots.filter((s) => s.outcome.pulled !== undefined && s.outcome.pulled !== null);
  if (!pulled.length) return null;
  if (weapon.d20.attack !== "melee") return "a pulled blow with a ranged weapon (SW-44)";
  if (pulled.some((s) => s.outcome.pulled !== "vitality" && s.outcome.pulled !== "half")) return "pulled";
  const shown = card.targets.filter((t) => !t.secret);
  if (shown.some((t) => !t.modifiers.some((m) => m.id === "pullingBlow" && m.value === PULLING_BLOW)))
    return "a pulled blow without its −4 (SW-44)";
  return null;
}

/**
 * SW-22, SW-35..37: a player's d20 card makes no more attack rolls than its attacker can — its iterative attacks by
 * BAB, two more for autofire (one for multifire), one for Rapid Shot, one for the off hand — and one step per shot.
 */
function d20StepsProblem(
  card: StoredCard,
  attacker: ActorI,
  weapon: WeaponSystem,
  offHand: boolean,
): string | null {
  // A d20 card of several attack rolls says each one's step (an older single-shot card has none).
  if (!card.steps) return card.shots > 1 ? "steps" : null;
  if (card.steps.length !== card.shots || card.result.shots.length !== card.shots) return "step count";
  const sys = actorSystem(attacker);
  const d20 = sys && "d20" in sys ? (sys.d20 as { bab: number; feats: { rapidShot?: boolean } }) : null;
  if (!d20) return "no d20 numbers";
  const fire = weapon.d20.fire;
  const most =
    iterativeBonuses(d20.bab).length +
    (fire.auto ? 2 : fire.multi ? 1 : 0) +
    (d20.feats.rapidShot ? 1 : 0) +
    (offHand ? 1 : 0);
  return card.shots > most ? `${card.shots} attacks, at most ${most}` : null;
}

/**
 * SW-38: a player's d20 grenade card carries the grenade's own burst radius and Reflex DC, cover only for those it
 * caught, and no save (the GM writes each save: a card created with one is refused unsealed, `trustedCard`).
 */
function d20GrenadeProblem(card: StoredCard, weapon: WeaponSystem): string | null {
  const g = card.grenade?.d20;
  if (!g || !card.grenade) return null;
  if (g.reflexDC !== weapon.d20.reflexDC || card.grenade.radius !== weapon.d20.burstRadius)
    return "grenade numbers";
  const ids = new Set(card.targets.map((t) => t.id));
  if (g.cover.some((c) => !ids.has(c.id)) || g.saves.some((s) => !ids.has(s.id))) return "grenade list";
  return null;
}
