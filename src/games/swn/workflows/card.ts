/**
 * Issue 30: the Stars Without Number attack card (ruling 1: the d20 engine's swn profile) — the d20 card
 * (games/d20/workflows/card.ts) rolled against AC, not Defense, its hits to hit points ("HP 9 → 2"), and a squad's
 * attack drawn in its own shape (SWN-17, `squad-card.ts`); a grenade that deviates by hex sides with an Evasion save
 * for half (SWN-16, `grenade.ts`, `card-requests.ts`).
 */
import { isSquadCard } from "../../../data/chat/parts/squad.js";
import type { GameCardSeam } from "../../../workflows/card/card-seam.js";
import { d20Card, showReflexSaves } from "../../d20/workflows/card.js";
import { d20GrenadeOf } from "../../d20/workflows/grenade-block.js";
import { squadCardHtml } from "./squad-card.js";

export const swnCard: GameCardSeam = {
  ...d20Card,
  // SW-10's disabled strain is the vitality-and-wounds model's: an SWN attacker's hidden d20 wounds never matter.
  admitted: async () => {},
  vsLabel: "FT.D20UI.vsAc",
  defenseLabel: "FT.SWN.ac",
  // SWN-17: a squad's attack draws its own numbers in the attack card's row shape.
  draw: (card, viewer) => (isSquadCard(card) ? squadCardHtml(card, viewer) : null),
  // Ruling 1: its SWN hit points, for the hits of an swn card (beside the d20 pools, as a target has both).
  health: (sys, round) => ({
    ...d20Card.health(sys, round),
    ...(sys.swn
      ? { swnHp: { model: "hitPoints" as const, hp: { value: sys.swn.hp.value, max: sys.swn.hp.max } } }
      : {}),
  }),
  pools: { ...d20Card.pools, hidden: "FT.Card.swnHp" },
  squadProblem: () => null,
  // SWN-16: a grenade's card carries no Reflex DC of its own (attack.ts `swnBurstDc`, written out here so the card does not load the attack section): the d20 checks, against the
  // weapon as SWN throws it.
  weaponProblem: (card, attacker, weapon, offHand, speakerToken) => {
    // The weapon's own system (its prototype kept) with the DC the throw wrote in place of its d20 Reflex DC.
    const thrown: typeof weapon = Object.assign(Object.create(weapon), {
      d20: { ...weapon.d20, reflexDC: weapon.d20.reflexDC ?? 0 },
    });
    return d20Card.weaponProblem(card, attacker, thrown, offHand, speakerToken);
  },
  // SWN-16: the d20 burst's line, with SWN's deviation (d3 hexes, d6 hex side) and its Evasion save for half.
  burst(card) {
    const base = d20Card.burst(card);
    const g = d20GrenadeOf(card);
    if (!base || !g) return base;
    const t = (key: string) => game.i18n?.localize(key) ?? key;
    const dev = g.deviation;
    return {
      view: {
        ...base.view,
        deviationKey: "FT.SWN.Grenade.deviated",
        deviation: dev
          ? {
              d3: String(dev.d3),
              metres: String(dev.metres),
              d6: String(dev.d6 ?? ""),
              direction: t(`FT.SWN.Overwatch.dir.${dev.direction}`),
            }
          : null,
        dcKey: "FT.SWN.Grenade.save",
        dc: {},
        ruleId: "SWN-16",
      },
      working: base.working,
      reflex(id) {
        const save = g.saves.find((s) => s.id === id);
        if (!save) return null;
        return {
          key: "FT.SWN.Grenade.saveLine",
          data: {
            roll: String(save.roll),
            target: typeof save.target === "number" ? ` vs ${save.target}` : "",
          },
          outcome:
            save.damage === 0
              ? "FT.D20.Grenade.savedNone"
              : save.passed
                ? "FT.D20.Grenade.saved"
                : "FT.D20.Grenade.failed",
          ruleId: "SWN-16",
        };
      },
    };
  },
  page: {
    ...d20Card.page,
    // SWN-16: an Evasion save, not a Reflex save against a DC.
    decorate: (card, html) =>
      showReflexSaves(card, html, () => game.i18n?.localize("FT.SWN.Grenade.saveButton") ?? "Evasion save"),
  },
  // SWN-16: the GM's answer to the save is SWN's Evasion; the rest are the d20 card's.
  requests: async () => ({
    ...(await import("../../d20/workflows/d20-card-requests.js")),
    ...(await import("./card-requests.js")),
  }),
};
