/**
 * # The game a world plays (issue 30)
 *
 * Each game — Star Frontiers Alpha Dawn (Basic and Expanded), Zebulon's Guide, Star Wars d20 (Revised combat chapter)
 * and Stars Without Number on the d20 engine — is one module under `src/games/<game>/`, the only code that knows its
 * game. It registers one {@link GameTable} at `init` (`src/games/index.ts`); everything else asks the table of the
 * world ({@link currentGame}) or of a stored document ({@link gameOf}: a card keeps the engine and profile it was
 * rolled under) and never compares engine ids itself (`tests/game-boundary.test.ts`).
 *
 * This file is the one place that turns the world's settings into a game: the engine setting (`requiresReload`) and
 * the d20 profile (ruling 1, also `requiresReload`). The table is looked up once per page and again when either
 * changes (their `onChange`, helpers/settings.ts `forgetEngine`, runs on every client — v13
 * client/documents/setting.mjs `_onCreate`/`_onUpdate`).
 */
import { SYSTEM_ID } from "../constants.js";
import type { AttackCardData } from "../data/chat/attack-card.js";
import { type GameId, gameIdOf } from "../data/game-id.js";
import type { WeaponSystem } from "../data/item/facts.js";
import type { EngineId, RulesError, WeaponFacts } from "../rules/index.js";
import { perPage } from "./page-state.js";

export { cardProfile, GAME_IDS, type GameId, gameIdOf } from "../data/game-id.js";

/**
 * A game's skill checks (workflows/optional/checks.ts): Zebulon's Guide reads a skill's column on its table
 * (SF-Z-01, SF-Z-04, SF-Z-05); the other games have no skill check here (Alpha Dawn's success rates per skill are
 * not in our sources: the sheet offers ability checks).
 */
export type GameSkillCheck = "zebulonColumns" | null;

/**
 * A game's unarmed attack: what the sheet's _Punch_ plays (issue 30; the attack helper asks it in
 * workflows/attack/melee.ts, the sheets helper may read it to draw Punch and its tooltip).
 * - `percentileMelee`: the Star Frontiers bare-hand melee, rules-tables §6 (RT-6: a d100 at or under the melee
 *   chance, punching damage by Strength + Martial Arts; SF-B/SF-X as the variant says).
 * - `strike`: an unarmed strike made "essentially like attacking with a weapon" (SW-20, issue 31): the game's
 *   attack flow (workflows/attack/attack.ts) rolls it as a melee attack with the weapon `weapon` builds for the
 *   attacker (or refuses with its RulesError, before anything is rolled); its card says `bareHands`, and the GM bounds
 *   a player's card with `cardProblem`; `hint` is the Punch button's tooltip.
 * - `none`: the game has no unarmed attack in play (SWN: seed 003 names a "Punch attack" but gives it no damage):
 *   Punch posts the game's `notice` (an i18n key) and rolls nothing, spends nothing.
 */
export type GameUnarmed =
  | { readonly kind: "percentileMelee" }
  | UnarmedStrike
  | { readonly kind: "none"; readonly notice: string };

/** SW-20: an unarmed strike the attack flow rolls like a melee weapon's attack (see {@link GameUnarmed}). */
export interface UnarmedStrike {
  readonly kind: "strike";
  readonly weapon: (actor: Actor.Implementation) => UnarmedWeapon | RulesError;
  readonly hint: (actor: Actor.Implementation) => string;
  readonly cardProblem: (card: AttackCardData, attacker: Actor.Implementation) => string | null;
}

/** The weapon an unarmed strike is rolled with: no item, its name, a weapon system and the facts the rules read. */
export interface UnarmedWeapon {
  readonly name: string;
  readonly system: WeaponSystem;
  readonly facts: WeaponFacts;
}

/** A token's two resource bars: attribute paths in the actor's `system`, null for none. */
export interface TokenBars {
  readonly bar1: string | null;
  readonly bar2: string | null;
}

