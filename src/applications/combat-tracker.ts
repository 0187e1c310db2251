/**
 * The combat tracker with side headers (colour, die, modifier and whose it is, total, surprised badge) and the
 * phase of the round — declarations, B moves, A moves, A resolves, B resolves (SF-X-01) — stepped by the GM.
 * A subclass of the v13 CombatTracker with its own tracker PART; no DOM surgery.
 */

import { SYSTEM_ID, templatePath } from "../constants.js";
import { combatState } from "../documents/combat/gm-state.js";
import { isSide } from "../documents/subtypes.js";
import { keepClassName } from "../helpers/class-name.js";
import { currentGame } from "../helpers/game.js";
import { loadPart } from "../helpers/part-failed.js";
import { guarded } from "../helpers/report.js";
import { trackerGuarded } from "../helpers/tracker-report.js";
import { moveToSideEntry } from "./side-move.js";
import { rowActionEntries } from "./tracker-menu.js";

type RenderContext = foundry.applications.sidebar.tabs.CombatTracker.RenderContext;
type Configuration = foundry.applications.sidebar.tabs.CombatTracker.Configuration;
/**
 * v13 `CombatTracker#_configureRenderOptions` reads `options.combat` (the combat to view); fvtt-types 13.345 omits
 * that render option, so it is added here.
 */
type RenderOptions = foundry.applications.sidebar.tabs.CombatTracker.RenderOptions & {
  combat?: Combat.Implementation | null;
};

const Base = foundry.applications.sidebar.tabs.CombatTracker<RenderContext, Configuration, RenderOptions>;
type Tracker = InstanceType<typeof Base>;

