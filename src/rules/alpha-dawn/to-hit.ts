/**
 * Chance to hit in Alpha Dawn as a list of labelled modifiers (SF-B-10..13, SF-X-11..29, SF-X-35, SF-X-38).
 */
import type { AttackFacts } from "../core/facts.js";
import { mod, total } from "../core/modifiers.js";
import type { AlphaDawnVariant, CoverClass, Modifier } from "../core/types.js";
import { rangeBand, scopedBand } from "../geometry/range.js";
import { isWounded, rangedBase, validateAbility } from "./abilities.js";
import { skillModifier } from "./skill.js";
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";

import { smokeHides } from "./vision.js";

/** Cover as the attacker sees it: a crowd counts as soft cover (SF-X-35); the stronger of the two applies. */
export function effectiveCover(cover: CoverClass, crowd: boolean): CoverClass {
  if (cover === "hard") return "hard";
  if (cover === "soft" || crowd) return "soft";
  return "none";
}

/** Basic game (SF-B-10..12): Dexterity − range, −10 running or in a skimmer, −10 any cover. */
export function basicModifiers(facts: AttackFacts, table: AlphaDawnTable = ALPHA_DAWN_TABLE): Modifier[] {
  const { attacker, target, weapon } = facts;
  validateAbility("dex", attacker.dex);
  const mods: Modifier[] = [mod("base", "FT.Modifier.dexterity", attacker.dex, "SF-B-10")];
  const band = rangeBand(target.distance, weapon.ranges);
  if (band) mods.push(mod("range", `FT.Range.${band}`, table.range[band], "SF-B-10"));
  if (attacker.movement === "ran" || attacker.movement === "dodged" || attacker.inSkimmer) {
    mods.push(mod("attackerMovement", "FT.Modifier.basicMoving", table.basicMoving, "SF-B-11"));
  }
  // SF-B-21: a skimmer's rider or driver has cover.
  const aboard = target.conveyance === "skimmerRider" || target.conveyance === "skimmerDriver";
  if (effectiveCover(target.cover, target.crowd) !== "none" || aboard) {
    mods.push(mod("cover", "FT.Modifier.cover", table.basicCover, "SF-B-12"));
  }
  return mods;
}

