/**
 * Issue 30: the Star Wars d20 attack card (SW-*): its roll line ("d20 12 + 8 = 20 vs Defense 15", the threat and
 * concealment rolls, `d20-card.ts`), no range bands (its range is in increments, among the modifiers, SW-06), a
 * grenade's burst with its Reflex saves (SW-38, `d20-grenade.ts`), hits to vitality and wound points (SW-10, SW-11:
 * "VP 12 → 3", a critical "WP 14 → 1 (DR 2)"), the Fortitude save a wound calls for (SW-10, `d20-fortitude.ts`), and
 * the GM's checks of a player's card (SW-22's steps, ruling 1's profile, SW-38's grenade numbers, `card-checks.ts`).
 * SWN draws the same card with its own words (games/swn).
 */

import { formulaMax } from "../../../workflows/card/card-data.js";
import { type GameCardSeam, POOL_LABEL } from "../../../workflows/card/card-seam.js";
import { targetActor } from "../../../workflows/card/card-targets.js";
import { damageWorking } from "../../../workflows/card/damage-working.js";
import { d20WeaponCardProblem } from "./card-checks.js";
import { SUPPRESSION_PART } from "./card-parts/suppression.js";
import { showCoverStrikes } from "./cover-strike.js";
import {
  d20AppliedText,
  d20CardDice,
  d20CardTarget,
  d20ShotView,
  withoutD20AttackerNumbers,
  withoutD20TargetNumbers,
} from "./d20-card.js";
import { fortitudeButton, mayRollFortitude } from "./d20-fortitude.js";
import { d20GrenadeOf } from "./grenade-block.js";
import { d20Health } from "./health.js";

/** SW-38: a creature's Reflex save as its row shows it: "Reflex d20 12 + 3 = 15 vs DC 15 → half". */
function reflexView(g: NonNullable<ReturnType<typeof d20GrenadeOf>>, id: string) {
  const save = g.saves.find((s) => s.id === id);
  if (!save) return null;
  const bonus = save.total === null ? null : save.total - save.roll;
  return {
    key: "FT.D20.Grenade.saveLine",
    data: {
      roll: String(save.roll),
      total: bonus === null ? "" : ` ${bonus < 0 ? "−" : "+"} ${Math.abs(bonus)} = ${save.total}`,
      dc: String(g.reflexDC),
    },
    outcome:
      save.damage === 0
        ? "FT.D20.Grenade.savedNone"
        : save.passed
          ? "FT.D20.Grenade.saved"
          : "FT.D20.Grenade.failed",
  };
}

/**
 * SW-38 (issue 15): the Reflex save a d20 burst allows, on the rows of the creatures it caught, for the creature's
 * owner and the GM, until it is rolled or the damage applied (the card says both; every client re-renders it).
 */
