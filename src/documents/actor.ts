/**
 * Thin Actor subclass, registered as the system's Actor class: derived data comes from the data models; rolls
 * and attacks live in `workflows/`. Behaviour specific to actors goes here when a workflow needs it.
 */
import { noteStoredSource } from "../helpers/migrate.js";

export class FrontierActor extends Actor {
  /** Notes whether the stored data predates the schema, before core migrates it in place (see helpers/migrate). */
  protected override _initializeSource(
    data: this | Actor.CreateData,
    options?: foundry.abstract.Document.InitializeSourceOptions,
  ): Actor.Source {
    noteStoredSource(this, "Actor", data);
    return super._initializeSource(data, options);
  }
}