/** Expanded game (SF-X-11..29, SF-X-35; thrown weapons SF-X-38). */
export function expandedModifiers(facts: AttackFacts, table: AlphaDawnTable = ALPHA_DAWN_TABLE): Modifier[] {
  const { attacker, target, weapon, declarations: decl } = facts;
  const thrown = weapon.skill === "thrown";
  const mods: Modifier[] = [
    mod("base", "FT.Modifier.halfDex", rangedBase(attacker.dex), thrown ? "SF-X-38" : "SF-X-11"),
  ];
  const skill = skillModifier(attacker.skillLevel, weapon.heavy, table);
  if (skill !== 0) {
    const heavyRule = weapon.heavy && !thrown;
    mods.push(
      mod(
        "skill",
        heavyRule ? "FT.Modifier.heavySkill" : "FT.Modifier.skill",
        skill,
        thrown ? "SF-X-38" : heavyRule ? "SF-X-13" : "SF-X-12",
      ),
    );
  }
  const band = rangeBand(target.distance, weapon.ranges);
  if (band) {
    const scoped = !thrown && decl.scope ? scopedBand(band) : band;
    mods.push(
      mod("range", `FT.Range.${band}`, table.range[band], "SF-X-14"),
      ...(scoped !== band
        ? [mod("scope", "FT.Modifier.scope", table.range[scoped] - table.range[band], "SF-X-16")]
        : []),
    );
  }
  // SF-X-17: attacker movement (no stationary bonus), target movement or running animal (SF-X-18).
  const am = table.attackerMovement[attacker.movement];
  if (am !== 0)
    mods.push(mod("attackerMovement", `FT.Movement.attacker.${attacker.movement}`, am, "SF-X-17"));
  if (target.animal && target.movement !== "stationary") {
    mods.push(
      mod("targetMovement", `FT.Movement.animal.${target.animal}`, table.animal[target.animal], "SF-X-18"),
    );
  } else {
    const tm = table.targetMovement[target.movement];
    if (tm !== 0) mods.push(mod("targetMovement", `FT.Movement.target.${target.movement}`, tm, "SF-X-17"));
  }
  // SF-X-19 vehicles: a moving vehicle target is a row of the movement modifiers table ("Moving Vehicle … target
  // only"), so a thrown weapon keeps it (SF-X-38, seed 000: "The only other ranged weapon modifiers that apply to
  // thrown weapons are range, movement, wrong hand and wound modifiers") as it keeps the attacker's vehicle.
  if (target.vehicleMoving)
    mods.push(mod("vehicleTarget", "FT.Modifier.vehicleTarget", table.vehicleTarget, "SF-X-19"));
  if (attacker.vehicle !== "none") {
    mods.push(
      mod(
        "attackerVehicle",
        `FT.Modifier.attackerVehicle.${attacker.vehicle}`,
        table.attackerVehicle[attacker.vehicle],
        "SF-X-19",
      ),
    );
  }
  if (!thrown) {
    // SF-X-20 careful aim: not moving, one shot, not a burst.
    if (decl.carefulAim && canAimCarefully(facts)) {
      mods.push(mod("carefulAim", "FT.Modifier.carefulAim", table.carefulAim, "SF-X-20"));
    }
    // SF-X-21 burst (a machine gun loses it when not mounted).
    if (decl.burst && weapon.burst && (!weapon.burst.bonusNeedsMount || decl.mounted)) {
      mods.push(mod("burst", "FT.Modifier.burst", table.burst, "SF-X-21"));
    }
    // SF-X-22 cover, SF-X-35 crowd, SF-X-26 prone (stacks with soft, not with hard cover).
    // SF-X-23: smoke, haze or fog is soft cover (SF-X-22) unless the attacker sees through it with infrared.
    const smoke = smokeHides(attacker, target);
    const seen = effectiveCover(target.cover, target.crowd);
    const cover = smoke && seen === "none" ? "soft" : seen;
    if (cover !== "none") {
      const crowdOnly = target.cover === "none" && !smoke;
      const smokeOnly = target.cover === "none" && smoke;
      mods.push(
        mod(
          "cover",
          crowdOnly ? "FT.Modifier.crowd" : smokeOnly ? "FT.Modifier.smoke" : `FT.Cover.${cover}`,
          table.cover[cover],
          crowdOnly ? "SF-X-35" : "SF-X-22",
        ),
      );
    }
    if (target.prone && cover !== "hard")
      mods.push(mod("prone", "FT.Modifier.prone", table.prone, "SF-X-26"));
    // SF-X-25 size.
    const size = table.size[target.size];
    if (size !== 0) mods.push(mod("size", `FT.Size.${target.size}`, size, "SF-X-25"));
  }
  // SF-X-27 wounded, SF-X-28 wrong hand, SF-X-29 two weapons (thrown weapons keep wounds and wrong hand).
  if (isWounded(attacker.stamina.value, attacker.stamina.max) && !attacker.anesthetic) {
    mods.push(mod("wounded", "FT.Modifier.wounded", table.wounded, "SF-X-27"));
  }
  if (decl.wrongHand && !attacker.ambidextrous) {
    mods.push(mod("wrongHand", "FT.Modifier.wrongHand", table.wrongHand, "SF-X-28"));
  }
  if (!thrown && decl.twoWeapons)
    mods.push(mod("twoWeapons", "FT.Modifier.twoWeapons", table.twoWeapons, "SF-X-29"));
  return mods;
}

/** Careful aim (SF-X-20): attacker stationary, one shot, not a burst, not thrown, not in a vehicle. */
export function canAimCarefully(facts: AttackFacts): boolean {
  const { attacker, weapon, declarations: d } = facts;
  return (
    attacker.movement === "stationary" &&
    attacker.vehicle === "none" &&
    d.shots === 1 &&
    !d.burst &&
    weapon.skill !== "thrown"
  );
}

export function alphaDawnModifiers(
  facts: AttackFacts,
  variant: AlphaDawnVariant,
  table: AlphaDawnTable = ALPHA_DAWN_TABLE,
): Modifier[] {
  return variant === "basic" ? basicModifiers(facts, table) : expandedModifiers(facts, table);
}

/** Chance to hit = sum of the modifiers; it is not clamped (a −45 % chance still hits on 01–05). */
export function chanceToHit(mods: readonly Modifier[]): number {
  return total(mods);
}

/**
 * A burst is one roll for all its targets (SF-X-24): any negative modifier that applies to one target applies
 * to all. Per modifier id the worst value across targets is kept (a bonus counts only if every target earns it).
 */
export function burstModifiers(perTarget: readonly (readonly Modifier[])[]): Modifier[] {
  if (perTarget.length === 0) return [];
  const ids = new Map<string, Modifier>();
  const counts = new Map<string, number>();
  for (const list of perTarget) {
    for (const m of list) {
      counts.set(m.id, (counts.get(m.id) ?? 0) + 1);
      const prev = ids.get(m.id);
      if (!prev || m.value < prev.value) ids.set(m.id, m);
    }
  }
  const out: Modifier[] = [];
  for (const [id, m] of ids) {
    const everyone = counts.get(id) === perTarget.length;
    // A bonus missing for some target is not earned; a penalty present for any target applies.
    if (m.value > 0 && !everyone) continue;
    out.push(m);
  }
  return out;
}
