/**
 * The system's Combatant (issue 29): its `system` holds the marks its owner may declare (data/combatant/marks.ts),
 * each refereed by the active GM (documents/combatant/mark-referee.ts); what only the GM sets lives on the Combat.
 * Marks kept in flags by worlds saved before are moved into `system` as the source is loaded (`migrateData`).
 */
import { SYSTEM_ID } from "../constants.js";
import { COMBATANT_SPEC, type CombatantSystem, type HoldState } from "../data/combatant/marks.js";
import { migrateCombatantMarks } from "../data/combatant/migration.js";
import { CombatantModel } from "../data/models.js";
import { initialData } from "../data/spec.js";
import { keepClassName } from "../helpers/class-name.js";
import { legacyFlagWrites } from "./combatant/mark-referee.js";

/** The marks of a combatant that has none (not of our model). */
const NO_MARKS: CombatantSystem = Object.freeze(initialData(COMBATANT_SPEC.fields));

/** A change of some of a combatant's marks, as `Combatant#update` takes it (null clears a mark that may be absent). */
export type MarkChange = Partial<CombatantSystem>;

export class FrontierCombatant<
  out SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /**
   * Flags → `system` (data/combatant/migration.ts) before core's migrations: v13 `Document.migrateData` sees the
   * whole source (common/abstract/document.mjs), and its `DataModel.migrateData` then hands `system` to the model
   * (common/data/fields.mjs `TypeDataField#migrateSource`). Runs on every load, and on the changes of an update made on
   * this page (the writer's: receiving pages and the server apply what was sent, so an old key sent raw is the active
   * GM's to take out, `_onUpdate`).
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateCombatantMarks(source);
    return super.migrateData(source);
  }

  /**
   * Active GM: a player's write of the marks' OLD flag keys, which only a client going around its own migration
   * sends, is taken out (mark-referee.ts `legacyFlagWrites`): nothing reads those keys, and a later load would move
   * one into `system` where `system` lacks it, past the referee.
   */
  protected override _onUpdate(
    changed: Combatant.UpdateData,
    options: Combatant.Database.OnUpdateOperation,
    userId: string,
  ): void {
    super._onUpdate(changed, options, userId);
    if (!game.user?.isActiveGM || game.users?.get(userId)?.isGM) return;
    const remove = legacyFlagWrites(changed);
    if (!Object.keys(remove).length) return;
    console.warn(
      `${SYSTEM_ID} | ${game.users?.get(userId)?.name ?? userId} wrote old combatant flags; removed`,
    );
    this.update(remove).catch((e: unknown) => console.error(`${SYSTEM_ID} |`, e));
  }

  /** Its marks (the `base` model's data). */
  get marks(): CombatantSystem {
    // Our combatants are of core's `base` type, whose model is ours (CONFIG.Combatant.dataModels.base); one of a
    // module's own subtype holds no marks (fvtt-types cannot tell which, so the instance is tested).
    const system: unknown = this.system;
    return system instanceof CombatantModel ? system : NO_MARKS;
  }

  /** SW-34: holding its turn — "delaying", "readied" or "none". */
  get holdState(): HoldState {
    return this.marks.state;
  }

  /** SF-X-10: its owner marked it dodging in `round`. */
  dodgesIn(round: number): boolean {
    return this.marks.dodging === round;
  }
}

keepClassName(FrontierCombatant, "FrontierCombatant");
