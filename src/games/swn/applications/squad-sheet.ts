/**
 * The squad sheet (SWN-17, SWN-19; ApplicationV2 + Handlebars, like the character sheet): the units bar, the HP pool,
 * the squad's numbers, its weapon with the readout "average × units = flat damage (half X)", its footprint and who
 * leads it. The owner edits every field in place (each change is saved as it is made); an observer reads it.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { keepClearedNumbers } from "../../../applications/sheets/cleared-numbers.js";
import { bindRollDrags } from "../../../applications/sheets/roll-drags.js";
import { templatePath } from "../../../constants.js";
import { isSquad } from "../../../data/subtypes.js";
import { keepClassName } from "../../../helpers/class-name.js";
import { loadPart } from "../../../helpers/part-failed.js";
import { guard, guarded, notify } from "../../../helpers/report.js";

const { ActorSheetV2 } = foundry.applications.sheets;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/** Typed as ActorSheetV2 for the reason given in actor-sheet.ts (fvtt-types cannot check the mixin's subclass). */
const Base: typeof ActorSheetV2 = foundry.applications.api.HandlebarsApplicationMixin(ActorSheetV2);

/** An actor's UUID (a world actor's, or an unlinked token's synthetic actor's), as `ledBy` stores it (SWN-19). */
function isActorUuid(s: string): s is string & Parameters<typeof fromUuidSync>[0] {
  return /^(Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}\.)?Actor\.[A-Za-z0-9]{16}$/.test(s);
}

/** A dropped actor's UUID: a world actor's, a token's synthetic actor's, or a compendium's. */
function isDropUuid(s: string): s is string & Parameters<typeof fromUuid>[0] {
  return /^(Compendium|Scene|Actor)\.[\w.-]+$/.test(s);
}

/** SWN-19: the actor leading the squad, or null when unset, malformed or not on this client. */
function leaderOf(uuid: string): Actor | null {
  if (!isActorUuid(uuid) || typeof fromUuidSync !== "function") return null;
  try {
    const leader: unknown = fromUuidSync(uuid);
    return leader instanceof Actor ? leader : null;
  } catch {
    return null;
  }
}

/** SWN-19: the name of the actor leading the squad, or "" when unset, malformed or not on this client. */
export function leaderName(uuid: string): string {
  return leaderOf(uuid)?.name ?? "";
}

