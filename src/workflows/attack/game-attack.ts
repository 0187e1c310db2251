/**
 * # A game's attack section (issue 30)
 *
 * What the generic attack workflow (attack.ts, melee.ts) and the sheet ask of the world's game instead of branching
 * on its engine or reading its data blocks: which weapons it can roll, the off hand and first plan of a full attack
 * (SW-22), a grenade thrown at a square (SW-38), and the special attacks the sheet offers (SW-41). Each game module
 * fills it (`src/games/<game>/index.ts`); a game with nothing for a piece says so with its empty value.
 */
import type { AttackCardData, GrenadeCard } from "../../data/chat/attack-card.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import type { MarkChange } from "../../documents/combatant.js";
import type { RulesError, WeaponFacts } from "../../rules/index.js";
import type { AttackRequest, OffHandOption, StepRequest } from "./attack-plan.js";

type ActorI = Actor.Implementation;
type WeaponI = Item.OfType<"weapon">;
type TokenP = foundry.canvas.placeables.Token.Implementation;

/** A weapon thrown at the square where its target stands (SW-38): the card it makes of the attack's card. */
export interface SquareThrow {
  card(
    card: AttackCardData,
    from: TokenP,
    aimed: TokenP,
    weapon: WeaponSystem,
    rolls: Roll[],
    /** Issue 33: the roll mode the card is posted in (a hidden token is "?" on every card whatever it is, review-ux 1.1). */
    rollMode?: string,
  ): Promise<AttackCardData & { grenade?: GrenadeCard | null }>;
}

/** The special attacks a game's sheet offers (SW-41), played from their button. */
export interface GameSpecials {
  /** The special attack of `kind` (the button's `data-kind`); an unknown kind does nothing. */
  attack(actor: ActorI, kind: string): Promise<void>;
  /** SW-41's strike at an object (the sheet's "object" button). */
  strikeObject(actor: ActorI): Promise<void>;
}

export interface GameAttack {
  /** Issue 14: why the game cannot roll this weapon, refused before anything is spent; null when it can. */
  weaponProblem(name: string, weapon: WeaponSystem): RulesError | null;
  /** SW-22: what the attacker may fight with in the off hand; none where the game plans no attack steps. */
  offHands(actor: ActorI, item: WeaponI): OffHandOption[];
  /** SW-22, SW-35, SW-36, SW-02: the dialog's first plan of the attack; undefined where the game plans none. */
  firstPlan(weapon: WeaponSystem, targets: number, surpriseRound: boolean): StepRequest | undefined;
  /** SW-38: the weapon is thrown at a square (a d20 grenadelike weapon), or null (a Star Frontiers grenade is not). */
  squareThrow(weapon: WeaponFacts): SquareThrow | null;
  /**
   * SW-10 (issue 31): what an attack action costs its attacker after its card is posted (a disabled d20 character
   * takes 1 wound point); absent where it costs nothing. Not for an attack of opportunity (no action).
   */
  afterAttack?(actor: ActorI): Promise<void>;
  /**
   * SW-21, SW-23: what the attack the user rolled (`request`, as the dialog confirmed it) leaves on the attacker's
   * Combatant in round `round` — a charge's −2 Defense, fighting defensively's +2 — written with the round's ledger;
   * null where it leaves nothing (every Star Frontiers attack).
   */
  keeps(request: AttackRequest, round: number): MarkChange | null;
}

declare module "../../helpers/game.js" {
  interface GameTable {
    /** Its attack section (workflows/attack/game-attack.ts). */
    readonly attack: () => Promise<GameAttack>;
  }
}