/**
 * What a game brings to the table. Each section is asked by the layer that draws or runs it; a game module fills
 * every section (a section a game has nothing for says so with its own empty value, never by being left out).
 */
export interface GameTable {
  readonly id: GameId;
  /** The resolution engine it plays on (SWN: d20). */
  readonly engine: EngineId;
  /**
   * The d20 engine's profile (ruling 1); `sw` for the percentile games, whose engines never read it. The GM's check of
   * a player's d20 card compares the card's profile with this one (card-bounds.ts, the d20 card checks), so a d20
   * card from an SWN world is refused in a Star Wars or Star Frontiers world and the reverse.
   */
  readonly profile: "sw" | "swn";
  /** Its name, an i18n key. */
  readonly label: string;
  /**
   * The games whose attack cards a player's page writes in this world. When the GM first seals a player's card of
   * any other, it is refused: a card naming another game would choose which game's checks it gets (review of issue
   * 30). The percentile games' bare-hand and creature attacks are written as Alpha Dawn's d100 (RT-6, SF-B-16).
   */
  readonly cardsFrom: readonly GameId[];
  /** Its unarmed attack (the sheet's Punch). */
  readonly unarmed: GameUnarmed;
  /**
   * The status effects it adds to core's (`{ id, name, img }`, as v13's `Actor#toggleStatusEffect` reads them,
   * client/documents/actor.mjs); every game's are registered at init (a token keeps its statuses across a change
   * of game).
   */
  readonly statusEffects: readonly { readonly id: string; readonly name: string; readonly img: string }[];
  /** How it rolls a skill check from the sheet. */
  readonly skillCheck: GameSkillCheck;
  /**
   * The bars a new character's or creature's token shows in this game (SF: Stamina; d20: vitality and wound points;
   * SWN: hit points), set on its prototype token when it is made (documents/actor.ts).
   */
  readonly tokenBars: TokenBars;
  /** SWN-12, SWN-13: the sides keep a Morale (a band on each side's group, the tracker's Morale strip). */
  readonly sideMorale: boolean;
  /**
   * SW-25: the actor's weapons it threatens with and makes its attacks of opportunity with (the d20 engine's melee
   * weapons); none in a game without attacks of opportunity.
   */
  readonly meleeWeapons: (actor: Actor.Implementation) => Item.OfType<"weapon">[];
  /**
   * What it does when a combatant's own turn starts in a combat by count, after what the turn start ends
   * (documents/combat/turn-events.ts `startTurnByCount`; issue 31: SW-10, a dying character's Fortitude save each
   * round). Run on the active GM only — v13 runs `_onStartTurn` there (client/documents/combat.mjs
   * `#triggerTurnEvents`) — once a round per combatant, never for a passed-over turn. Null where it has none.
   */
  readonly turnStart:
    | ((combatant: Combatant.Implementation, context: Combat.TurnEventContext) => Promise<void>)
    | null;
  /**
   * SW-25, SW-43 (issue 31): what a token's movement provokes from the foes around it, run by the active GM for each
   * movement (the `moveToken` hook, workflows/turn/turn-hooks.ts); null in a game without attacks of opportunity.
   */
  readonly tokenMoved:
    | ((
        token: TokenDocument.Implementation,
        movement: TokenMovement,
        user: User.Implementation | null,
      ) => Promise<void>)
    | null;
  /**
   * SW-43 (issue 31): what an attack card provokes (an attack made inside an area a foe suppresses), run by the
   * active GM when the card is created (workflows/turn/turn-hooks.ts); null in a game without attacks of opportunity.
   */
  readonly attackMade: ((message: ChatMessage.OfType<"attack">) => Promise<void>) | null;
  /**
   * Trust review 1.3 (issue 31): is a player's change of a Combatant mark that changes other people's rolls — its
   * declared defense (`defending`: SW-17, SW-21, SW-23), a mech's Protect (`protecting`: SWN-06) — backed by what the
   * GM recorded (the round's action on its ledger, the attack cards the GM admitted)? Run by the active GM after the
   * generic referee (documents/combatant/mark-referee.ts) let the change through for its moment; false puts it back.
   * Null in a game without such marks.
   */
  readonly markBacked:
    | ((
        combat: Combat.Implementation,
        combatant: Combatant.Implementation,
        key: "defending" | "protecting",
        after: unknown,
      ) => Promise<boolean>)
    | null;
  /**
   * Issue 33: what a hotbar macro made of one of this game's own actors runs (SWN: a squad's attack, SWN-17, from the
   * squad sheet's Attack; workflows/macros.ts); null when the game has none.
   */
  readonly actorMacro: ((actor: Actor.Implementation) => Promise<void>) | null;
}

