/**
 * A d20 grenadelike weapon at the table (SW-38, issue 15): the throw is rolled at the 2 m square where the target
 * stands (Defense 5 with the range penalty, `ResolutionEngine.squareTarget`); a miss deviates 1d3 m + 1 m per two
 * full increments in a 1d8 direction, and a wall that blocks movement stops it (`rules/d20/grenade.ts`); the burst
 * catches everyone within its radius not walled off, each with the cover it has from the blast point (SW-30); the
 * damage is rolled once for the burst, and each creature caught may make a Reflex save for half from the card —
 * a request to the active GM, who rolls it once and writes the halved damage on the card before it is applied.
 *
 * The grenade's burst radius and Reflex DC are its own numbers (ruling 2): a grenade without them is refused before
 * anything is spent (`d20-facts.ts` `d20WeaponProblem`).
 *
 * Another game on the d20 engine passes its own ways (`GrenadeWays`): where a miss lands and what armour the burst
 * meets — Stars Without Number's 1d6 hex sides and cover armour (SWN-16, games/swn/workflows/grenade.ts).
 */

import { FoundryCaster } from "../../../canvas/foundry-caster.js";
import { cardName, involvedTokens, occupants, unitsPerPixel } from "../../../canvas/scene-facts.js";
import type {
  AttackCardData,
  D20GrenadeBlock,
  D20Save,
  GrenadeCard,
  TargetDamage,
} from "../../../data/chat/attack-card.js";
import {
  burstCaught,
  type CaughtInBurst,
  type D20WeaponFacts,
  droppedObject,
  firstObstacle,
  type GrenadeLanding,
  grenadeLanding,
  type ObstacleTest,
  type Point,
  parseDice,
  reflexAgainstBurst,
} from "../../../rules/index.js";
import { rollFormula } from "../../../workflows/card/card-render.js";
import { caughtRow } from "../../../workflows/card/grenade-card.js";
import { postureOf } from "../canvas/cover-facts.js";
import { d20GrenadeOf } from "./grenade-block.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/** The throw as a game's `land` reads it. */
export interface GrenadeThrowFacts {
  readonly from: Point;
  readonly target: Point;
  readonly hit: boolean;
  /** Full range increments thrown (ruling 4c). */
  readonly increments: number;
  readonly unitsPerMetre: number;
}

/** How a game on the d20 engine lands its grenade and what its burst meets (the swn slice fills its own, SWN-16). */
export interface GrenadeWays {
  /** Rolls the deviation's dice (each pushed on `rolls`); where it went off and the card's deviation. */
  land(
    t: GrenadeThrowFacts,
    obstacle: ObstacleTest,
    rolls: Roll[],
  ): Promise<{ readonly land: GrenadeLanding; readonly deviation: D20GrenadeBlock["deviation"] }>;
  /** The armour each creature caught has against the burst (SWN-15); none in the d20 rules. */
  armour(caught: readonly CaughtInBurst[]): { id: string; value: number }[];
}

/** SW-38: a miss deviates 1d3 m + 1 m per two increments, in a 1d8 direction from the line of the throw. */
export const D20_GRENADE_WAYS: GrenadeWays = {
  async land(t, obstacle, rolls) {
    const d3 = t.hit ? null : await rollFormula("1d3");
    const d8 = t.hit ? null : await rollFormula("1d8");
    for (const r of [d3, d8]) if (r) rolls.push(r.roll);
    const land = grenadeLanding({ ...t, d3: d3?.total ?? null, d8: d8?.total ?? null }, obstacle);
    const deviation =
      d3 && d8 && land.direction !== null
        ? { d3: d3.total, d8: d8.total, metres: land.metres, direction: land.direction }
        : null;
    return { land, deviation };
  },
  armour: () => [],
};

/**
 * SW-38: the card of a d20 grenade — where it went off, whom the burst caught (each by its distance from the blast),
 * the one damage roll each of them takes before a save.
 */
