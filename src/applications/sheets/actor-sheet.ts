/**
 * Character and creature sheet (ApplicationV2 + Handlebars). Play mode shows what a player needs in a fight —
 * Stamina, abilities, weapons with their chance to hit, ammunition and an attack button; edit mode changes the
 * numbers. New actors open in edit mode, existing ones in play mode.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../constants.js";
import { isItemType } from "../../data/subtypes.js";
import { linkPower } from "../../documents/item/power-links.js";
import { keepClassName } from "../../helpers/class-name.js";
import { currentGame } from "../../helpers/game.js";
import { loadPart } from "../../helpers/part-failed.js";
import { guard, guarded } from "../../helpers/report.js";
import { openWeaponTables } from "../weapon-tables-open.js";
import { keepClearedNumbers } from "./cleared-numbers.js";
import { bindRollDrags } from "./roll-drags.js";
import { loadedSheetSeam, loadSheetSeam } from "./sheet-seam.js";

const { ActorSheetV2 } = foundry.applications.sheets;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/**
 * The Handlebars actor sheet, seen as the ActorSheetV2 it is a subclass of. fvtt-types 13.345 cannot check a
 * subclass of `HandlebarsApplicationMixin(ActorSheetV2)` itself: "type instantiation is excessively deep", and
 * tsc goes from ~20 s / 0.7 GB to ~100-190 s / 3.2 GB (measured). Typed as ActorSheetV2, everything but the
 * mixin's own members is checked; `PARTS` is declared below with the mixin's part type.
 */
const Base: typeof ActorSheetV2 = foundry.applications.api.HandlebarsApplicationMixin(ActorSheetV2);

/**
 * Issue 33: the sheet's context and its item rows' controls load with the first sheet drawn (actor-sheet-work.ts):
 * `_prepareContext`, `_onFirstRender` and the item handlers are async, and v13 awaits the first two in `#render`
 * (client/applications/api/application.mjs); the class stays here, as the sheet registry takes it at `init`.
 */
// A failed load is told once (helpers/part-failed.ts): v13 `#render` rejects and the sheet does not open.
const work = () => loadPart(() => import("./actor-sheet-work.js"));

export class FrontierActorSheet extends Base {
  /** Play (false) or edit (true). */
  #editing: boolean | null = null;

