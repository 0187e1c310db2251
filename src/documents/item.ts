/** Thin Item subclass, registered as the system's Item class (see FrontierActor). */
import { noteStoredSource } from "../helpers/migrate.js";

export class FrontierItem extends Item {
  /** Notes whether the stored data predates the schema, before core migrates it in place (see helpers/migrate). */
  protected override _initializeSource(
    data: this | Item.CreateData,
    options?: foundry.abstract.Document.InitializeSourceOptions,
  ): Item.Source {
    noteStoredSource(this, "Item", data);
    return super._initializeSource(data, options);
  }
}
