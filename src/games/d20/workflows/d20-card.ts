/**
 * The d20 attack card (issue 14, stream d20ui): what a d20 card stores beside the engine-blind card, what it
 * shows, and what it keeps from players.
 *
 * - Stored (inside the GM's seal, `card-gm.ts` `trustedCard`, which digests all of the card but its public
 *   marks): each target's attack bonus, Defense and its terms, threat range and miss chance; each shot's dice by
 *   key (the d20, the confirmation d20 on a threat, the concealment d% after a concealed hit: SW-04, SW-18, SW-32).
 * - Shown: "d20 16 − 1 = 15 vs Defense 15 → Hit", the threat and its confirmation ("Threat: confirm 17 − 1 = 16 →
 *   confirmed"), the concealment roll ("Concealment d% 34 > 20 % → clear").
 * - Secret (`keepsNumbersSecret`): an NPC attacker's bonus and totals (they carry its BAB and abilities), an NPC
 *   target's Defense and its terms (they carry its class bonus and Dex). The natural dice stay: a d20 is as public
 *   as Star Frontiers' d100.
 */

import type { D20CardTarget } from "../../../data/chat/attack-card.js";
import {
  type Check,
  type DiceResults,
  type Modifier,
  type Outcome,
  struckCover,
} from "../../../rules/index.js";
import type { ShotLineView } from "../../../workflows/card/card-seam.js";
import type { AppliedRecord } from "../../../workflows/damage/apply-records.js";

/**
 * The d20 block of a card target from its check, or nothing for the percentile engines' checks. A d20 card carries
 * its cover as a Defense term (SW-30, "Cover +7"), so the Star Frontiers cover class and its 5-ray count are left
 * off it: they would read "Hard cover, 5 of 5 rays" beside a low wall's ¾.
 */
export function d20CardTarget(
  check: Check,
  defenseTerms: readonly Modifier[],
): { d20?: D20CardTarget; cover?: "none"; coverReason?: null } {
  if (check.kind !== "d20") return {};
  return {
    cover: "none",
    coverReason: null,
    d20: {
      bonus: check.bonus,
      defense: check.target.value,
      defenseTerms,
      threat: check.threat,
      missChance: check.missChance,
      coverSource: check.coverSource ?? "none",
      ...(check.coverCreature ? { coverCreature: check.coverCreature } : {}),
    },
  };
}

/** Each shot's dice by key, stored on a d20 card (the d100 engines' cards keep their `d100` list alone). */
export function d20CardDice(check: Check, dice: readonly DiceResults[]): { dice?: readonly DiceResults[] } {
  return check.kind === "d20" ? { dice: dice.map((d) => ({ ...d })) } : {};
}

interface CardLike {
  readonly targets: readonly {
    readonly id: string;
    readonly chance?: number;
    readonly d20?: D20CardTarget;
  }[];
  readonly result: { readonly shots: readonly { readonly targetId: string; readonly outcome: Outcome }[] };
  /** A full attack's steps (SW-22, SW-35..37): each carries its bonus, and its terms (which tell feats and BAB). */
  readonly steps?: readonly { readonly bonus: number | null; readonly extras: readonly unknown[] }[];
  /** A d20 grenade's throw (SW-38): the aimed row's d20 block carries the thrower's bonus. */
  readonly grenade?: { readonly aimed?: { readonly d20?: D20CardTarget } | null } | null;
  /** A burst's one check (SF-X-24); a d20 attack never bursts (its engine does not read the declaration). */
  readonly burstCheck?: { readonly chance: number } | null;
}

/** Without the totals that give away a shot's bonus, or its Defense (each is optional on an Outcome). */
function strip(outcome: Outcome, keys: readonly ("total" | "target" | "margin")[]): Outcome {
  const { total, target, margin, ...rest } = outcome;
  const drop = new Set(keys);
  return {
    ...rest,
    ...(total === undefined || drop.has("total") ? {} : { total }),
    ...(target === undefined || drop.has("target") ? {} : { target }),
    ...(margin === undefined || drop.has("margin") ? {} : { margin }),
  };
}

/** An NPC attacker's card: no attack bonus, no totals (they carry its BAB and abilities). */
export function withoutD20AttackerNumbers<C extends CardLike>(card: C): C {
  const aimed = card.grenade?.aimed;
  if (!card.targets.some((t) => t.d20) && !aimed?.d20) return card;
  return {
    ...card,
    targets: card.targets.map((t) => (t.d20 ? { ...t, d20: { ...t.d20, bonus: null } } : t)),
    // A step's terms (iterative −10, Multishot, the two-weapon feats) tell the NPC's BAB and feats: they go too.
    ...(card.steps ? { steps: card.steps.map((s) => ({ ...s, bonus: null, extras: [] })) } : {}),
    // SW-38: a d20 grenade's throw keeps the thrower's bonus on the aimed row (review of issue 15, H2).
    ...(card.grenade && aimed?.d20
      ? { grenade: { ...card.grenade, aimed: { ...aimed, d20: { ...aimed.d20, bonus: null } } } }
      : {}),
    result: {
      ...card.result,
      shots: card.result.shots.map((s) => ({ ...s, outcome: strip(s.outcome, ["total", "margin"]) })),
    },
  };
}

