/**
 * Issue 30: the Stars Without Number attack card (ruling 1: the d20 engine's swn profile) — the d20 card
 * (games/d20/workflows/card.ts) rolled against AC, not Defense, its hits to hit points ("HP 9 → 2"), and a squad's
 * attack drawn in its own shape (SWN-17, `squad-card.ts`).
 */
import { isSquadCard } from "../../../data/chat/parts/squad.js";
import type { GameCardSeam } from "../../../workflows/card/card-seam.js";
import { d20Card } from "../../d20/workflows/card.js";
import { squadCardHtml } from "./squad-card.js";

export const swnCard: GameCardSeam = {
  ...d20Card,
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
};
