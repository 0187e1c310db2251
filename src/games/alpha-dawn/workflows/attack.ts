/**
 * The Star Frontiers games' attack section (issue 30; Alpha Dawn, and Zebulon's Guide on the same attack): every
 * weapon's own checks are the engine's (SF-B-16, RT-6 in melee.ts); no attack steps, off hand or special attacks
 * (those are d20's), and a thrown explosive is a Star Frontiers grenade (SF-X-38), never thrown at a square.
 */
import type { GameAttack } from "../../../workflows/attack/game-attack.js";

export const percentileAttack: GameAttack = {
  weaponProblem: () => null,
  offHands: () => [],
  firstPlan: () => undefined,
  squareThrow: () => null,
  keeps: () => null,
};