/**
 * The card without the Defense of the targets in `secret` (NPCs whose numbers players may not see): no Defense,
 * no terms, no totals against it, and no chance to hit — with the attacker's bonus on the card, the d20 chance
 * (5 % per hitting natural) would give the Defense away. SW-31's "struck the cover" is decided here, while the
 * numbers are at hand, and kept as a word.
 */
export function withoutD20TargetNumbers<C extends CardLike>(card: C, secret: ReadonlySet<string>): C {
  if (!card.targets.some((t) => t.d20 && secret.has(t.id))) return card;
  return {
    ...card,
    // A burst's one chance would give the Defense away as a target's would (review 14b H1: defence in depth).
    ...(card.burstCheck ? { burstCheck: { ...card.burstCheck, chance: 0 } } : {}),
    targets: card.targets.map((t) => {
      if (!t.d20 || !secret.has(t.id)) return t;
      const shot = card.result.shots.find((s) => s.targetId === t.id);
      const struck = shot ? struckOf(t.d20, shot.outcome) : null;
      return { ...t, chance: 0, d20: { ...t.d20, defense: null, defenseTerms: [], struck } };
    }),
    result: {
      ...card.result,
      shots: card.result.shots.map((s) =>
        secret.has(s.targetId)
          ? { ...s, outcome: { ...strip(s.outcome, ["target", "margin"]), chance: 0 } }
          : s,
      ),
    },
  };
}

const signed = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);

/** One shot of a d20 card as its template shows it, or null for another engine's shot. */
export function d20ShotView(
  target: { readonly d20?: D20CardTarget },
  outcome: Outcome,
  dice: DiceResults | undefined,
  /** A planned step's own bonus (its iterative and fire-mode terms added; null = secret), SW-22, SW-35..37. */
  stepBonus?: number | null,
): ShotLineView | null {
  const t = target.d20;
  if (!t) return null;
  const bonus = stepBonus === undefined || t.bonus === null ? t.bonus : stepBonus;
  const confirm = dice?.confirm;
  const conceal = dice?.concealment;
  return {
    roll: outcome.roll,
    bonusText: bonus === null ? null : signed(bonus),
    total: typeof outcome.total === "number" ? outcome.total : null,
    defense: typeof outcome.target === "number" ? outcome.target : t.defense,
    threat:
      typeof confirm === "number"
        ? {
            roll: confirm,
            text: bonus === null ? `${confirm}` : `${confirm} ${signed(bonus)} = ${confirm + bonus}`,
            confirmed: outcome.critical === "confirmed",
          }
        : null,
    concealment:
      typeof conceal === "number"
        ? { roll: conceal, missChance: t.missChance, concealed: conceal <= t.missChance }
        : null,
    struck: t.struck !== undefined ? t.struck : struckOf(t, outcome),
  };
}

/**
 * SW-31 on the card: a miss with Defense − cover ≤ total < Defense, not a natural 1, with a wall or a creature as the
 * cover, struck it. Only where the card shows the total and the Defense (an NPC's are secret). Whether a covering
 * creature is hurt depends on its own Defense: the GM's call from the card.
 */
export function struckOf(t: D20CardTarget, outcome: Outcome): ShotLineView["struck"] {
  if (typeof outcome.total !== "number" || typeof outcome.target !== "number" || t.defense === null)
    return null;
  const cover = t.defenseTerms.find((m) => m.id === "cover")?.value ?? 0;
  const source = t.coverSource ?? "none";
  const s = struckCover(
    {
      roll: outcome.roll,
      total: outcome.total,
      target: outcome.target,
      // A hit the concealment d% turned into a miss was not the cover's doing; nor was a natural 20's hit.
      rollHit: outcome.auto === "hit" || outcome.total >= outcome.target,
      auto: outcome.auto === "miss" ? "miss" : null,
    },
    cover,
    // The covering creature's Defense is not on the card: the window is the wall's, the GM judges the rest.
    source === "creature" ? "wall" : source,
  );
  if (s.kind !== "wall") return null;
  return source === "creature" ? "creature" : "wall";
}

/**
 * A vitality/wound record as the card writes it (SW-10, SW-11): "VP 3 → 0, WP 14 → 11 (DR 2), fatigued". Labels
 * come localized through `localize`.
 */
export function d20AppliedText(rec: AppliedRecord, localize: (key: string) => string): string {
  const pools = (rec.pools ?? []).map(
    (p) => `${localize(p.pool === "vitality" ? "FT.D20UI.vp" : "FT.D20UI.wp")} ${p.before} → ${p.after}`,
  );
  const dr = rec.steps.find((s) => s.name === "DR");
  const drText = dr && dr.before > dr.after ? ` (${localize("FT.D20UI.dr")} ${dr.before - dr.after})` : "";
  const parts = [pools.join(", ") + drText];
  if (rec.fatigued) parts.push(localize("FT.D20UI.fatigued"));
  if (rec.fortitudeDC) parts.push(`${localize("FT.D20UI.fortitude")} ${rec.fortitudeDC}`);
  if (!pools.length) parts[0] = localize("FT.D20UI.noLoss");
  return parts.join(", ");
}
