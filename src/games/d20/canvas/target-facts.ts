/**
 * The d20 engine's block of a target's facts from the scene (issue 14; moved out of canvas/scene-facts.ts for issue
 * 30, where each game builds its own block): Defense parts, flat-footed (SW-01) and running (SW-24) from its
 * Combatant, SW-19/SW-26 allies in melee, SW-32 obscuring regions, the SW-30 cover lattice — and under the swn profile
 * SWN-17 squads and meat shields and SWN-08 overwatch arcs. The Star Frontiers games build none.
 */

import type { FoundryCaster } from "../../../canvas/foundry-caster.js";
import { bandOfToken } from "../../../canvas/morale-band.js";
import { regionMissChance } from "../../../canvas/obscurement.js";
import { overwatchFacts } from "../../../canvas/overwatch.js";
import {
  bystanders,
  cellCentres,
  footprint,
  type GameTargetFacts,
  isSquadActor,
  type SceneTargetRead,
  statuses,
  unitsPerPixel,
} from "../../../canvas/scene-facts.js";
import { d20TargetFacts } from "../../../data/actor/d20-facts.js";
import { actorSystem } from "../../../data/subtypes.js";
import { flatFootedIn } from "../../../documents/combat/d20-initiative.js";
import {
  type Bystander,
  type D20TargetFacts,
  onHigherGround,
  type TargetFacts,
  tokensInTheWay,
} from "../../../rules/index.js";
import { d20MeleeWeapons } from "../data/weapons.js";
import { aidFacts } from "./aid.js";
import { aimFacts } from "./aim.js";
import { d20Lattice, d20Melee, inMetres } from "./cover-facts.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;
type D20Lattice = ReturnType<typeof d20Lattice>;

/**
 * SWN-17 meat shields: the first living squad friendly to the target standing in the line of fire — while it is
 * there the target cannot be attacked directly (an area attack still reaches it). Null when none (or the target is
 * itself a squad).
 */
function meatShield(attacker: TokenP, target: TokenP, involved: readonly TokenP[]): string | null {
  if (isSquadActor(target.actor)) return null;
  const squads = involved.filter(
    (t) =>
      t.id !== attacker.id &&
      t.id !== target.id &&
      isSquadActor(t.actor) &&
      t.document.disposition === target.document.disposition,
  );
  if (!squads.length) return null;
  const inWay = new Set(tokensInTheWay(attacker.center, target.center, bystanders(squads, [])));
  return squads.find((t) => inWay.has(t.id))?.name ?? null;
}

/**
 * SWN-17: a squad's cover is what all of it has — the d20 lattice from each grid cell of its token, the least covered
 * cell deciding (a squad "must all be behind cover or concealment to benefit from it").
 */
function squadLattice(
  attacker: TokenP,
  target: TokenP,
  others: readonly Bystander[],
  caster: FoundryCaster,
): D20Lattice {
  const size = canvas!.grid!.size;
  const from = footprint(attacker);
  const held = statuses(target);
  let best: D20Lattice | null = null;
  for (const centre of cellCentres(
    target.x,
    target.y,
    Math.round(target.w / size),
    Math.round(target.h / size),
    size,
  )) {
    const cell = d20Lattice(
      { footprint: from, centre: attacker.center },
      { footprint: { x: centre.x, y: centre.y, w: size, h: size }, centre, statuses: held },
      others,
      caster,
    );
    const hidden = (l: typeof cell) => l.hard + l.low + l.soft;
    if (!best || hidden(cell) < hidden(best) || (hidden(cell) === hidden(best) && cell.hard < best.hard))
      best = cell;
  }
  return best!;
}

/**
 * SW-19, SW-26: the attacker's allies on the scene — tokens of its disposition with an actor, other than the attacker
 * and the target, not down (dead or unconscious allies are not engaged, SW-19). Only friendly and hostile tokens
 * form sides: a neutral or secret attacker has no allies, and two neutral bystanders are not a team (review 14 L9).
 */
function alliesOf(attacker: TokenP, target: TokenP, involved: readonly TokenP[]): TokenP[] {
  const side = attacker.document.disposition;
  const { FRIENDLY, HOSTILE } = CONST.TOKEN_DISPOSITIONS;
  if (side !== FRIENDLY && side !== HOSTILE) return [];
  return involved.filter((t) => {
    if (t.id === attacker.id || t.id === target.id || t.document.disposition !== side) return false;
    const st = statuses(t);
    return !st.has("dead") && !st.has("unconscious");
  });
}

/** SW-32: the miss chance of the obscuring regions the line of fire crosses (absent when none). */
function obscured(attacker: TokenP, target: TokenP): { missChance?: number } {
  const scene = canvas?.scene;
  if (!scene) return {};
  const at = (t: TokenP) => ({ x: t.center.x, y: t.center.y, elevation: t.document.elevation ?? 0 });
  const missChance = regionMissChance(scene, at(attacker), at(target), canvas!.grid!.size);
  return missChance > 0 ? { missChance } : {};
}

/** SW-17, SW-23, SW-21: the target's declared defense (its Combatant's `defending` mark), as d20 target facts. */
function declaredDefense(
  d: { totalDefense: boolean; fightingDefensively: boolean; charging: boolean } | null | undefined,
): Pick<D20TargetFacts, "totalDefense" | "fightingDefensively" | "charging"> {
  if (!d) return {};
  return { totalDefense: d.totalDefense, fightingDefensively: d.fightingDefensively, charging: d.charging };
}

