/**
 * Frontier Tactics — entry point. Registers hooks; everything else lives in its layer.
 */
import "../styles/frontier-tactics.css";
import { FrontierActorSheet } from "./applications/sheets/actor-sheet.js";
import { FrontierItemSheet } from "./applications/sheets/item-sheet.js";
import { PARTIALS, SYSTEM_ID, templatePath } from "./constants.js";
import { CharacterModel, CreatureModel, ItemModels } from "./data/models.js";
import { FrontierActor } from "./documents/actor.js";
import { FrontierItem } from "./documents/item.js";
import { registerHelpers } from "./helpers/handlebars.js";
import { runMigrations } from "./helpers/migrate.js";
import { registerSettings } from "./helpers/settings.js";

type Cfg = Record<
  string,
  { documentClass?: unknown; dataModels?: Record<string, unknown>; compendiumIndexFields?: string[] }
>;

Hooks.once("init", () => {
  console.log(`${SYSTEM_ID} | init`);
  const cfg = CONFIG as unknown as Cfg;
  cfg.Actor!.documentClass = FrontierActor;
  cfg.Item!.documentClass = FrontierItem;
  Object.assign(cfg.Actor!.dataModels!, { character: CharacterModel, creature: CreatureModel });
  Object.assign(cfg.Item!.dataModels!, ItemModels);
  // Fast compendium browsing without loading documents.
  cfg.Item!.compendiumIndexFields!.push(
    "system.skill",
    "system.damage.formula",
    "system.ranges",
    "system.cost",
    "system.kind",
  );

  registerSettings();
  registerHelpers(Handlebars);

  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, FrontierActorSheet as never, {
    types: ["character", "creature"],
    makeDefault: true,
    label: "FT.Sheet.actor",
  });
  Items.registerSheet(SYSTEM_ID, FrontierItemSheet as never, { makeDefault: true, label: "FT.Sheet.item" });

  void foundry.applications.handlebars.loadTemplates(PARTIALS.map(templatePath));
});

Hooks.once("ready", () => {
  void runMigrations();
});
