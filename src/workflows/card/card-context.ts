/**
 * What an attack card shows, from the card's stored data: who fired what at whom, range and band, cover and
 * why, every modifier with its rule ID, the roll (automatic hit or miss called out), the Zebulon column and
 * colour, damage and the burst's split, a grenade's landing and who it caught, and what has been applied.
 * It sits beside the card's readers and writers (it reads `card-data.ts`, `grenade-effects.ts`, and asks the card's
 * game — `gameOf(card).card`, card-seam.ts — for its words, shot line and burst) and below `card-render.ts`, which
 * draws it; it was in `applications/`, where every draw of a card imported upwards (issue 29: imports point down).
 */

import type { AttackCardData, GrenadeCard } from "../../data/chat/attack-card.js";
import { gameOf } from "../../helpers/game.js";
import { blastOutcome } from "../damage/grenade-effects.js";
import { appliedOf, damageOf, undoneOf } from "./card-data.js";
import { partContexts } from "./card-parts/index.js";
import { DAMAGE_NOTE, damageWorking } from "./damage-working.js";

/**
 * The user a card is drawn for (issue 28): each page draws the card from its data for its own user, with only the
 * controls that user may use — the GM's checks on a request stay (card-gm.ts); this only spares a user
 * buttons that would be refused.
 */
export interface CardViewer {
  readonly isGM: boolean;
  /** The attack's author (the message's author). */
  readonly isAuthor: boolean;
  /** The world lets players apply to tokens they do not own (`playersApplyToAll`). */
  readonly applyToAll: boolean;
  /** This user owns the target's actor, as this page has it (a target's UUID). */
  readonly ownsTarget: (id: string) => boolean;
  /**
   * Trust review 1.1: the name of the card's author when a player (not a GM) wrote it: a term they overrode is drawn
   * as entered by them, for every viewer (the GM reads whose number it is).
   */
  readonly author?: string | null;
}

/** The GM's view: every control (the previews, and cards drawn outside a chat log). */
export const GM_VIEWER: CardViewer = {
  isGM: true,
  isAuthor: false,
  applyToAll: true,
  ownsTarget: () => true,
};

export interface CardOptions {
  readonly viewer: CardViewer;
  readonly attackerName: string;
  readonly unit: string;
}

/**
 * What a target's Apply is for this viewer: the button, the "GM applies" note (a player's target they do not own,
 * when the world does not let players apply to all), or nothing. The GM and the attack's author apply; a hit a GM
 * took back only a GM applies again.
 */
function applyFor(viewer: CardViewer, id: string, undone: boolean): "button" | "note" | "none" {
  if (viewer.isGM) return "button";
  if (!viewer.isAuthor || undone) return "none";
  return viewer.applyToAll || viewer.ownsTarget(id) ? "button" : "note";
}

/** SW-07, SW-15: a d20 hit's damage terms (Strength, point blank) after its dice, so the working adds up. */
function withTerms(working: string | null, terms: readonly { value: number }[] | undefined): string | null {
  const sum = (terms ?? []).reduce((a, m) => a + m.value, 0);
  if (!working || sum === 0) return working;
  return `${working} ${sum < 0 ? "−" : "+"} ${Math.abs(sum)}`;
}

/** SWN-15: the cover's armour (less the weapon's AP) taken off a hit, as the working writes it: "1d10 [9] − 8 armour". */
function withArmour(working: string | null, armour: number | undefined): string | null {
  if (!working || !armour) return working;
  return `${working} − ${armour} ${game.i18n?.localize("FT.SWN.Cover.armourShort") ?? "armour"}`;
}

/** SW-44: a blow pulled for half damage, as the working writes it: "½ × (2d8 [6, 6] + 2)". */
function withPulled(working: string | null, pulled: string | undefined): string | null {
  return working && pulled === "half" ? `½ × (${working})` : working;
}

/** The number a d100 had to make, as the card writes it: "≤ 45", "≤ −10" (a true minus sign). */
const atMost = (chance: number) => `≤ ${chance < 0 ? `−${-chance}` : chance}`;

/** A distance as the card writes it: one decimal at most. */
const distanceText = (d: number | null | undefined, unit: string) =>
  typeof d === "number" ? `${Math.round(d * 10) / 10} ${unit}` : null;

/** The fire mode a full attack's steps were made in (their shared term), or null for single fire. */
function fireModeOf(steps: NonNullable<AttackCardData["steps"]>): "multifire" | "autofire" | null {
  const ids = new Set(steps.flatMap((s) => s.extras.map((m) => m.id)));
  return ids.has("autofire") ? "autofire" : ids.has("multifire") ? "multifire" : null;
}

