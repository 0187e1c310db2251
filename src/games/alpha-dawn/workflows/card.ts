/**
 * Issue 30: the Star Frontiers attack card (SF-B-*, SF-X-*): a d100 roll line ("12 ≤ 55"), range bands (SF-X-11),
 * hits to screens, suits and Stamina (SF-X-25, SF-X-36); no game block of its own, nothing it writes beside the
 * engine-blind card. Zebulon's Guide draws the same card with its column (games/zebulon).
 */
import type { GameCardSeam } from "../../../workflows/card/card-seam.js";
import { POOL_LABEL } from "../../../workflows/card/card-seam.js";

export const alphaDawnCard: GameCardSeam = {
  vsLabel: null,
  defenseLabel: null,
  parts: [],
  column: false,
  bands: true,
  draw: () => null,
  shotLine: () => null,
  burst: () => null,
  // SF-X-25: Stamina, screens and suits: every target state carries them.
  health: () => ({}),
  pools: { paths: {}, hidden: "FT.Card.stamina", label: (pool) => POOL_LABEL[pool], text: () => null },
  // A Star Frontiers card has no attack steps and no off hand (SW-22 is the d20 engine's).
  // A d20 burst block on a Star Frontiers card is a forgery (its squads' units would multiply the damage, SWN-17).
  weaponProblem: (card, _attacker, _weapon, offHand) =>
    offHand ? "off-hand weapon" : card.steps ? "steps" : card.grenade?.d20 ? "grenade" : null,
  damageMax: () => 0,
  gmWritten: () => false,
  // SWN-17: a squad attacks only on the d20 engine under the swn profile.
  squadProblem: () => "squad card shape",
  write: {
    target: () => ({}),
    dice: () => ({}),
    grenade: async (card) => card,
    withoutAttackerNumbers: (card) => card,
    withoutTargetNumbers: (card) => card,
  },
  page: { rowButtons: () => [], decorate: () => undefined },
  requests: null,
};