export class FrontierSquadSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["frontier-tactics", "sheet", "actor", "squad"],
    position: { width: 560, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    // AppV2 neither awaits nor catches action handlers: each one reports its own failure (report.ts).
    actions: {
      squadAttack: guarded(FrontierSquadSheet.#onAttack),
      leadSquad: guarded(FrontierSquadSheet.#onLeadSquad),
      clearLeader: guarded(FrontierSquadSheet.#onClearLeader),
      healSquad: guarded(FrontierSquadSheet.#onHeal),
    },
  };

  /** SWN-17: the squad attacks the user's one target (one click, no dialog); its card goes to chat. */
  static async #onAttack(this: FrontierSquadSheet): Promise<void> {
    const { squadAttackFromSheet } = await import("../workflows/squad-attack.js");
    await squadAttackFromSheet(this.document);
  }

  /** SWN-17: heal the squad one unit at a time. */
  static async #onHeal(this: FrontierSquadSheet): Promise<void> {
    const { healFromSheet } = await import("../workflows/squad-heal.js");
    await healFromSheet(this.document);
  }

  /** SWN-19: the user's character leads this squad (its Authority focus), and none of its other squads. */
  static async #onLeadSquad(this: FrontierSquadSheet): Promise<void> {
    const leader = game.user?.character;
    if (!leader) return notify("warn", "FT.SWN.Act.noLeaderHere");
    const { leadSquad } = await import("../workflows/actions.js");
    await leadSquad(leader, this.document.id ?? "");
  }

  /** SWN-19 (issue 33): the leader field's remove button: nobody leads the squad. */
  static async #onClearLeader(this: FrontierSquadSheet): Promise<void> {
    await this.document.update({ system: { ledBy: "" } });
  }

  /**
   * Issue 33: the squad's Attack drags to the hotbar (roll-drags.ts), and an actor dropped on the leader field leads
   * the squad (SWN-19, through `leadSquad`: the leader's other squads are cleared, every squad written must be the
   * user's). The field takes the drop itself: ActorSheetV2's own `_onDrop` (bound on the whole sheet by DragDrop,
   * client/applications/sheets/actor-sheet.mjs) would ignore an Actor, so the event stops here.
   */
  protected override async _onRender(
    context: DeepPartial<foundry.applications.sheets.ActorSheetV2.RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    bindRollDrags(this.element, this.document);
    const zone = this.element.querySelector<HTMLElement>('[data-ft-drop="leader"]');
    if (!zone || !this.isEditable) return;
    zone.addEventListener("dragover", (event) => event.preventDefault());
    zone.addEventListener("drop", (event) => {
      event.preventDefault();
      event.stopPropagation();
      void guard(() => this.#dropLeader(event));
    });
  }

  /** The dropped actor leads the squad; anything else is refused with a notification, nothing written. */
  async #dropLeader(event: DragEvent): Promise<void> {
    const data = foundry.applications.ux.TextEditor.implementation.getDragEventData(event);
    const field = (k: string): unknown =>
      data && typeof data === "object" ? Reflect.get(data, k) : undefined;
    const uuid = `${field("uuid") ?? ""}`;
    // A world actor's or a compendium's UUID ("Compendium.<pack>.Actor.<id>"); anything else is no actor.
    const found = field("type") === "Actor" && isDropUuid(uuid) ? await fromUuid(uuid) : null;
    const leader = found instanceof CONFIG.Actor.documentClass ? found : null;
    if (!leader) return notify("warn", "FT.Squad.leaderNotActor");
    // The samples of every game share one compendium: a leader must be an actor of this world (SWN-19).
    if (leader.pack) return notify("warn", "FT.Squad.leaderNotInWorld", { name: leader.name ?? "" });
    if (isSquad(leader)) return notify("warn", "FT.Squad.leaderIsSquad", { name: leader.name ?? "" });
    const { leadSquad } = await import("../workflows/actions.js");
    await leadSquad(leader, this.document.id ?? "");
  }

  static PARTS: Record<string, HandlebarsTemplatePart> = {
    body: { template: templatePath("actor/squad.hbs"), scrollable: [""] },
  };

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
    const actor = this.document;
    // This sheet is registered for squads only (index.ts).
    if (!isSquad(actor)) throw new Error(`${actor.name}: not a squad (${actor.type})`);
    const sys = actor.system;
    // Issue 33: the squad's numbers (squad-context.ts) load with the first squad sheet drawn; v13 awaits
    // `_prepareContext` in `render` (client/applications/api/application.mjs `#render`).
    // A failed load is told once (helpers/part-failed.ts): `#render` rejects and the sheet does not open.
    const { squadContext } = await loadPart(() => import("./squad-context.js"));
    const i18n = game.i18n;
    const localize = (key: string, data?: Record<string, string | number>) =>
      (data
        ? i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])))
        : i18n?.localize(key)) ?? key;
    return Object.assign(context, {
      actor,
      system: sys,
      // SWN-17: the owner (or the GM) makes the squad's attack.
      canAttack: actor.isOwner,
      squad: squadContext(sys, sys.derived, leaderName(sys.ledBy), localize),
      // Issue 33: the leader's portrait beside its name.
      leaderImg: leaderOf(sys.ledBy)?.img ?? "",
      notesHTML: await foundry.applications.ux.TextEditor.implementation.enrichHTML(sys.notes ?? "", {
        relativeTo: actor,
        secrets: actor.isOwner,
      }),
    });
  }
}

keepClassName(FrontierSquadSheet, "FrontierSquadSheet");