/** A full attack's step as the card names it: "Attack 2 of 3", its own terms (the iterative −5, autofire −6 …). */
function stepView(card: AttackCardData, index: number) {
  const steps = card.steps;
  const step = steps?.[index];
  if (!steps || !step || steps.length < 2) return null;
  return {
    key: "FT.D20.FullAttack.stepOf",
    data: { n: String(index + 1), of: String(steps.length) },
    weaponName: step.weaponName ?? null,
    extras: step.extras,
  };
}

/**
 * Trust review 1.1: each term a player overrode, with "entered by <the author>" (`FT.Card.enteredBy`) beside it; a
 * GM's card, or a term the engine wrote as it stands, is drawn as it is.
 */
function enteredBy<T extends { readonly overridden?: boolean }>(
  terms: readonly T[],
  author: string | null | undefined,
): (T & { entered?: { key: string; data: { name: string } } })[] {
  return terms.map((m) =>
    author && m.overridden ? { ...m, entered: { key: "FT.Card.enteredBy", data: { name: author } } } : m,
  );
}

/**
 * Review-ux 1.1 (fixa): a card stores a hidden token as "?" whatever its roll mode (scene-facts.ts `cardName`); the
 * GM's page draws its name from the UUID the row keeps (v13 `fromUuidSync`, a token on a scene this client holds).
 */
function withGMNames<C extends AttackCardData & { grenade?: GrenadeCard | null }>(card: C): C {
  const named = <T extends { readonly id: string; readonly name: string }>(row: T): T => {
    if (row.name !== "?" || typeof fromUuidSync !== "function") return row;
    const doc = row.id.startsWith("Scene.")
      ? // The row's id is a token's UUID ("Scene.….Token.…", checked above); fvtt-types wants it as a template type.
        fromUuidSync(row.id as `Scene.${string}`, { strict: false })
      : null;
    const name = doc && "name" in doc && typeof doc.name === "string" ? doc.name : null;
    return name ? { ...row, name } : row;
  };
  const grenade = card.grenade
    ? { ...card.grenade, caught: card.grenade.caught.map(named), ring: card.grenade.ring?.map(named) }
    : card.grenade;
  const stray = card.stray ? { ...card.stray, candidates: card.stray.candidates.map(named) } : card.stray;
  return { ...card, targets: card.targets.map(named), grenade, stray };
}

