/**
 * fvtt-types declaration merging, all in one place: our system id, document subtypes and settings.
 */
import type { CharacterModel, CreatureModel, ItemModels } from "../data/models.js";

declare module "fvtt-types/configuration" {
  interface SystemNameConfig {
    name: "frontier-tactics";
  }

  interface DataModelConfig {
    Actor: {
      character: typeof CharacterModel;
      creature: typeof CreatureModel;
    };
    Item: {
      weapon: (typeof ItemModels)["weapon"];
      defense: (typeof ItemModels)["defense"];
      powerSource: (typeof ItemModels)["powerSource"];
      gear: (typeof ItemModels)["gear"];
      skill: (typeof ItemModels)["skill"];
      race: (typeof ItemModels)["race"];
    };
  }
}
