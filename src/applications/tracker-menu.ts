/**
 * Issue 33 (table-ux-2 §4, "labelled tracker actions or a combatant context menu"): every action a combatant's row
 * offers as an icon button is also an entry of the combatant's context menu, named in words. An entry is offered
 * exactly when the row draws its button for this user (the template's conditions: the acting combatant, its owner
 * or the GM, the game's own controls), and choosing it presses that button, so the menu and the row never disagree
 * and the same handler (and the GM's referee behind it) runs.
 *
 * Foundry v13: client/applications/sidebar/tabs/combat-tracker.mjs `_getEntryContextOptions` returns the combatant
 * entries (`{name, icon, condition(li), callback(li)}`, `li` the `.combatant` row), bound by `_onFirstRender` with
 * `_createContextMenu(this._getEntryContextOptions, ".combatant", {fixed: true})`; client/applications/ux/
 * context-menu.mjs localizes each `name` and shows an entry when its `condition(li)` is true. Menu entries are fixed
 * when the tracker first renders, so every action a row may draw is listed here and the row's DOM says which apply.
 * Modules still add theirs through v13's hook `getCombatTrackerContextOptions` (as dodging does, turn-hooks.ts).
 */
import type { TrackerRowControl } from "./tracker-seam.js";

type MenuEntry = foundry.applications.ux.ContextMenu.Entry<HTMLElement>;

/** A row button: its `data-action`, and its tooltip key where one action has two meanings (act after delay/ready). */
interface RowAction {
  readonly action: string;
  readonly label: string;
  readonly icon: string;
  readonly tooltip?: string;
}

/** The core rows' actions (templates/apps/turn.hbs), in the row's order. */
const ROW_ACTIONS: readonly RowAction[] = [
  { action: "declare", label: "FT.Phases.declare", icon: "fa-bullhorn" },
  { action: "run", label: "FT.D20.Move.run", icon: "fa-person-running" },
  { action: "disengage", label: "FT.D20.Move.disengage", icon: "fa-person-walking-arrow-right" },
  { action: "holdDelay", label: "FT.D20.Initiative.delay", icon: "fa-hourglass-half" },
  { action: "holdReady", label: "FT.D20.Initiative.ready", icon: "fa-crosshairs" },
  ...(["delaying", "readied"] as const).map((hold) => ({
    action: "actFromHold",
    label: `FT.D20.Initiative.${hold}Act`,
    tooltip: `FT.D20.Initiative.${hold}Act`,
    icon: hold === "delaying" ? "fa-play" : "fa-bolt",
  })),
  { action: "attackOfOpportunity", label: "FT.D20.AoO.button", icon: "fa-khanda" },
  { action: "toggleUnaware", label: "FT.D20.Initiative.markUnaware", icon: "fa-bed" },
];

/** The row's button for `a`, when the row draws it for this user. */
function rowButton(li: HTMLElement, a: RowAction): HTMLElement | null {
  const tip = a.tooltip ? `[data-tooltip="${a.tooltip}"]` : "";
  return li.querySelector<HTMLElement>(`.combatant-controls [data-action="${a.action}"]${tip}`);
}

/** The combatant menu's entries for the row's actions and the game's own row controls (`tracker.menu`). */
export function rowActionEntries(gameControls: readonly TrackerRowControl[]): MenuEntry[] {
  const actions: RowAction[] = [
    ...ROW_ACTIONS,
    ...gameControls.map((c) => ({ action: c.action, label: c.label, icon: c.icon })),
  ];
  return actions.map((a) => ({
    name: a.label,
    icon: `<i class="fa-solid ${a.icon}" inert></i>`,
    condition: (li: HTMLElement) => !!rowButton(li, a),
    callback: (li: HTMLElement) => {
      rowButton(li, a)?.click();
    },
  }));
}