export function cardView(stored: AttackCardData & { grenade?: GrenadeCard | null }, opts: CardOptions) {
  const card = opts.viewer.isGM ? withGMNames(stored) : stored;
  // Issue 30: the game the card was rolled under draws its own words and lines (card-seam.ts).
  const game_ = gameOf(card).card;
  /**
   * The range row: the distance and, for a ranged row of a game with bands, its band. A melee weapon or a punch
   * (RT-6, SW-14) has reach, not a band: its row shows the distance alone, never "Out of range" beside a hit
   * (table-ux-2 #9). A creature's natural attack keeps the band its engine gave (issue 13).
   */
  const melee = card.kind === "melee" && !card.creature;
  const bandOf = (band: string | null) =>
    !game_.bands || melee ? null : band ? `FT.Range.${band}` : "FT.Range.out";
  type Shot = AttackCardData["result"]["shots"][number] & { readonly index: number };
  const shotsByTarget = new Map<string, Shot[]>();
  card.result.shots.forEach((s, index) => {
    shotsByTarget.set(s.targetId, [...(shotsByTarget.get(s.targetId) ?? []), { ...s, index }]);
  });
  const grenade = card.grenade ?? null;
  // A grenade's rows are the creatures its blast caught, each where it stands: the throw is the header's.
  const ringOf = (id: string): "blast" | "stun" | null =>
    !grenade
      ? null
      : grenade.caught.some((c) => c.id === id)
        ? "blast"
        : (grenade.ring ?? []).some((r) => r.id === id)
          ? "stun"
          : null;
  // SF-X-43: each creature's own dice; SF-Z-06: a Zebulon blast's share of the maximum, the same for everyone.
  const blastColour =
    grenade && card.result.shots[0] ? blastOutcome(card.result.shots[0].outcome)?.colour : null;
  // SW-38: a burst of the game's own (a d20 grenade's one roll, its Reflex saves), drawn by the game.
  const burstOf = game_.burst(card);
  const grenadeDice = (id: string): string | null => {
    if (burstOf) return burstOf.working(id);
    if (!grenade?.formula) return null;
    if (blastColour) return damageWorking(grenade.formula, undefined, blastColour);
    const rolled = grenade.dice?.find((d) => d.id === id);
    return rolled ? damageWorking(grenade.formula, rolled.dice, null) : null;
  };
  const targets = card.targets.map((t) => {
    const line = (s: { outcome: AttackCardData["result"]["shots"][number]["outcome"]; index: number }) =>
      game_.shotLine(t, s.outcome, card.dice?.[s.index], card.steps?.[s.index]?.bonus);
    // A grenade card that kept each creature's position shows the throw once, in its header (no "Miss" by "Apply").
    const shots = (grenade?.aimed ? [] : (shotsByTarget.get(t.id) ?? [])).map((s, i) => {
      /** Issue 14: a d20 shot's roll, total and Defense, its threat and concealment rolls (the game's line). */
      const d20 = line(s);
      return {
        n: i + 1,
        roll: s.outcome.roll,
        /** The number the roll had to make (SF-X-11 … SF-X-22), unless the card keeps the attacker's numbers secret. */
        chanceText: t.secret || d20 ? null : atMost(s.outcome.chance),
        d20,
        /** SW-22, SW-35..37: which attack of the action this was, and the terms its step added. */
        step: stepView(card, s.index),
        hit: s.outcome.hit,
        /** SW-43: suppression fire's hit threatens an area; it deals no damage. */
        showDamage: s.outcome.hit && card.area !== "suppression",
        auto: s.outcome.auto,
        autoLabel: s.outcome.auto ? `FT.Card.auto.${s.outcome.auto}` : null,
        colour: s.outcome.colour,
        /** SF-Z-07: the colour read on the table before a result shift moved it (the card shows both). */
        rolledColour: s.outcome.rolledColour ?? null,
        fraction: s.outcome.colour ? DAMAGE_NOTE[s.outcome.colour] : null,
        damage: s.damage,
        working:
          s.damage > 0 || s.outcome.coverArmour
            ? withPulled(
                withArmour(
                  withTerms(
                    damageWorking(s.formula, card.damageDice[s.index], s.outcome.colour),
                    s.outcome.damageTerms,
                  ),
                  s.outcome.coverArmour,
                ),
                s.outcome.pulled,
              )
            : null,
        stray: s.outcome.strayHit,
      };
    });
    const applied = appliedOf(card, t.id);
    const damage = damageOf(card, t.id);
    // A doze grenade's gas (SF-B-18, SF-X-42) and the stun of a thrown explosive (SF-X-40) act without damage:
    // the card still offers Apply, which knocks out or stuns as the rules say.
    const effectOnly = card.effect === "doze" || (card.stunned ?? []).includes(t.id);
    const ring = ringOf(t.id);
    const undone = undoneOf(card, t.id);
    /** Apply is offered on this card at all (by the GM): a hit not applied, or an effect without damage. */
    const offered = !applied && (damage > 0 || effectOnly);
    const apply = offered ? applyFor(opts.viewer, t.id, !!undone) : "none";
    return {
      ...t,
      // Trust review 1.1: a term the player overrode (its number typed in the attack dialog) is drawn as theirs.
      // (The d20 Defense terms keep their overridden mark only: a game's block is read in its own module.)
      modifiers: enteredBy(t.modifiers, opts.viewer.author),
      // A d20 target has no Star Frontiers band: its range is in increments (SW-06), among its modifiers.
      bandLabel: bandOf(t.band),
      coverLabel: `FT.Cover.${t.cover}`,
      distanceText: distanceText(t.distance, opts.unit),
      /** A grenade's row: in the blast or in the stun ring (SF-X-40), and the dice of its own damage (SF-X-43). */
      /** On a grenade card that kept each creature's own position (older cards gave everyone the aimed target's). */
      byBlast: !!ring && !!grenade?.aimed,
      ringLabel: ring ? `FT.Card.ring.${ring}` : null,
      working: ring === "blast" && (damage > 0 || burstOf) ? grenadeDice(t.id) : null,
      /** SW-38: this creature's Reflex save against the burst, once rolled. */
      reflex: burstOf ? burstOf.reflex(t.id) : null,
      /** The to-hit modifiers are not shown: the attacker's are secret, or the row is a creature a blast caught. */
      hideMods: !!t.secret || (!!ring && !!grenade?.aimed),
      shots,
      hit: shots.some((s) => s.hit),
      damage,
      applied,
      /** A GM took this hit back: only a GM applies it again. */
      undone,
      offered,
      canApply: apply === "button",
      /** A player's target they may not apply to: the GM applies it (issue "trust", R1-1). */
      gmApplies: apply === "note",
      canUndo: opts.viewer.isGM && !!applied,
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
          /** "7d10 [10, 10, 5, 5, 4, 3, 3]": the pool the Roll gave (Zebulon: the maximum times the colour's share). */
          working: damageWorking(
            `${card.damageDice[0]?.length ?? 0}d10`,
            card.damageDice[0],
            card.result.shots[0]?.outcome.colour ?? null,
          ),
          secret: card.targets.some((t) => t.secret),
        }
      : null;
  const anyToApply = targets.some((t) => t.offered);
  // Several targets to apply (a burst, a grenade's blast): one button applies the card to all of them, in one
  // request and one batched write (SF-X-24, SF-B-18, SF-X-40, SF-X-43) — the GM's, and the thrower's where the
  // world lets players apply to all.
  const severalToApply = targets.filter((t) => t.offered).length > 1;
  const viewer = opts.viewer;
  const applyAll = severalToApply && (viewer.isGM || (viewer.isAuthor && viewer.applyToAll));
  // The throw of a grenade: at whom, its roll against its chance and its modifiers; where it went is below.
  const aimed = grenade?.aimed ?? null;
  const throwShot = grenade ? card.result.shots[0] : undefined;
  const thrownLine = aimed && throwShot ? game_.shotLine(aimed, throwShot.outcome, card.dice?.[0]) : null;
  const thrown =
    aimed && throwShot
      ? {
          distanceText: distanceText(aimed.distance, opts.unit),
          bandLabel: bandOf(aimed.band),
          /** The throw's cover, beside its distance and band (review 13c L6): what made a secret throw hard. */
          coverLabel: aimed.cover && aimed.cover !== "none" ? `FT.Cover.${aimed.cover}` : null,
          roll: throwShot.outcome.roll,
          /** SW-38: a d20 throw at the square — d20 + bonus vs Defense 5. */
          d20: thrownLine,
          chance: throwShot.outcome.chance,
          chanceText: aimed.secret || thrownLine ? null : atMost(throwShot.outcome.chance),
          hit: throwShot.outcome.hit,
          autoLabel: throwShot.outcome.auto ? `FT.Card.auto.${throwShot.outcome.auto}` : null,
          colour: throwShot.outcome.colour,
          modifiers: aimed.secret ? null : aimed.modifiers,
        }
      : null;
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
    /** SW-11 (issue 32): the weapon ignores armour's DR (a lightsaber); Apply takes none off. */
    ignoresDR: !!card.ignoresDR,
    /** Issue 32: a weapon with no damage dice: its effect is the GM's (the stun DC when it has one). */
    effectOnly: card.effectOnly
      ? card.effectOnly.stunDC !== null
        ? { key: "FT.Card.effectOnlyStun", data: { dc: String(card.effectOnly.stunDC) } }
        : { key: "FT.Card.effectOnly", data: {} }
      : null,
    attackerName: opts.attackerName,
    /** Ruling 1: a d20 card under the swn profile is rolled against AC, not Defense (the game's words). */
    vsLabel: game_.vsLabel,
    defenseLabel: game_.defenseLabel,
    /** The card's view parts: each part its game lists, by key (SW-43's suppression line …). */
    parts: partContexts(card, { attackerName: opts.attackerName, isGM: opts.viewer.isGM }, game_.parts),
    /** SW-13, SW-22, SW-35..37: a d20 action of several attacks — a full attack, in its fire mode. */
    fullAttack:
      card.steps && card.steps.length > 1
        ? {
            attacks: card.steps.length,
            mode: fireModeOf(card.steps),
          }
        : null,
    engineLabel: `FT.Engine.${card.engine}`,
    /** SF-Z-01: the game shows the column shift beside the modifiers. */
    zebulon: game_.column,
    burst,
    burstModifiers: card.burstCheck?.modifiers ?? [],
    burstColumn: card.burstCheck?.column ?? null,
    targets,
    grenade,
    /** SW-38: a d20 grenade's deviation line ("d3 2 → 3 m, d8 3 → right") and burst damage. */
    d20Grenade: burstOf?.view ?? null,
    thrown,
    // SF-X-35: the stray d100 of misses into a crowd; the GM picks who a stray hit strikes (until picked).
    stray: card.stray
      ? {
          ...card.stray,
          rolls: card.stray.rolls.join(", "),
          canPick:
            opts.viewer.isGM && card.stray.hits > 0 && !card.stray.picked && card.stray.candidates.length > 0,
          pickedData: card.stray.picked
            ? { name: card.stray.candidates.find((c) => c.id === card.stray?.picked)?.name ?? "" }
            : null,
        }
      : null,
    spent: card.spent,
    anyToApply,
    applyAll,
    footer: severalToApply || !!grenade,
    sleep,
    isGM: opts.viewer.isGM,
  };
}