export async function d20GrenadeCard(
  card: AttackCardData,
  from: TokenP,
  aimed: TokenP,
  grenade: {
    readonly burstRadius: number;
    readonly reflexDC: number;
    readonly increment: number;
    /** The swn profile's weapon numbers (SWN-15, SWN-16); absent under sw. */
    readonly swn?: D20WeaponFacts["swn"];
    /** Issue 33: the roll mode the card is posted in (absent: the chat's); a hidden token is "?" whatever it is. */
    readonly rollMode?: string;
  },
  formula: string,
  rolls: Roll[],
  ways: GrenadeWays = D20_GRENADE_WAYS,
): Promise<AttackCardData & { grenade: GrenadeCard }> {
  const shot = card.result.shots[0]!;
  const hit = shot.outcome.hit;
  const perMetre = 1 / unitsPerPixel();
  const metresAway = card.targets[0]?.distance ?? 0;
  // SW-16: a grenade dropped on a target below (within altitude ÷ 5 across) falls in 20 m increments, as the attack
  // read it (engine.ts); its ground is the aimed token's elevation (v13 TokenDocument#elevation).
  const ground = aimed.document.elevation ?? 0;
  const drop = droppedObject(
    {
      altitude: (from.document.elevation ?? 0) - ground,
      lateral: canvas?.grid?.measurePath([from.center, aimed.center], {}).distance ?? metresAway,
    },
    // SW-16: past altitude ÷ 5 across, the lateral distance in the thrown increments (rules/d20/dropped.ts).
    { rangeIncrement: grenade.increment },
    { distance: metresAway },
  );
  // SW-38: full increments thrown (ruling 4c), for the deviation's +1 m per two ("1 meter per two range increments"
  // of a dropped object's fall too, SW-16).
  const increments = drop
    ? Math.floor(drop.distance / drop.increment + 1e-9)
    : Math.floor(metresAway / grenade.increment + 1e-9);
  const caster = new FoundryCaster();
  const { land, deviation } = await ways.land(
    { from: from.center, target: aimed.center, hit, increments, unitsPerMetre: perMetre },
    firstObstacle(caster),
    rolls,
  );
  // The blast's occupants (scene-facts `occupants`, as the Star Frontiers blast reads them), each with its
  // footprint and posture for the cover from the blast point (SW-30).
  const byUuid = new Map(involvedTokens().map((t) => [t.document.uuid, t]));
  const caughtCover = burstCaught(
    land.landing,
    grenade.burstRadius * perMetre,
    occupants().flatMap((o) => {
      const t = byUuid.get(o.id);
      const posture = postureOf(t?.actor?.statuses ?? new Set<string>());
      // SW-16: the burst is on the ground where it lands: a token higher or lower by more than its radius (the
      // thrower up on the gantry) is out of it.
      if (t && Math.abs((t.document.elevation ?? 0) - ground) > grenade.burstRadius + 1e-9) return [];
      return t ? [{ ...o, footprint: { x: t.x, y: t.y, w: t.w, h: t.h }, posture }] : [];
    }),
    caster,
  );
  // Review-ux 1.1: a hidden token caught is "?" with no distance on every card, whatever the roll mode (`cardName`).
  const away = (uuid: string): number | null => {
    const t = byUuid.get(uuid);
    if (!t || t.document.hidden) return null;
    return (
      Math.round(
        Math.hypot(t.center.x - land.landing.x, t.center.y - land.landing.y) * unitsPerPixel() * 10,
      ) / 10
    );
  };
  const caught = caughtCover.map((c) => ({
    id: c.id,
    name: cardName(byUuid.get(c.id)?.document),
    distance: away(c.id),
  }));
  // SW-38: the burst's damage, rolled once with the throw (its damage dice, hit or miss); everyone caught takes it
  // unless their save halves it.
  const dice = card.damageDice[0] ?? [];
  const total = Math.max(0, dice.reduce((a, b) => a + b, 0) + parseDice(formula).bonus);
  // SWN-15, SWN-16: the armour a game's burst meets (none in the d20 rules).
  const armour = ways.armour(caughtCover);
  const armourOf = (id: string) => armour.find((a) => a.id === id)?.value ?? 0;
  const damage: TargetDamage[] = caught.map((c) => ({
    targetId: c.id,
    damage: Math.max(0, total - armourOf(c.id)),
  }));
  const { id: _id, name: _name, ...throwSeen } = card.targets[0]!;
  return {
    ...card,
    targets: caught.map(caughtRow),
    result: { ...card.result, damage },
    grenade: {
      landing: land.landing,
      bounced: land.deviated,
      stoppedByWall: land.stoppedByWall,
      direction: land.direction,
      d10: null,
      caught,
      ring: [],
      radius: grenade.burstRadius,
      aimed: throwSeen,
      d20: {
        deviation,
        reflexDC: grenade.reflexDC,
        damage: { formula, dice, total },
        cover: caughtCover.map((c) => ({ id: c.id, cover: c.cover })),
        saves: [],
        ...(armour.length ? { armour } : {}),
      },
    },
  };
}

/** What the save reads of the creature's `system`: its Reflex base save and Dex modifier (after fatigue). */
interface ReflexSystem {
  readonly d20: { readonly saves: { readonly ref: number } };
  readonly derived?: { readonly d20?: { readonly mods: { readonly dex: number } } } | undefined;
}

/** SW-38: the Reflex bonus, base save + Dex modifier. */
export function reflexBonus(sys: ReflexSystem): number {
  return sys.d20.saves.ref + (sys.derived?.d20?.mods.dex ?? 0);
}

/**
 * SW-38, SW-30: the save of one creature the burst caught — d20 + its Reflex bonus + its cover's (from the blast
 * point), against the grenade's DC: the card with the save and the damage it leaves. The d20 comes in as a number.
 */
export function withReflexSave<C extends AttackCardData & { grenade?: GrenadeCard | null }>(
  card: C,
  targetId: string,
  d20: number,
  bonus: number,
  secret: boolean,
): C {
  const g = d20GrenadeOf(card);
  if (!g || !card.grenade) return card;
  const cover = g.cover.find((c) => c.id === targetId)?.cover ?? "none";
  const before = card.result.damage.find((d) => d.targetId === targetId)?.damage ?? 0;
  const r = reflexAgainstBurst(d20, bonus, g.reflexDC, before, cover);
  const save: D20Save = {
    id: targetId,
    roll: d20,
    total: secret ? null : r.total,
    passed: r.passed,
    damage: r.damage,
  };
  return {
    ...card,
    result: {
      ...card.result,
      damage: card.result.damage.map((d) => (d.targetId === targetId ? { ...d, damage: r.damage } : d)),
    },
    grenade: { ...card.grenade, d20: { ...g, saves: [...g.saves, save] } },
  };
}
