/**
 * Issue 30: what each game's sheet shows — the `sheet` section of its table ({@link GameTable}). The actor and item
 * sheets are generic: they draw the parts a game names (its own block templates at the top of the combat tab, its
 * weapon columns, its item bodies) and the shared controls it says it has, by name ({@link SheetShows}). A game
 * module fills the section (src/games/<game>/applications/sheet.ts); nothing here knows a game.
 */

import type { WeaponSystem } from "../../data/item/facts.js";
import type { ActorSystem } from "../../data/subtypes.js";
import type { WeaponRow } from "./context.js";

/** The shared controls of the actor sheet a game draws, each by name (a game without it draws nothing there). */
export interface SheetShows {
  /** Race and handedness chips (and selects), Star Frontiers' (SF-B-03). */
  readonly race: boolean;
  /** The initiative modifier chip (SF-X-04). */
  readonly im: boolean;
  /** Stamina bar, walk/run in metres, Wounded and Unconscious chips (SF-B-16). */
  readonly stamina: boolean;
  /** The Ranged and Melee base chances in % (SF-X-11..13). */
  readonly bases: boolean;
  /** A creature's percentile natural attack, size and movement category (issue 13, SF-X-25). */
  readonly creatureAttack: boolean;
  /** Bare-hand melee (Punch); its hint comes with the sheet's context. */
  readonly punch: boolean;
  /** Spotting distance (SF-X-03). */
  readonly spotting: boolean;
  /** "Weapon holstered (−3 initiative)" (SF-X-06). */
  readonly holstered: boolean;
  /** "Anesthetic (no wound penalty)". */
  readonly anesthetic: boolean;
  /** Zebulon's skill check on a skill row (SF-Z-*). */
  readonly skillCheck: boolean;
  /** A defence's slot chip (screen or suit: the Star Frontiers defences). */
  readonly slots: boolean;
}

/** A head of the weapon table after the weapon's name: an i18n label and an optional tooltip key. */
export interface SheetHead {
  readonly label: string;
  readonly hint?: string;
}

/**
 * One cell of a weapon row. `key` names it in the page (`data-ft-<key>`), `cls` is its class (`ft-chance` for the
 * attack number the roll uses).
 */
export interface SheetCell {
  readonly key: string;
  readonly text: string;
  readonly cls?: string;
  /** i18n keys shown after the text, comma-separated (a d20 weapon's fire modes). */
  readonly keys?: readonly string[];
}

/** A weapon row as a game draws it. */
export interface GameWeaponRow {
  /** The cells after the weapon's name, one per {@link GameSheetSeam.weaponHeads} entry. */
  readonly cells: readonly SheetCell[];
  /** The line under the weapon's name: an i18n label and what follows it ("Beam Weapons 2", "Ranged"). */
  readonly note: { readonly label: string; readonly value: string };
  /** The game has no reach for it: Attack is disabled with the reason shown (SF: no range bands entered). */
  readonly noRange: boolean;
  /** Reload is offered (it holds ammunition that is not thrown). */
  readonly reload: boolean;
  /** Shoot a door or wall (SF-X-41). */
  readonly structure: boolean;
  /** A knife or spear that can also be thrown (SF-X-38). */
  readonly throwable: boolean;
}

/** A click on one of the game's own sheet controls (its `data-action`), on the clicking user's client. */
export type GameSheetAction = (
  actor: Actor.Implementation,
  target: HTMLElement,
  event: PointerEvent,
) => Promise<void>;

/** What a game's sheet shows: the `sheet` section of its table. */
export interface GameSheetSeam {
  readonly shows: SheetShows;
  /** The heading of the defences list, an i18n key ("Suits and screens", "Armour"). */
  readonly defensesHeading: string;
  /** The game's blocks at the top of the combat tab (template paths under templates/, drawn in order). */
  readonly blocks: readonly string[];
  /** The handlers of its blocks' controls, by `data-action` (the sheet's `_onClickAction` runs them). */
  readonly actions: Readonly<Record<string, GameSheetAction>>;
  /** What its blocks read, merged into the sheet's context, from the actor's data. */
  blockContext(system: ActorSystem): Record<string, unknown>;
  /** The weapon table's heads after the weapon's name. */
  readonly weaponHeads: readonly SheetHead[];
  /** A weapon row: the shared row (ammunition, power, melee) with the game's cells and controls. */
  weaponRow(row: WeaponRow, weapon: WeaponSystem, system: ActorSystem): GameWeaponRow;
  /** Item bodies this game draws instead of the shared one of a type (`item/body-<type>.hbs`), in order. */
  readonly itemParts: Readonly<Partial<Record<string, readonly string[]>>>;
  /** What its item bodies read (their choices), merged into the item sheet's context. */
  itemContext(): Record<string, unknown>;
}

import type { GameTable } from "../../helpers/game.js";
import { loadPart } from "../../helpers/part-failed.js";

declare module "../../helpers/game.js" {
  interface GameTable {
    /** Its sheets' parts, loaded with the first sheet drawn (issue 30: not in a world's first load). */
    readonly sheet: () => Promise<GameSheetSeam>;
  }
}

/** Each game's sheet section once loaded (the code of a module, the same on every page). */
const LOADED = new Map<string, GameSheetSeam>();

/** The world's game's sheet section, loaded the first time a sheet is drawn. */
export async function loadSheetSeam(table: GameTable): Promise<GameSheetSeam> {
  let seam = LOADED.get(table.id);
  if (!seam) {
    seam = await loadPart(table.sheet); // a failed load is told once (helpers/part-failed.ts)
    LOADED.set(table.id, seam);
  }
  return seam;
}

/** The world's game's sheet section if a sheet has loaded it (a click on a drawn sheet always finds it). */
export function loadedSheetSeam(table: GameTable): GameSheetSeam | null {
  return LOADED.get(table.id) ?? null;
}

/** One item's sheet body: the game's own parts for its type, else the shared body of the type. */
export function itemPartsOf(seam: GameSheetSeam, type: string): readonly string[] {
  return seam.itemParts[type] ?? [`item/body-${type}.hbs`];
}
