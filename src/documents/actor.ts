/**
 * Thin Actor subclass, registered as the system's Actor class: derived data comes from the data models; rolls
 * and attacks live in `workflows/`. Behaviour specific to actors goes here when a workflow needs it.
 */
import { completeSquadSource, syncSquadChange } from "../data/actor/squad-derived.js";
import { keepClassName } from "../helpers/class-name.js";
import { noteStoredSource } from "../helpers/migrate.js";

/**
 * Generic over the subtype as core's `Actor` is, so `Actor.OfType<"character">` (fvtt-types' `ConfiguredActor`) is
 * this class with `system` typed by the character model.
 */
export class FrontierActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** Notes whether the stored data predates the schema, before core migrates it in place (see helpers/migrate). */
  protected override _initializeSource(
    data: this | Actor.CreateData,
    options?: foundry.abstract.Document.InitializeSourceOptions,
  ): Actor.Source {
    noteStoredSource(this, "Actor", data);
    return super._initializeSource(data, options);
  }

  /**
   * SWN-17: a new squad's HP and units standing follow what its creator gave (its size and HD when no HP was given),
   * so "3 units of HD 2" starts whole at 27 HP rather than at the defaults' 23.
   */
  protected override async _preCreate(
    data: Actor.CreateData,
    options: Actor.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (this.type === "squad") {
      const fill = completeSquadSource(data.system, this._source.system);
      if (fill) this.updateSource({ system: fill });
      // SWN-17: its token's first bar is the hit-point pool; system.json's primaryTokenAttribute ("stamina", which
      // v13's PrototypeToken takes as bar1's default) is the characters' and a squad has none. A bar given stays.
      if (!data.prototypeToken?.bar1?.attribute)
        this.updateSource({ prototypeToken: { bar1: { attribute: "hp" } } });
    }
    return undefined;
  }

  /**
   * Lowering the maximum Stamina below the current value (the sheet's max field) lowers the current value with it
   * instead of having the whole update refused by the joint rule "Stamina is above its maximum" (trust review H10).
   * Runs where v13 lets a document adjust an update before its dry run (`_preUpdate`, client-backend.mjs).
   */
  protected override async _preUpdate(
    changes: Actor.UpdateData,
    options: Actor.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    clampStaminaChange(this._source.system, changes);
    // SWN-17: a squad's HP and units standing move together (an edit of either is never refused).
    if (this.type === "squad") syncSquadChange(this._source.system, changes);
    return (await super._preUpdate(changes, options, user)) ?? undefined;
  }
}

/** In an expanded update: a new maximum below the (new or current) value brings the value down to it. */
export function clampStaminaChange(current: unknown, changes: unknown): void {
  const system = (changes as { system?: { stamina?: { value?: unknown; max?: unknown } } } | null)?.system;
  const stamina = system?.stamina;
  if (!stamina || typeof stamina !== "object" || typeof stamina.max !== "number") return;
  const now = (current as { stamina?: { value?: unknown } } | null)?.stamina?.value;
  const value = typeof stamina.value === "number" ? stamina.value : now;
  if (typeof value === "number" && value > stamina.max) stamina.value = stamina.max;
}

keepClassName(FrontierActor, "FrontierActor");