export class FrontierCombatTracker extends Base {
  static override DEFAULT_OPTIONS = {
    // Each control reports its own failure (no GM, a time-out, a refusal) in the tracker's words (R2-5): AppV2 does
    // not await or catch action handlers.
    actions: {
      rollSide: trackerGuarded(FrontierCombatTracker.#onRollSide),
      phaseNext: guarded(FrontierCombatTracker.#onPhaseNext),
      phasePrev: guarded(FrontierCombatTracker.#onPhasePrev),
      toggleSurprised: guarded(FrontierCombatTracker.#onToggleSurprised),
      editSide: guarded(FrontierCombatTracker.#onEditSide),
      declare: guarded(FrontierCombatTracker.#onDeclare),
      individualSides: guarded(FrontierCombatTracker.#onIndividualSides),
      toggleUnaware: guarded(FrontierCombatTracker.#onToggleUnaware),
      toggleGroupRoll: guarded(FrontierCombatTracker.#onToggleGroupRoll),
      holdDelay: guarded(FrontierCombatTracker.#onHoldDelay),
      holdReady: guarded(FrontierCombatTracker.#onHoldReady),
      actFromHold: guarded(FrontierCombatTracker.#onActFromHold),
      attackOfOpportunity: guarded(FrontierCombatTracker.#onAttackOfOpportunity),
      run: guarded(FrontierCombatTracker.#onRun),
      disengage: guarded(FrontierCombatTracker.#onDisengage),
      dispositionSides: guarded(FrontierCombatTracker.#onDispositionSides),
    },
  };

  static override PARTS = {
    header: Base.PARTS.header!,
    tracker: {
      template: templatePath("apps/tracker.hbs"),
      // The row partial is loaded before the first render (HandlebarsApplicationMixin awaits `templates`).
      templates: [templatePath("apps/turn.hbs")],
      // The list scrolls (styles: .ft-tracker .combat-tracker) and keeps its place across renders.
      scrollable: [".combat-tracker"],
    },
    footer: Base.PARTS.footer!,
  };

  get combat() {
    return this.viewed;
  }

  /**
   * Issue 30: the controls the world's game adds to the tracker (SWN-08's overwatch, SWN-12's Morale edit) join the
   * class's own. v13 client/applications/api/application.mjs `_initializeApplicationOptions` merges the class chain's
   * DEFAULT_OPTIONS into `this.options`, whose `actions` `_onClickAction` dispatches `data-action` clicks to; the
   * tracker is made after `init`, when the game tables are registered.
   */
  protected override _initializeApplicationOptions(
    options: Partial<Configuration>,
  ): ReturnType<Tracker["_initializeApplicationOptions"]> {
    const out = super._initializeApplicationOptions(options);
    for (const [name, act] of Object.entries(currentGame().tracker.actions))
      out.actions[name] = guarded(function (
        this: FrontierCombatTracker,
        _e: PointerEvent,
        target: HTMLElement,
      ) {
        return act(this.combat, target);
      });
    return out;
  }

  /**
   * Round changes are the GM's (`FrontierCombat#_canChangeRound`), so core's footer drops a player's turn controls
   * on the first and last turn (it asks whether the player may change the round there). A player still ends their
   * own turn: on the last turn `nextRound` asks the GM, who re-rolls and starts the next round (SF-B-04).
   */
  protected override async _prepareCombatContext(
    context: RenderContext,
    options: RenderOptions,
  ): ReturnType<Tracker["_prepareCombatContext"]> {
    // v13 fills `context` and returns nothing; fvtt-types 13.345 says it returns the combat context. Whatever core
    // returns is passed on unchanged.
    const result = await super._prepareCombatContext(context, options);
    const combat = this.combat;
    const user = game.user;
    if (!combat || !user || user.isGM) return result;
    Object.assign(context, { control: combat.started && !!combat.combatant?.players?.includes(user) });
    return result;
  }

  /**
   * Core writes the rows it shows into `context.turns` (v13 `_prepareTrackerContext` fills the context). Every
   * client renders this, so stored data the rules refuse (a side d10 of 11) must not break the tracker (H2): the
   * rows are then shown as core orders them, without side headers, and the failure is logged.
   */
  protected override async _prepareTrackerContext(
    context: RenderContext & { turns?: foundry.applications.sidebar.tabs.CombatTracker.TurnContext[] },
    options: RenderOptions,
  ): Promise<void> {
    await super._prepareTrackerContext(context, options);
    try {
      const combat = this.combat;
      if (!combat) return;
      // Issue 33: the rows' drawing loads with the first combat shown (tracker-prepare.ts). v13 awaits this method:
      // client/applications/sidebar/tabs/combat-tracker.mjs `_preparePartContext` (code index id 2184532280),
      // `case "tracker": await this._prepareTrackerContext(context, options)`.
      // A failed load is told once (helpers/part-failed.ts), and the tracker falls back to core's order below.
      const { prepareByCount, prepareSides } = await loadPart(() => import("./tracker-prepare.js"));
      if (combat.byCount) {
        prepareByCount(combat, context);
        // Issue 30: what the world's game adds to the list (SWN-12, SWN-13: the Morale strip, loaded when asked).
        Object.assign(context, await currentGame().tracker.byCountContext(combat));
      } else prepareSides(combat, context);
    } catch (e) {
      console.error(`${SYSTEM_ID} | the tracker shows core's order:`, e);
      Object.assign(context, {
        ftSides: [],
        ftLoose: context.turns ?? [],
        ftPhases: [],
        ftPhaseGroups: [],
        ftPhase: null,
      });
    }
  }

  /**
   * The combatant menu: the row's actions in words (issue 33, tracker-menu.ts), then core's, then the GM's "Move to
   * side…" (hooks such as dodging's add theirs after it).
   */
  protected override _getEntryContextOptions(): foundry.applications.ux.ContextMenu.Entry<HTMLElement>[] {
    return [
      ...rowActionEntries(currentGame().tracker.menu ?? []),
      ...super._getEntryContextOptions(),
      moveToSideEntry(() => this.combat),
    ];
  }

  /** GM, before the start (SW-02): mark a combatant unaware of its opponents, or aware again. */
  static async #onToggleUnaware(
    this: FrontierCombatTracker,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const combat = this.combat;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    if (!game.user?.isGM || !combat || combat.started || !combatant) return;
    await combat.setUnaware(id ?? "", !combat.isUnaware(id ?? ""));
  }

  /**
   * SW-25: the combatant's attack of opportunity at the user's target, with its first melee weapon (an equipped one
   * first): one a round, at the highest bonus, not the round's action (`turn-ledger.ts`).
   */
  static async #onAttackOfOpportunity(
    this: FrontierCombatTracker,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? this.combat?.combatants.get(id) : undefined;
    if (!combatant) return;
    const { attackOfOpportunity } = await import("../workflows/attack/opportunity.js");
    await attackOfOpportunity(combatant, [...(game.user?.targets ?? [])][0]);
  }

  /** SW-24: the acting combatant runs (its owner or the GM), as its round's full-round action. */
  static async #onRun(this: FrontierCombatTracker): Promise<void> {
    const c = this.combat?.combatant;
    if (!c) return;
    // Issue 30: the world's game's run (SW-24), none in a Star Frontiers world.
    await currentGame().turnActions.move?.(c, "run");
  }

  /** SW-24: the acting combatant disengages, as its round's full-round action. */
  static async #onDisengage(this: FrontierCombatTracker): Promise<void> {
    const c = this.combat?.combatant;
    if (!c) return;
    await currentGame().turnActions.move?.(c, "disengage");
  }

  /** GM (SW-03): roll each side's NPCs as one group from now on, or each on its own. */
  static async #onToggleGroupRoll(this: FrontierCombatTracker): Promise<void> {
    const combat = this.combat;
    if (!game.user?.isGM || !combat) return;
    await combat.update({ system: { groupRoll: !combatState(combat).groupRoll } });
  }

  /** SW-34: the current combatant's owner (or the GM) delays its turn. */
  static async #onHoldDelay(this: FrontierCombatTracker): Promise<void> {
    await this.combat?.holdTurn("delaying");
  }

  /** SW-34: the current combatant's owner (or the GM) readies an action. */
  static async #onHoldReady(this: FrontierCombatTracker): Promise<void> {
    await this.combat?.holdTurn("readied");
  }

  /** SW-34, GM: a delaying combatant acts now, or a readied one's trigger happens. */
  static async #onActFromHold(
    this: FrontierCombatTracker,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    if (id) await this.combat?.actFromHold(id);
  }

  /** GM: every character its own side (SF-X-05); the README promises it. */
  static async #onIndividualSides(this: FrontierCombatTracker): Promise<void> {
    if (game.user?.isGM) await this.combat?.individualSides();
  }

  /** GM: back to sides by token disposition. */
  static async #onDispositionSides(this: FrontierCombatTracker): Promise<void> {
    if (game.user?.isGM) await this.combat?.sidesByDisposition();
  }

  /** A combatant's owner declares for it in the declare phase (SF-X-07). */
  static async #onDeclare(this: FrontierCombatTracker, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.combat;
    const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId;
    const combatant = id ? combat?.combatants.get(id) : undefined;
    // Issue 33: the declaration dialog loads with its first opening.
    if (combat && combatant) await (await import("./declare-dialog.js")).declareFor(combat, combatant);
  }

  static async #onRollSide(
    this: FrontierCombatTracker,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.dataset.groupId;
    if (!id) return;
    // A failure (no GM, a time-out) is reported by `guarded`: AppV2 does not await action handlers.
    await this.combat?.rollSides({ sideIds: [id] });
  }

  /** GM: the next phase; Foundry's turn goes with it to the phase's first combatant (`FrontierCombat#stepPhase`). */
  static async #onPhaseNext(this: FrontierCombatTracker): Promise<void> {
    await this.combat?.stepPhase(1);
  }

  static async #onPhasePrev(this: FrontierCombatTracker): Promise<void> {
    await this.combat?.stepPhase(-1);
  }

  /** The side a GM-only control points at (`data-group-id`), or undefined for players and stale ids. */
  #gmGroup(target: HTMLElement): CombatantGroup.OfType<"side"> | undefined {
    if (!game.user?.isGM || !target.dataset.groupId) return undefined;
    const group = this.combat?.groups.get(target.dataset.groupId);
    return group && isSide(group) ? group : undefined;
  }

  /** The GM can edit a side's result: its d10 and modifier (SF-X-04). */
  static async #onEditSide(
    this: FrontierCombatTracker,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const group = this.#gmGroup(target);
    if (!group) return;
    // A sealed side's numbers are in this GM's browser, not on the group (R1-5d); unknown ones open blank.
    const known = group.system.sealed ? this.combat?.sideSecrets().get(group.id ?? "") : group.system;
    const t = (k: string) => game.i18n?.localize(k) ?? k;
    const result = await foundry.applications.api.DialogV2.prompt({
      // A side's name may be a combatant's (individual sides): it goes into the dialog's HTML escaped, and not into
      // the window title at all (H5).
      window: { title: t("FT.Side.edit") },
      content: `<p class="ft-side-name">${foundry.utils.escapeHTML(group.name ?? "")}</p><div class="form-group"><label>${t("FT.Side.dieHint")}</label><input type="number" name="roll" min="1" max="10" value="${known?.roll ?? ""}"></div>
        <div class="form-group"><label>${t("FT.Side.modifier")}</label><input type="number" name="modifier" value="${known?.modifier ?? 0}"></div>`,
      ok: {
        callback: (_ev: Event, button: HTMLButtonElement) => {
          const f = button.form!;
          return {
            roll: Number((f.elements.namedItem("roll") as HTMLInputElement).value),
            modifier: Number((f.elements.namedItem("modifier") as HTMLInputElement).value),
          };
        },
      },
    });
    // v13 resolves with the callback's numbers (null when dismissed); fvtt-types 13.345 reads a callback's result
    // only from one without parameters, so it types this as the button's action id.
    const r = result as { roll: number; modifier: number } | null;
    if (!r || !Number.isInteger(r.roll) || r.roll < 1 || r.roll > 10 || !Number.isInteger(r.modifier)) {
      if (r) ui.notifications?.warn(t("FT.Side.badEdit"));
      return;
    }
    await this.combat?.editSide(group.id ?? "", r.roll, r.modifier);
  }

  static async #onToggleSurprised(
    this: FrontierCombatTracker,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const group = this.#gmGroup(target);
    if (!group) return;
    await this.combat?.setSurprised(group.id ?? "", !group.system.surprised);
  }
}

keepClassName(FrontierCombatTracker, "FrontierCombatTracker");