/**
 * What a game reads of v13's movement operation, the `moveToken` hook's second argument (client/documents/token.mjs,
 * `TokenMovementOperation`: `{id, chain, origin, destination, passed, pending, history, constrained, recorded,
 * method}`); fvtt-types 13.345 does not type that hook.
 */
export interface TokenMovement {
  /** The movement's id: the `movementId` of the waypoints it recorded. */
  readonly id: string;
  /** "dragging", "keyboard", "api", "config", "paste", "undo". */
  readonly method: string;
  readonly passed: {
    readonly waypoints: readonly { readonly x: number; readonly y: number; readonly action?: string }[];
  };
  /** Where the token stood before it (top-left pixels). */
  readonly origin?: { readonly x: number; readonly y: number };
  /** Where it ends (top-left pixels). */
  readonly destination?: { readonly x: number; readonly y: number };
  /** The recorded history before this movement (v13 `history.recorded.waypoints`). */
  readonly history?: {
    readonly recorded?: {
      readonly waypoints: readonly {
        readonly x: number;
        readonly y: number;
        readonly action?: string;
        readonly movementId?: string;
        readonly userId?: string;
      }[];
    };
  };
}

const registered = new Map<GameId, GameTable>();

/** A game module registers its table once, at `init` (src/games/index.ts). */
export function registerGame(table: GameTable): void {
  registered.set(table.id, table);
}

/** At init, after the games: add every game's status effects a module or an earlier call has not already added. */
export function registerGameStatuses(list: CONFIG.StatusEffect[]): void {
  for (const table of registered.values())
    for (const s of table.statusEffects) if (!list.some((e) => e.id === s.id)) list.push({ ...s });
}
/** Every registered game's table (what one game names, another may read: the pools a card's hit wrote). */
export const gameTables = (): readonly GameTable[] => [...registered.values()];

/** The table of a game by id; a game that registered nothing is a programming error, named. */
export function gameTable(id: GameId): GameTable {
  const table = registered.get(id);
  if (!table) throw new Error(`frontier-tactics | no game module registered for "${id}"`);
  return table;
}

/** The table of what a stored document was made under (a card's `engine` and `profile`). */
export function gameOf(stored: { readonly engine?: unknown; readonly profile?: unknown }): GameTable {
  return gameTable(gameIdOf(stored.engine, stored.profile));
}

const pageGame = perPage((): { id: GameId | null } => ({ id: null }));

/** Forget the page's game: the engine or profile setting changed (helpers/settings.ts calls it with the engine's). */
export function forgetGame(): void {
  pageGame().id = null;
}

/**
 * The game this world plays, from its settings (read once per page, again after a change of the engine or profile).
 * Reads the settings store directly so this file sits below helpers/settings.ts.
 */
export function currentGame(): GameTable {
  const page = pageGame();
  page.id ??= gameIdOf(game.settings?.get(SYSTEM_ID, "engine"), game.settings?.get(SYSTEM_ID, "profile"));
  return gameTable(page.id);
}
