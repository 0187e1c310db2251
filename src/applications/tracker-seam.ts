/**
 * Issue 30: what a game brings to the combat tracker (combat-tracker.ts asks the world's game, `currentGame()`):
 * what it adds to the by-count list (SW-03's initiative counts) and to each of its rows, and the tracker controls
 * it adds. Declared here, beside the tracker that asks it, and merged into the game table (helpers/game.ts).
 */

/** What one by-count row knows when a game adds its controls to it. */
export interface TrackerRowFacts {
  readonly combat: Combat.Implementation;
  readonly combatant: Combatant.Implementation | undefined;
  /** The combatant acts now. */
  readonly current: boolean;
  /** The user may act for it (its owner or the GM). */
  readonly mayAct: boolean;
}

/** A control a game draws on a by-count row (templates/apps/turn.hbs): its action, icon and words (i18n keys). */
export interface TrackerRowControl {
  readonly action: string;
  /** A Font Awesome icon class (`fa-binoculars`). */
  readonly icon: string;
  readonly hint: string;
  readonly label: string;
}

/** A tracker control a game adds (`data-action`), with the tracker's combat and the clicked element. */
export type TrackerAction = (combat: Combat.Implementation | null, target: HTMLElement) => Promise<void>;

export interface GameTrackerSeam {
  /**
   * What the game adds to a by-count tracker's context, loaded when asked: `ftGamePart`, a loaded partial's path
   * that templates/apps/tracker.hbs draws over the list, and what it reads (SWN-12, SWN-13: the Morale strip).
   */
  readonly byCountContext: (combat: Combat.Implementation) => Promise<Record<string, unknown>>;
  /** The controls the game draws on one by-count row (SWN-08: overwatch's two), each handled by its `actions`. */
  readonly byCountRow: (row: TrackerRowFacts) => readonly TrackerRowControl[];
  /** The controls the game adds, by their `data-action` name. */
  readonly actions: Readonly<Record<string, TrackerAction>>;
  /** Issue 33: every control `byCountRow` may draw, for the combatant's context menu (tracker-menu.ts). */
  readonly menu?: readonly TrackerRowControl[];
}

/** A game with nothing to add to the tracker. */
export const NO_TRACKER_EXTRAS: GameTrackerSeam = {
  byCountContext: () => Promise.resolve({}),
  byCountRow: () => [],
  actions: {},
};

declare module "../helpers/game.js" {
  interface GameTable {
    /** The game's tracker controls (applications/tracker-seam.ts). */
    readonly tracker: GameTrackerSeam;
  }
}
