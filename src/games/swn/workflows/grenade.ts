/**
 * A grenade on SWN's hex map (seed 003, SWN-16), the d20 engine's grenade card (games/d20/workflows/d20-grenade.ts)
 * with Stars Without Number's own ways: a miss "lands 1d3 hexes (1d3x3 meters) away in a random direction" — through
 * one of the six hex sides of the scene's grid (1d6), not the d20 rules' d8 at 45° — and hard cover between the
 * blast point and a creature gives it the cover's armour against the grenade's TL (SWN-15). Loaded with the first
 * thrown grenade.
 */
import type { AttackCardData, GrenadeCard } from "../../../data/chat/attack-card.js";
import {
  armourAfterAp,
  coverArmour,
  overwatchGridOf,
  type SwnWeaponFacts,
  swnGrenadeLanding,
} from "../../../rules/index.js";
import { rollFormula } from "../../../workflows/card/card-render.js";
import type { GrenadeNumbers } from "../../../workflows/card/card-seam.js";
import { d20GrenadeCard, type GrenadeWays } from "../../d20/workflows/d20-grenade.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/** SWN-16's ways on the scene whose v13 grid type is `gridType`, for a weapon of these SWN numbers. */
export function swnGrenadeWays(
  gridType: number | undefined,
  weapon: SwnWeaponFacts | undefined,
): GrenadeWays {
  return {
    async land(t, obstacle, rolls) {
      const d3 = t.hit ? null : await rollFormula("1d3");
      const d6 = t.hit ? null : await rollFormula("1d6");
      for (const r of [d3, d6]) if (r) rolls.push(r.roll);
      const land = swnGrenadeLanding(
        {
          target: t.target,
          hit: t.hit,
          d3: d3?.total ?? null,
          d6: d6?.total ?? null,
          unitsPerMetre: t.unitsPerMetre,
          grid: overwatchGridOf(gridType),
        },
        obstacle,
      );
      const deviation =
        d3 && d6 && land.direction !== null
          ? { d3: d3.total, d6: d6.total, metres: land.metres, direction: land.direction }
          : null;
      return { land, deviation };
    },
    // SWN-15, SWN-16: the hard cover between the blast point and each creature, against the grenade's TL (a TL not
    // entered reads none); a hit at the target's feet has nothing between.
    armour(caught) {
      const w = weapon;
      if (!w || w.tl === null) return [];
      const tl = w.tl;
      return caught.flatMap((c) => {
        const term = coverArmour(c.materials, { ...w, tl });
        const value = term ? armourAfterAp(term.value, w.ap) : 0;
        return value ? [{ id: c.id, value }] : [];
      });
    },
  };
}

/** SWN-16: the swn card's grenade — the d20 card with SWN's ways, on the thrower's scene. */
export function swnGrenadeCard(
  card: AttackCardData,
  from: TokenP,
  aimed: TokenP,
  grenade: GrenadeNumbers,
  formula: string,
  rolls: Roll[],
): Promise<AttackCardData & { grenade: GrenadeCard }> {
  const ways = swnGrenadeWays(from.document.parent?.grid.type, grenade.swn);
  return d20GrenadeCard(card, from, aimed, grenade, formula, rolls, ways);
}
