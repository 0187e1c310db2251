/**
 * Character and creature sheet (ApplicationV2 + Handlebars). Play mode shows what a player needs in a fight —
 * Stamina, abilities, weapons with their chance to hit, ammunition and an attack button; edit mode changes the
 * numbers. New actors open in edit mode, existing ones in play mode.
 */
import { templatePath } from "../../constants.js";
import { HANDEDNESS, RACES } from "../../data/actor/specs.js";
import type { ActorSystem } from "../../data/models.js";
import { guarded } from "../../helpers/report.js";
import { currentVariant, getSetting, SETTINGS } from "../../helpers/settings.js";
import { type AppRenderOptions, type AppV2Like, actorSheetBase } from "../../types/app-bases.js";
import { abilityPairs, type ItemLike, staminaBar, weaponRow } from "./context.js";

export class FrontierActorSheet extends actorSheetBase() {
  /** Play (false) or edit (true). */
  #editing: boolean | null = null;

  static DEFAULT_OPTIONS = {
    classes: ["frontier-tactics", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    // AppV2 neither awaits nor catches action handlers: each one reports its own failure (report.ts).
    actions: {
      toggleMode: guarded(FrontierActorSheet.#onToggleMode),
      attack: guarded(FrontierActorSheet.#onAttack),
      itemEdit: guarded(FrontierActorSheet.#onItemEdit),
      itemDelete: guarded(FrontierActorSheet.#onItemDelete),
      toggleDefense: guarded(FrontierActorSheet.#onToggleDefense),
      abilityCheck: guarded(FrontierActorSheet.#onAbilityCheck),
      skillCheck: guarded(FrontierActorSheet.#onSkillCheck),
    },
  };

  static PARTS = {
    header: { template: templatePath("actor/header.hbs") },
    tabs: { template: templatePath("actor/tabs.hbs") },
    combat: { template: templatePath("actor/combat.hbs"), scrollable: [""] },
    gear: { template: templatePath("actor/gear.hbs"), scrollable: [""] },
    notes: { template: templatePath("actor/notes.hbs"), scrollable: [""] },
  };

  static TABS = {
    primary: {
      tabs: [{ id: "combat" }, { id: "gear" }, { id: "notes" }],
      initial: "combat",
      labelPrefix: "FT.Sheet.Tab",
    },
  };

  get editing(): boolean {
    if (this.#editing === null) {
      // New documents open in edit mode, existing ones in play mode (dnd5e#5049, Draw Steel #619).
      const created =
        (this.document as unknown as { _stats?: { createdTime?: number } })._stats?.createdTime ?? 0;
      this.#editing = Date.now() - created < 5000;
    }
    return this.#editing;
  }

  protected override async _prepareContext(options: AppRenderOptions): Promise<Record<string, unknown>> {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const sys = actor.system as unknown as ActorSystem;
    const variant = currentVariant();
    const items = actor.items.contents.map(
      (i) =>
        ({
          id: i.id ?? "",
          name: i.name,
          img: i.img ?? "",
          type: i.type,
          system: i.system as unknown as Record<string, unknown>,
        }) as ItemLike,
    );
    const engine = getSetting(SETTINGS.engine);
    return Object.assign(context, {
      actor,
      system: sys,
      source: actor.system._source,
      editing: this.editing,
      tabs: this._prepareTabs("primary"),
      isCharacter: actor.type === "character",
      engine,
      showD20: engine === "d20",
      zebulon: engine === "zebulon",
      raceChoices: Object.fromEntries(RACES.map((r) => [r, `FT.Race.${r}`])),
      handChoices: Object.fromEntries(HANDEDNESS.map((h) => [h, `FT.Hand.${h}`])),
      variant,
      stamina: staminaBar(sys.stamina.value, sys.stamina.max),
      derived: sys.derived,
      abilityPairs: abilityPairs(sys.abilities),
      weapons: items
        .filter((i) => i.type === "weapon")
        .map((i) => weaponRow(i, sys.derived, sys.abilities.dex?.value ?? 0, variant)),
      defenses: items.filter((i) => i.type === "defense"),
      power: items.filter((i) => i.type === "powerSource"),
      skills: items.filter((i) => i.type === "skill"),
      gear: items.filter((i) => i.type === "gear" || i.type === "race"),
      // Secret blocks are shown to whoever owns the actor (and the GM), as core sheets do.
      notesHTML: await foundry.applications.ux.TextEditor.implementation.enrichHTML(sys.notes ?? "", {
        relativeTo: actor,
        secrets: actor.isOwner,
      }),
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
    const { attackWithWeapon } = await import("../../workflows/attack.js");
    await attackWithWeapon(this.document, item, { fast: event.shiftKey });
  }

  static async #onItemEdit(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    // Item sheets are ApplicationV2: render({force}) rather than the deprecated boolean form.
    const sheet = (id ? this.document.items.get(id)?.sheet : null) as AppV2Like | null | undefined;
    await sheet?.render({ force: true });
  }

  static async #onItemDelete(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (item) await item.deleteDialog();
  }

  static async #onToggleDefense(
    this: FrontierActorSheet,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const active = (item.system as unknown as { active: boolean }).active;
    await item.update({ "system.active": !active } as Item.UpdateData);
  }

  static async #onSkillCheck(this: FrontierActorSheet, _e: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    if (!item) return;
    const { rollSkillCheck } = await import("../../workflows/checks.js");
    await rollSkillCheck(this.document, item);
  }

  static async #onAbilityCheck(
    this: FrontierActorSheet,
    _e: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const key = target.dataset.ability;
    if (!key) return;
    const { rollAbilityCheck } = await import("../../workflows/checks.js");
    await rollAbilityCheck(this.document, key);
  }
}
