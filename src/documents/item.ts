/** Thin Item subclass, registered as the system's Item class (see FrontierActor). */

import { keepClassName } from "../helpers/class-name.js";
import { noteStoredSource } from "../helpers/migrate.js";
import { report } from "../helpers/report.js";
import { linkRefusal } from "./item/power-links.js";

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

  /**
   * A weapon or screen plugged into a power source the rules do not allow (not one of the actor's sources, a
   * screen on a clip, a full port, a Basic-game powerpack only lasers share: SF-X-36, SF-B-19) is refused here, on
   * the client that asks, before anything is sent; the user is told why (v13 `#preUpdateDocumentArray` skips a
   * document whose `_preUpdate` returns false).
   */
  protected override async _preUpdate(
    changes: Item.UpdateData,
    options: Item.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    // `this` is our Item class, which is what `Item.Implementation` names; TypeScript cannot see the configured
    // class from inside its own declaration.
    const refused = linkRefusal(this as unknown as Item.Implementation, changes);
    if (refused) {
      report(refused);
      return false;
    }
    return (await super._preUpdate(changes, options, user)) ?? undefined;
  }
}

keepClassName(FrontierItem, "FrontierItem");
