/**
 * What an attack card shows, from the card's stored data: who fired what at whom, range and band, cover and
 * why, every modifier with its rule ID, the roll (automatic hit or miss called out), the Zebulon column and
 * colour, damage and the burst's split, a grenade's landing and who it caught, and what has been applied.
 */
import type { AttackCardData } from "../workflows/attack-flow.js";
import { appliedOf, damageOf, undoneOf } from "../workflows/card-data.js";

export interface CardOptions {
  readonly isGM: boolean;
  /** May click apply (the GM, or the attack's author). */
  readonly canApply: boolean;
  readonly attackerName: string;
  readonly unit: string;
}

const DAMAGE_NOTE: Record<string, string> = { cobalt: "1", blue: "¾", green: "½", yellow: "¼", white: "0" };

export function cardView(card: AttackCardData & { grenade?: GrenadeCard | null }, opts: CardOptions) {
  const shotsByTarget = new Map<string, AttackCardData["result"]["shots"][number][]>();
  for (const s of card.result.shots)
    shotsByTarget.set(s.targetId, [...(shotsByTarget.get(s.targetId) ?? []), s]);
  const targets = card.targets.map((t) => {
    const shots = (shotsByTarget.get(t.id) ?? []).map((s, i) => ({
      n: i + 1,
      roll: s.outcome.roll,
      hit: s.outcome.hit,
      auto: s.outcome.auto,
      autoLabel: s.outcome.auto ? `FT.Card.auto.${s.outcome.auto}` : null,
      colour: s.outcome.colour,
      /** SF-Z-07: the colour read on the table before a result shift moved it (the card shows both). */
      rolledColour: s.outcome.rolledColour ?? null,
      fraction: s.outcome.colour ? DAMAGE_NOTE[s.outcome.colour] : null,
      damage: s.damage,
      stray: s.outcome.strayHit,
    }));
    const applied = appliedOf(card, t.id);
    const damage = damageOf(card, t.id);
    // A doze grenade's gas (SF-B-18, SF-X-42) and the stun of a thrown explosive (SF-X-40) act without damage:
    // the card still offers Apply, which knocks out or stuns as the rules say.
    const effectOnly = card.effect === "doze" || (card.stunned ?? []).includes(t.id);
    return {
      ...t,
      bandLabel: t.band ? `FT.Range.${t.band}` : "FT.Range.out",
      coverLabel: `FT.Cover.${t.cover}`,
      distanceText: `${Math.round(t.distance * 10) / 10} ${opts.unit}`,
      shots,
      hit: shots.some((s) => s.hit),
      damage,
      applied,
      /** A GM took this hit back: only a GM applies it again (the render hook removes others' buttons). */
      undone: undoneOf(card, t.id),
      canApply: opts.canApply && !applied && (damage > 0 || effectOnly),
      canUndo: opts.isGM && !!applied,
    };
  });
  const burst =
    card.burst && card.result.burst
      ? {
          ...card.result.burst,
          targets: card.targets.length,
          dice: card.damageDice[0]?.length ?? 0,
          roll: card.d100[0],
          chance: card.burstCheck?.chance ?? 0,
          secret: card.targets.some((t) => t.secret),
        }
      : null;
  const anyToApply = targets.some((t) => t.canApply);
  // A grenade catches several at once: one button applies it to all of them (SF-B-18, SF-X-40, SF-X-43).
  const applyAll = !!card.grenade && targets.filter((t) => t.canApply).length > 1;
  // How long the gas puts them to sleep: an hour in the Basic game (SF-B-18), d100 turns each in the Expanded.
  const nameOf = (id: string) => card.targets.find((t) => t.id === id)?.name ?? "?";
  const sleep =
    card.effect === "doze" && card.grenade
      ? card.variant === "basic"
        ? { hour: true, each: [] }
        : {
            hour: false,
            each: (card.grenade.sleep ?? []).map((s) => ({ name: nameOf(s.id), turns: s.turns })),
          }
      : null;
  return {
    weaponName: card.weaponName,
    attackerName: opts.attackerName,
    engineLabel: `FT.Engine.${card.engine}`,
    zebulon: card.engine === "zebulon",
    burst,
    burstModifiers: card.burstCheck?.modifiers ?? [],
    burstColumn: card.burstCheck?.column ?? null,
    targets,
    grenade: card.grenade ?? null,
    // SF-X-35: the stray d100 of misses into a crowd; the GM picks who a stray hit strikes (until picked).
    stray: card.stray
      ? {
          ...card.stray,
          rolls: card.stray.rolls.join(", "),
          canPick: opts.isGM && card.stray.hits > 0 && !card.stray.picked && card.stray.candidates.length > 0,
          pickedData: card.stray.picked
            ? { name: card.stray.candidates.find((c) => c.id === card.stray?.picked)?.name ?? "" }
            : null,
        }
      : null,
    spent: card.spent,
    anyToApply,
    applyAll,
    sleep,
    isGM: opts.isGM,
  };
}

export interface GrenadeCard {
  readonly landing: { x: number; y: number };
  readonly bounced: boolean;
  readonly stoppedByWall: boolean;
  readonly direction: number | null;
  readonly d10: number | null;
  readonly caught: readonly { id: string; name: string }[];
  /** SF-X-40: Reaction Speed checks near thrown explosives. */
  /** `rs` only when every player may see the creature's Reaction Speed (an NPC's is left out, R1-5). */
  readonly ring?: readonly { id: string; name: string; roll: number; rs?: number | null; stunned: boolean }[];
  readonly radius: number;
  /** Expanded doze grenade (rules-tables §18): the d100 turns each creature caught sleeps, rolled with the throw. */
  readonly sleep?: readonly { id: string; turns: number }[];
}