/**
 * SW-16: how far below the attacker the target stands (token elevations, in the scene's metres, as scene-facts.ts
 * `distanceBetween` reads them) and how far away across the ground (the grid's measured path between the centres, v13
 * common/grid/base.mjs `BaseGrid#measurePath`); absent unless it is below.
 */
function dropOf(attacker: TokenP, target: TokenP): { drop?: { altitude: number; lateral: number } } {
  const altitude = (attacker.document.elevation ?? 0) - (target.document.elevation ?? 0);
  const grid = canvas?.grid;
  if (!(altitude > 0) || !grid) return {};
  return { drop: { altitude, lateral: grid.measurePath([attacker.center, target.center], {}).distance } };
}

/**
 * SW-29 "Attacker on Higher Ground +1 +0": read from the tokens' elevations (v13 `TokenDocument#elevation`, the
 * same field the scene's distance reads), not a status — the condition is relative to the pair, and a status on
 * the attacker could not say which defender it stands above (`rules/d20/conditions.ts`). The engine merges the
 * attacker's and the target's conditions, so the pair's fact rides with the target's.
 */
/**
 * SW-42 (fixaim): "Aiming … causes you to lose all Dodge and Dexterity bonuses to Defense for one round" — a target
 * whose Combatant carries the GM's `aiming` mark (written with the aim, ended at its next turn as the other declared
 * defenses are, documents/combat/turn-events.ts) is attacked without them (the engine's `defenderAiming`).
 */
function withAiming(target: TokenP, facts: D20TargetFacts): D20TargetFacts {
  if (!target.document.combatant?.marks.defending?.aiming) return facts;
  return { ...facts, conditions: [...(facts.conditions ?? []), "defenderAiming"] };
}

function withHigherGround(attacker: TokenP, target: TokenP, facts: D20TargetFacts): D20TargetFacts {
  if (!onHigherGround(attacker.document.elevation ?? 0, target.document.elevation ?? 0)) return facts;
  return { ...facts, conditions: [...(facts.conditions ?? []), "higherGround"] };
}

/**
 * The target's d20 block: `swn` turns on the swn profile's scene reads (SWN-17 meat shields, SWN-08 overwatch arcs).
 */
export function d20TargetFactsOf(reads: { readonly swn: boolean }): GameTargetFacts {
  return ({
    attacker,
    target,
    from,
    at,
    held,
    involved,
    others,
    caster,
    moved,
    weaponId,
  }: SceneTargetRead) => {
    const sys = actorSystem(target.actor);
    const facts: Pick<TargetFacts, "d20"> = {
      // The d20 engine's block (issue 14); the other engines ignore it.
      // A system without its d20 block (a hand-made test actor, a module's actor type) has no d20 facts.
      // SWN-17: a squad — one target with its AC, its side's band, the cover all of it has.
      ...(isSquadActor(target.actor)
        ? {
            d20: {
              classDefense: 0,
              dexMod: 0,
              size: "medium",
              swn: {
                ac: target.actor.system.swn.ac,
                band: bandOfToken(target),
                overwatch: overwatchFacts(attacker, target),
              },
              ...obscured(attacker, target),
              lattice: squadLattice(attacker, target, others, caster),
            },
          }
        : {}),
      ...(sys?.d20
        ? {
            d20: {
              ...withHigherGround(
                attacker,
                target,
                withAiming(
                  target,
                  d20TargetFacts(
                    sys,
                    held,
                    moved,
                    flatFootedIn(target.document.combatant),
                    !!target.document.combatant?.marks.running?.active,
                    // SWN-13: the target's side's Morale band (swn profile).
                    bandOfToken(target),
                    // SWN-17: a friendly squad in the line of fire shields the target from direct attacks.
                    reads.swn ? meatShield(attacker, target, involved) : null,
                    // SWN-08: in the attacker's overwatch arc?
                    reads.swn ? overwatchFacts(attacker, target) : "none",
                  ),
                ),
              ),
              // SW-20: armed (a melee weapon), so an unarmed strike at it provokes; SW-32: a `concealed` status the
              // dialog says gives nothing (a defender's concealment is the scene's).
              ...(target.actor && d20MeleeWeapons(target.actor).length > 0 ? { armed: true } : {}),
              ...(held.has("concealed") ? { concealedStatus: true } : {}),
              // SW-18: ordinary (no vitality), for the dialog's pulled-blow default (SW-44).
              ...(sys.d20.heroic === false ? { ordinary: true } : {}),
              // SW-17, SW-23, SW-21: what the target declared of its defense, kept on its Combatant until its next
              // action — a fact every attacker reads, not a box the attacker ticks.
              ...declaredDefense(target.document.combatant?.marks.defending),
              ...d20Melee(
                inMetres(from, unitsPerPixel()),
                inMetres(at, unitsPerPixel()),
                alliesOf(attacker, target, involved).map((a) => inMetres(footprint(a), unitsPerPixel())),
              ),
              ...obscured(attacker, target),
              ...dropOf(attacker, target),
              // SW-39: an ally's aid another the GM rolled and keeps against this target.
              ...aidFacts(attacker, target),
              // SW-42: the attacker's own aim at this target with this weapon, the GM's kept touch attack, while it
              // holds (review 3, 1.1: only a shot with the weapon aimed).
              ...aimFacts(attacker, target, weaponId),
              lattice: d20Lattice(
                { footprint: from, centre: attacker.center },
                { footprint: at, centre: target.center, statuses: held },
                others,
                caster,
              ),
            },
          }
        : {}),
    };
    return facts;
  };
}
