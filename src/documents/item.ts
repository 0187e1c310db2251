/** Thin Item subclass, registered as the system's Item class (see FrontierActor). */
import { noteStoredSource } from "../helpers/migrate.js";

/**
 * Generic over the subtype as core's `Item` is, so `Item.OfType<"weapon">` (fvtt-types' `ConfiguredItem`) is this
 * class with `system` typed by the weapon model.
 */
export class FrontierItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** Notes whether the stored data predates the schema, before core migrates it in place (see helpers/migrate). */
  protected override _initializeSource(
    data: this | Item.CreateData,
    options?: foundry.abstract.Document.InitializeSourceOptions,
  ): Item.Source {
    noteStoredSource(this, "Item", data);
    return super._initializeSource(data, options);
  }
}