  static override DEFAULT_OPTIONS = {
    classes: ["frontier-tactics", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    // AppV2 neither awaits nor catches action handlers: each one reports its own failure (report.ts).
    actions: {
      toggleMode: guarded(FrontierActorSheet.#onToggleMode),
      attack: guarded(FrontierActorSheet.#onAttack),
      punch: guarded(FrontierActorSheet.#onPunch),
      creatureAttack: guarded(FrontierActorSheet.#onCreatureAttack),
      throw: guarded(FrontierActorSheet.#onThrow),
      reload: guarded(FrontierActorSheet.#onReload),
      structure: guarded(FrontierActorSheet.#onStructure),
      spotting: guarded(FrontierActorSheet.#onSpotting),
      itemEdit: guarded(FrontierActorSheet.#onItemEdit),
      itemDelete: guarded(FrontierActorSheet.#onItemDelete),
      toggleDefense: guarded(FrontierActorSheet.#onToggleDefense),
      abilityCheck: guarded(FrontierActorSheet.#onAbilityCheck),
      skillCheck: guarded(FrontierActorSheet.#onSkillCheck),
      npcReaction: guarded(FrontierActorSheet.#onNpcReaction),
      useGear: guarded(FrontierActorSheet.#onUseGear),
      // Issue 33: the weapon-tables browser (loaded on first open; drag a row back onto this sheet).
      weaponTables: guarded(openWeaponTables),
    },
  };

  static PARTS: Record<string, HandlebarsTemplatePart> = {
    header: { template: templatePath("actor/header.hbs") },
    tabs: { template: templatePath("actor/tabs.hbs") },
    combat: { template: templatePath("actor/combat.hbs"), scrollable: [""] },
    gear: { template: templatePath("actor/gear.hbs"), scrollable: [""] },
    notes: { template: templatePath("actor/notes.hbs"), scrollable: [""] },
  };

  static override TABS = {
    primary: {
      // v13 adds "active" to a tab's cssClass; fvtt-types 13.345 requires the class, "" renders as none.
      tabs: [
        { id: "combat", cssClass: "" },
        { id: "gear", cssClass: "" },
        { id: "notes", cssClass: "" },
      ],
      initial: "combat",
      labelPrefix: "FT.Sheet.Tab",
    },
  };

  get editing(): boolean {
    if (this.#editing === null) {
      // New documents open in edit mode, existing ones in play mode (dnd5e#5049, Draw Steel #619).
      const created = this.document._stats?.createdTime ?? 0;
      this.#editing = Date.now() - created < 5000;
    }
    return this.#editing;
  }

  /** A cleared number box submits the stored number, not the schema's initial value (cleared-numbers.ts). */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    keepClearedNumbers(this.document, form, formData.object);
    return super._processFormData(event, form, formData);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const context = await super._prepareContext(options);
    const [{ actorSheetData }, sheet] = await Promise.all([work(), loadSheetSeam(currentGame())]);
    return Object.assign(context, {
      actor: this.document,
      editing: this.editing,
      tabs: this._prepareTabs("primary"),
      ...(await actorSheetData(this.document, sheet)),
    });
  }

  /** Every item row gets the Edit / Delete context menu, bound once on the sheet's element for all renders. */
  protected override async _onFirstRender(
    context: DeepPartial<foundry.applications.sheets.ActorSheetV2.RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    const { itemContextOptions } = await work();
    this._createContextMenu(() => itemContextOptions(this.document), "[data-item-id]", {
      hookName: "getFrontierItemContextOptions",
      parentClassHooks: false,
      // What v13 passes anyway (application.mjs); fvtt-types 13.345 requires it: callbacks get the row element.
      jQuery: false,
      // Positioned on the page, as core's tracker and chat menus are: otherwise v13 appends the menu inside the
      // table row it opened on (context-menu.mjs `_injectMenu`), which breaks the row and is cut by the scroll.
      fixed: true,
    });
  }

  /** Issue 33: the ability checks drag to the hotbar as roll macros (roll-drags.ts). */
  protected override async _onRender(
    context: DeepPartial<foundry.applications.sheets.ActorSheetV2.RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    bindRollDrags(this.element, this.document);
  }

  /** The power select on a weapon or screen row plugs it into a source (SF-X-36); the rest submits as usual. */
  protected override _onChangeForm(
    formConfig: foundry.applications.api.ApplicationV2.FormConfiguration,
    event: Event,
  ): void {
    // (By tag, not instanceof: an element from another window's document is still a select.)
    const target = event.target as Element | null;
    const select =
      target?.tagName === "SELECT" && target.matches("[data-ft-feed]") ? (target as HTMLSelectElement) : null;
    if (!select) {
      super._onChangeForm(formConfig, event);
      return;
    }
    const id = select.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
    void guard(async () => {
      // Refused (and said why): the select goes back to what the item says.
      if (!(await linkPower(this.document, id, select.value))) await this.render();
    });
  }

  static async #onToggleMode(this: FrontierActorSheet): Promise<void> {
    this.#editing = !this.editing;
    await this.render();
  }

  static async #onAttack(this: FrontierActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { attackWithWeapon } = await import("../../workflows/attack/attack.js");
    await attackWithWeapon(this.document, item, { fast: event.shiftKey });
  }

  /**
   * Issue 30: a click on a game's own control (the d20 special attacks, the SWN Morale and additional actions) runs
   * the handler the world's game names for its data-action. v13 calls `_onClickAction` only for an action with no
   * handler in `options.actions` (client/applications/api/application.mjs `#onClickAction`; fvtt-types 13.345
   * application.d.mts), and drops what it returns, neither awaited nor caught: the handler reports its own failure
   * (report.ts `guard`). The promise is returned all the same, as an async override's would be.
   */
  protected override _onClickAction(
    event: PointerEvent,
    target: foundry.applications.api.ApplicationV2.ActionTarget,
  ): Promise<void> | void {
    const act = loadedSheetSeam(currentGame())?.actions[target.dataset.action];
    if (!act) return super._onClickAction(event, target);
    // v13 runs an action listed in `options.actions` for its `buttons` only (the left button unless it says more:
    // application.mjs `#onClickAction`), but `_onClickAction` for a right-click too; a game's action is a left click.
    if (event.button !== 0) return;
    return guard(() => act(this.document, target, event));
  }

  /** Bare-hand melee (rules-tables §6): the workflow reads the user's target; shift-click skips the dialog. */
  static async #onPunch(this: FrontierActorSheet, event: PointerEvent): Promise<void> {
    const { punch } = await import("../../workflows/attack/attack.js");
    await punch(this.document, { fast: event.shiftKey });
  }

  /** A creature's natural attack at the user's target: one click, no dialog (issue 13). */
  static async #onCreatureAttack(this: FrontierActorSheet): Promise<void> {
    const { creatureAttack } = await import("../../workflows/attack/creature-attack.js");
    await creatureAttack(this.document);
  }

  /** A knife or spear thrown (SF-X-38). */
  static async #onThrow(this: FrontierActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { throwWeapon } = await import("../../workflows/attack/attack.js");
    await throwWeapon(this.document, item, { fast: event.shiftKey });
  }

  /** SF-B-20, SF-X-37: a fresh clip from the inventory; takes the turn (turn-ledger.ts). */
  static async #onReload(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { reloadFromSheet } = await import("../../workflows/turn/turn-ledger.js");
    await reloadFromSheet(this.document, item);
  }

  /** Shoot a door or wall (SF-X-41). */
  static async #onStructure(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { damageStructure } = await import("../../workflows/optional/structure.js");
    await damageStructure(this.document, item);
  }

  /** Spotting distance, whispered to the GM (SF-X-03). */
  static async #onSpotting(this: FrontierActorSheet): Promise<void> {
    const { spotting } = await import("../../workflows/optional/spotting.js");
    await spotting(this.document);
  }

  static async #onItemEdit(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const { editItem, itemOfRow } = await work();
    const item = itemOfRow(this.document, target);
    if (item) await editItem(item);
  }

  /** Asks first (DialogV2.confirm), deletes on Yes (item-controls.ts). */
  static async #onItemDelete(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const { confirmDeleteItem, itemOfRow } = await work();
    const item = itemOfRow(this.document, target);
    if (item) await confirmDeleteItem(item);
  }

  static async #onToggleDefense(
    this: FrontierActorSheet,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item || !isItemType(item, "defense")) return;
    await item.update({ system: { active: !item.system.active } });
  }

  /** Use a Stimdose or Staydose (SF-B-22, SF-B-15) on the user's target, or on this character. */
  static async #onUseGear(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { useGear } = await import("../../workflows/optional/drugs.js");
    await useGear(this.document, item);
  }

  /** Click: roll on the skill level's column. Shift-click: ask for shifts, a result shift and a colour first. */
  static async #onSkillCheck(this: FrontierActorSheet, e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { rollSkillCheck } = await import("../../workflows/optional/checks.js");
    if (!e.shiftKey) return rollSkillCheck(this.document, item);
    const { promptSkillCheck } = await import("../check-prompt.js");
    const answer = await promptSkillCheck(item.name);
    if (answer) await rollSkillCheck(this.document, item, answer);
  }

  static async #onNpcReaction(this: FrontierActorSheet): Promise<void> {
    const { rollNpcReaction } = await import("../../workflows/optional/checks.js");
    await rollNpcReaction(this.document);
  }

  /** Click: roll at the score. Shift-click: ask for the easy/hard adjustment first (SF-B-24). */
  static async #onAbilityCheck(
    this: FrontierActorSheet,
    e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const key = target.dataset.ability;
    if (!key) return;
    const { rollAbilityCheck } = await import("../../workflows/optional/checks.js");
    if (!e.shiftKey) return rollAbilityCheck(this.document, key);
    const { promptAdjustment } = await import("../check-prompt.js");
    const answer = await promptAdjustment(game.i18n?.localize(`FT.Ability.${key}.label`) ?? key);
    if (answer) await rollAbilityCheck(this.document, key, answer.adjustment, answer.rollMode);
  }
}

keepClassName(FrontierActorSheet, "FrontierActorSheet");
