/**
 * The card of a thrown grenade: where it went off, who the blast caught (each by its own distance from the blast),
 * the damage for each with its dice, and the stun ring. The throw's own target, chance and modifiers are kept once,
 * as `grenade.aimed`, for the card's header.
 */
import { FoundryCaster } from "../../canvas/foundry-caster.js";
import { cardName, occupants, unitsPerPixel } from "../../canvas/scene-facts.js";
import type { AttackCardData, CardTarget, GrenadeCard, TargetDamage } from "../../data/chat/attack-card.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import { factsOf } from "../../data/item/facts.js";
import { actorSystem } from "../../data/subtypes.js";
import { tokenByUuid } from "../../documents/subtypes.js";
import { currentEngine } from "../../helpers/settings.js";
import { explosiveStun } from "../../rules/index.js";
import { grenadeOutcome } from "../attack/grenade-plan.js";
import { blastOutcome } from "../damage/grenade-effects.js";
import { keepsNumbersSecret, rollFormula } from "./card-render.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;

/**
 * A thrown grenade: where it went off (bounce on a miss, d10), who the blast caught, damage rolled for each
 * (SF-X-43). The card's targets become everyone caught.
 */
export async function grenadeCard(
  card: AttackCardData,
  from: TokenP,
  aimed: TokenP,
  sys: WeaponSystem,
  rolls: Roll[],
): Promise<AttackCardData & { grenade: GrenadeCard }> {
  const shot = card.result.shots[0]!;
  const d10 = shot.outcome.hit ? null : await rollFormula("1d10");
  if (d10) rolls.push(d10.roll);
  const perUnit = 1 / unitsPerPixel();
  const g = grenadeOutcome(
    {
      hit: shot.outcome.hit,
      from: from.center,
      target: aimed.center,
      band: (card.targets[0]?.band ?? "s") as "s",
      variant: card.variant as "basic" | "expanded",
      d10: d10?.total ?? null,
      radius: sys.blastRadius * perUnit,
      unitsPerMetre: perUnit,
      noBounce: sys.skill !== "thrown",
      // Basic-game bounces count the map's squares (SF-B-17), as its ranges do (SF-B-09).
      squareSize: canvas?.grid?.size ?? 5 * perUnit,
      occupants: occupants(),
      explosive: sys.effect === "explosive",
    },
    new FoundryCaster(),
  );
  // A GM's grenade catches hidden tokens too; on every card they are "?" (`cardName`, review-ux 1.1), kept by UUID.
  // Each creature by its own position: how far from where the grenade went off (in the card's units), as the
  // blast measures it (straight to the token's centre), not the aimed target's distance (review table-ux #6).
  // A token the card masks as "?" gets no distance (review 13c M3): with the landing point on the card, its
  // distance would place the hidden creature on a ring around a known spot. A token not drawn has none either.
  const scale = card.rangeUnit === "squares" ? 1 / (canvas?.grid?.size || perUnit) : unitsPerPixel();
  const away = (uuid: string): number | null => {
    const doc = tokenByUuid(uuid);
    if (!doc || doc.hidden) return null;
    const c = doc?.object?.center;
    return c ? Math.round(Math.hypot(c.x - g.landing.x, c.y - g.landing.y) * scale * 10) / 10 : null;
  };
  const caught = g.caught.map((uuid) => ({
    id: uuid,
    name: cardName(tokenByUuid(uuid)),
    distance: away(uuid),
  }));
  const damage: TargetDamage[] = [];
  // The dice each creature's damage was rolled with (SF-X-43), from the real Rolls: shown on its row, sealed.
  const dice: { id: string; dice: number[] }[] = [];
  // SF-Z-06: a Zebulon throw rates the blast by its colour — the colour's share of the maximum, through the
  // engine's damage, the same for everyone caught; no dice are rolled for it (see `blastOutcome` for a bounce).
  const zebulon = blastOutcome(shot.outcome);
  for (const c of caught) {
    const formula = card.targets[0] ? sys.damage.formula || "" : "";
    if (formula && zebulon) {
      const facts = factsOf(card.weaponName, sys);
      const plan = (await currentEngine()).damage(zebulon, facts, [], null);
      damage.push({ targetId: c.id, damage: Math.max(0, plan.rolled) });
    } else if (formula) {
      const r = await rollFormula(formula);
      rolls.push(r.roll);
      dice.push({ id: c.id, dice: r.dice });
      // R2-4: a formula such as 1d10-5 can total below 0; a creature caught takes 0, never "negative damage".
      damage.push({ targetId: c.id, damage: Math.max(0, r.total) });
    } else damage.push({ targetId: c.id, damage: 0 });
  }
  // SF-X-40: within twice the radius, a Reaction Speed check (d100 ≤ RS) or stunned for a turn.
  const ring: {
    id: string;
    name: string;
    roll: number;
    rs: number | null;
    stunned: boolean;
    distance: number | null;
  }[] = [];
  for (const uuid of g.stunRing) {
    const doc = tokenByUuid(uuid);
    const rs = actorSystem(doc?.actor)?.abilities?.rs?.value ?? 0;
    const r = await rollFormula("1d100");
    rolls.push(r.roll);
    const check = explosiveStun(sys.blastRadius * 1.5, sys.blastRadius, rs, r.total);
    // An NPC's Reaction Speed stays off the card (R1-5); the roll and its outcome are public.
    const shownRs = keepsNumbersSecret(doc?.actor) ? null : rs;
    ring.push({
      id: uuid,
      name: cardName(doc),
      roll: r.total,
      rs: shownRs,
      stunned: check.stunned,
      distance: away(uuid),
    });
    damage.push({ targetId: uuid, damage: 0 });
  }
  // Expanded doze grenade (rules-tables §18): each creature caught sleeps d100 turns, rolled with the throw so
  // every client sees the dice; the Basic game's hour needs no roll (SF-B-18).
  const sleep: { id: string; turns: number }[] = [];
  if (sys.effect === "doze" && card.variant !== "basic")
    for (const c of caught) {
      const r = await rollFormula("1d100");
      rolls.push(r.roll);
      sleep.push({ id: c.id, turns: r.total });
    }
  // The throw was aimed at one creature: its distance, band, cover and the throw's modifiers belong to the throw
  // (the card's header), not to everyone the blast caught. Each row is a creature where it stands: no band, no
  // cover, no to-hit modifiers.
  const { id: _id, name: _name, ...throwSeen } = card.targets[0]!;
  return {
    ...card,
    targets: [...caught, ...ring].map(caughtRow),
    stunned: ring.filter((r) => r.stunned).map((r) => r.id),
    result: { ...card.result, damage },
    grenade: {
      landing: g.landing,
      bounced: g.bounced,
      stoppedByWall: g.stoppedByWall,
      direction: g.direction,
      d10: d10?.total ?? null,
      caught,
      ring,
      radius: sys.blastRadius,
      aimed: throwSeen,
      ...(caught.length && sys.damage.formula ? { formula: sys.damage.formula, dice } : {}),
      ...(sleep.length ? { sleep } : {}),
    },
  };
}

/**
 * A creature a blast caught, as its card row: where it stands (its distance), with no band, no cover and no to-hit
 * modifiers — those belong to the throw, the card's header (SF-X-43, SW-38).
 */
export function caughtRow(c: { id: string; name: string; distance: number | null }): CardTarget {
  return {
    id: c.id,
    name: c.name,
    distance: c.distance,
    band: null,
    cover: "none",
    coverReason: null,
    modifiers: [],
    chance: 0,
    column: null,
    problem: null,
  };
}
