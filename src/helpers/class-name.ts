/**
 * Foundry reads some of our classes by name: a sheet's registration id is `${scope}.${sheetClass.name}`
 * (`DocumentSheetConfig.registerSheet`, client/applications/apps/document-sheet-config.mjs) and an application's
 * render hooks are `render${cls.name}` for every class of its chain (client/applications/api/application.mjs
 * `#callHooks`). The build shortens identifiers and no longer gives every function its name back (esbuild's
 * `keepNames` did, at 15 KB of the budget: vite.config.ts), so these classes carry their names by hand.
 */
export function keepClassName(cls: abstract new (...args: never[]) => unknown, name: string): void {
  Object.defineProperty(cls, "name", { value: name, configurable: true });
}

/** The classes Foundry reads by name, checked in the built bundle (scripts/build.mjs). */
export const NAMED_CLASSES = [
  "FrontierActorSheet",
  "FrontierSquadSheet",
  "FrontierItemSheet",
  "FrontierCombatTracker",
  "AttackDialog",
  "PresetMenu",
  "ZebulonTableEditor",
  "FrontierActor",
  "FrontierItem",
  "FrontierCombat",
] as const;
