/**
 * The squad sheet (SWN-17, SWN-19; ApplicationV2 + Handlebars, like the character sheet): the units bar, the HP pool,
 * the squad's numbers, its weapon with the readout "average × units = flat damage (half X)", its footprint and who
 * leads it. The owner edits every field in place (each change is saved as it is made); an observer reads it.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { keepClearedNumbers } from "../../../applications/sheets/cleared-numbers.js";
import { templatePath } from "../../../constants.js";
import { isSquad } from "../../../data/subtypes.js";
import { keepClassName } from "../../../helpers/class-name.js";
import { guarded, notify } from "../../../helpers/report.js";
import { squadContext } from "./squad-context.js";

const { ActorSheetV2 } = foundry.applications.sheets;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type HandlebarsTemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

/** Typed as ActorSheetV2 for the reason given in actor-sheet.ts (fvtt-types cannot check the mixin's subclass). */
const Base: typeof ActorSheetV2 = foundry.applications.api.HandlebarsApplicationMixin(ActorSheetV2);

/** An actor's UUID (a world actor's, or an unlinked token's synthetic actor's), as `ledBy` stores it (SWN-19). */
function isActorUuid(s: string): s is string & Parameters<typeof fromUuidSync>[0] {
  return /^(Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}\.)?Actor\.[A-Za-z0-9]{16}$/.test(s);
}

/** SWN-19: the name of the actor leading the squad, or "" when unset, malformed or not on this client. */
export function leaderName(uuid: string): string {
  if (!isActorUuid(uuid) || typeof fromUuidSync !== "function") return "";
  try {
    const leader: unknown = fromUuidSync(uuid);
    return leader instanceof Actor ? (leader.name ?? "") : "";
  } catch {
    return "";
  }
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
      notesHTML: await foundry.applications.ux.TextEditor.implementation.enrichHTML(sys.notes ?? "", {
        relativeTo: actor,
        secrets: actor.isOwner,
      }),
    });
  }
}

keepClassName(FrontierSquadSheet, "FrontierSquadSheet");