export function showReflexSaves(
  card: Parameters<typeof d20GrenadeOf>[0] & { applied: readonly { targetId: string }[] },
  html: HTMLElement,
  label: (g: NonNullable<ReturnType<typeof d20GrenadeOf>>) => string = (g) =>
    game.i18n?.format("FT.D20.Grenade.reflexButton", { dc: String(g.reflexDC) }) ?? `Reflex DC ${g.reflexDC}`,
): void {
  const g = d20GrenadeOf(card);
  const user = game.user;
  if (!g || !user) return;
  for (const row of html.querySelectorAll<HTMLElement>("li[data-target-id]")) {
    const id = row.dataset.targetId ?? "";
    if (!g.cover.some((c) => c.id === id) || g.saves.some((s) => s.id === id)) continue;
    if (card.applied.some((m) => m.targetId === id)) continue;
    const actor = targetActor(id, null);
    if (!actor || !mayRollFortitude(actor, user)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.ftAction = "reflex";
    b.dataset.targetId = id;
    b.textContent = label(g);
    row.querySelector(".ft-buttons")?.prepend(b);
  }
}

/**
 * The most a d20 hit adds to its dice (SW-07, SW-15): Strength ×1½ of a score of 40 (+15 ×1½ = 22) and point
 * blank's +1. A player's card claiming more than the dice and this is not one the dice made.
 */
const D20_DAMAGE_TERMS_MAX = 24;

export const d20Card: GameCardSeam = {
  // SW-25, SW-21 (issue 31): a player's attack of opportunity from the tracker, or charge, needs its basis on the scene.
  unfounded: async (card, speaker) => (await import("./card-basis.js")).d20Unfounded(card, speaker),
  vsLabel: "FT.D20UI.vsDefense",
  defenseLabel: "FT.D20UI.defense",
  // SW-43: what suppression fire did (registered when this module loads: its partial loads with the card's).
  parts: [SUPPRESSION_PART],
  column: false,
  bands: false,
  draw: () => null,
  shotLine: d20ShotView,
  burst(card) {
    const g = d20GrenadeOf(card);
    if (!g) return null;
    const rolled = damageWorking(g.damage.formula, g.damage.dice, null);
    return {
      view: {
        deviationKey: "FT.D20.Grenade.deviated",
        ruleId: "SW-38",
        dcKey: "FT.D20.Grenade.reflex",
        deviation: g.deviation
          ? {
              d3: String(g.deviation.d3),
              d8: String(g.deviation.d8 ?? ""),
              metres: String(g.deviation.metres),
              direction: game.i18n?.localize(`FT.D20.Grenade.dir.${g.deviation.direction}`) ?? "",
            }
          : null,
        dc: { dc: String(g.reflexDC) },
        damage: `${rolled} = ${g.damage.total}`,
      },
      // SW-38: the burst's one roll, and the half a passed Reflex save leaves.
      working(id) {
        const save = g.saves.find((s) => s.id === id);
        return save && save.damage !== g.damage.total ? `${rolled} = ${g.damage.total}, ½` : rolled;
      },
      reflex: (id) => reflexView(g, id),
    };
  },
  // Issue 14: its vitality and wound points, for the hits of a d20 card (SW-10).
  health: (sys, round) => (sys.d20 ? { health: d20Health(sys, round()) } : {}),
  pools: {
    paths: {
      vitality: "system.d20.vitality.value",
      wounds: "system.d20.wounds.value",
      woundLog: "system.d20.woundLog",
      // Ruling 1: the swn profile's hit points; a record of either profile is undone by its pools' keys.
      swnHp: "system.swn.hp.value",
    },
    hidden: "FT.Card.poolVpWp",
    label: (pool) =>
      pool === "vitality" ? "FT.D20UI.vp" : pool === "wounds" ? "FT.D20UI.wp" : POOL_LABEL[pool],
    // SW-10, SW-11: a vitality/wound record reads "VP 3 → 0, WP 14 → 11 (DR 2), fatigued".
    text: (rec, localize) => (rec.health === "vitalityWounds" ? d20AppliedText(rec, localize) : null),
  },
  weaponProblem: d20WeaponCardProblem,
  // SW-10 (trust review 2.7): a disabled attacker's strain, written by the active GM when it admits the card.
  admitted: async (card, message) => (await import("./dying.js")).strainOnAdmit(card, message),
  // Issue 14: a d20 weapon's dice, with Strength and point blank's +1 at most D20_DAMAGE_TERMS_MAX.
  damageMax: (w) => (w.d20?.damage ? formulaMax(w.d20.damage) + D20_DAMAGE_TERMS_MAX : 0),
  gmWritten: (card) => (d20GrenadeOf(card)?.saves?.length ?? 0) > 0,
  // SWN-17: squads attack under the swn profile only.
  squadProblem: () => "squad card shape",
  write: {
    target: d20CardTarget,
    dice: d20CardDice,
    // SW-38: loaded with the first thrown grenade.
    grenade: async (...args) => (await import("./d20-grenade.js")).d20GrenadeCard(...args),
    withoutAttackerNumbers: withoutD20AttackerNumbers,
    withoutTargetNumbers: withoutD20TargetNumbers,
  },
  page: {
    // SW-10 (issue 14): the Fortitude save the hit calls for, for the target's owner or the GM, once.
    rowButtons: (id, rec, actor, user, rolled) =>
      rec.fortitudeDC && !rolled() && mayRollFortitude(actor, user)
        ? [fortitudeButton(id, rec.fortitudeDC)]
        : [],
    decorate: (card, html) => {
      showReflexSaves(card, html);
      // SW-31: the GM's "Apply to <creature>" where a miss struck the creature used as cover.
      showCoverStrikes(card, html);
    },
  },
  // SW-10, SW-38, SW-43: loaded when first asked, so the system's first load stays within its budget.
  requests: () => import("./d20-card-requests.js"),
};
