/**
 * Thin Actor subclass, registered as the system's Actor class: derived data comes from the data models; rolls
 * and attacks live in `workflows/`. Behaviour specific to actors goes here when a workflow needs it.
 */
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
}
