/**
 * The `init` hook against a fake Foundry: just enough of the globals the entry point touches at load and in
 * `init` to see that it registers everything — data models, document classes, the tracker, the GM query
 * handlers and the hooks. Each fake stands for the Foundry object named beside it.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("../styles/frontier-tactics.css", () => ({}));

const hooks: Record<string, ((...a: unknown[]) => unknown)[]> = {};
const registered: { sheets: unknown[]; settings: string[]; templates: string[] } = {
  sheets: [],
  settings: [],
  templates: [],
};

beforeAll(() => {
  class Base {}
  const g = globalThis as Record<string, unknown>;
  // Hooks: records the callbacks.
  const add = (n: string, f: (...a: unknown[]) => unknown) => {
    hooks[n] ??= [];
    hooks[n].push(f);
  };
  g.Hooks = { once: add, on: add };
  // Document base classes the system subclasses.
  g.Actor = class extends Base {};
  g.Item = class extends Base {};
  g.Combat = class extends Base {};
  // CONFIG: the registries init writes to.
  g.CONFIG = {
    Actor: { dataModels: {} },
    Item: { dataModels: {}, compendiumIndexFields: [] },
    Combat: {},
    CombatantGroup: { dataModels: {} },
    ChatMessage: { dataModels: {} },
    ui: {},
    queries: {},
    time: { roundTime: 0 },
  };
  g.Handlebars = { registerHelper: vi.fn() };
  // foundry.*: the AppV2 bases (mixin returns its base), TypeDataModel, data fields, sheet registries, templates.
  g.foundry = {
    abstract: {
      TypeDataModel: class extends Base {
        static migrateData(s: object) {
          return s;
        }
      },
    },
    data: { fields: {} },
    applications: {
      api: { HandlebarsApplicationMixin: (B: unknown) => B, ApplicationV2: class extends Base {} },
      sheets: { ActorSheetV2: class extends Base {}, ItemSheetV2: class extends Base {} },
      sidebar: {
        tabs: {
          CombatTracker: class extends Base {
            static PARTS = {
              header: { template: "h" },
              tracker: { template: "t" },
              footer: { template: "f" },
            };
          },
        },
      },
      handlebars: { loadTemplates: (p: string[]) => registered.templates.push(...p) },
    },
    documents: {
      collections: {
        Actors: { registerSheet: (...a: unknown[]) => registered.sheets.push(a) },
        Items: { registerSheet: (...a: unknown[]) => registered.sheets.push(a) },
      },
    },
  };
  (g.game as Record<string, unknown>).settings = {
    register: (_ns: string, key: string) => registered.settings.push(key),
    registerMenu: (_ns: string, key: string) => registered.settings.push(`menu:${key}`),
  };
});

describe("System registration", () => {
  it("registers models, documents, sheets, tracker, settings, GM queries and hooks in init", async () => {
    await import("../src/index.js");
    for (const f of hooks.init ?? []) f();
    const C = (globalThis as unknown as { CONFIG: Record<string, Record<string, unknown>> }).CONFIG;
    expect(Object.keys(C.Actor!.dataModels as object)).toEqual(["character", "creature"]);
    expect(Object.keys(C.Item!.dataModels as object)).toEqual([
      "weapon",
      "defense",
      "powerSource",
      "gear",
      "skill",
      "race",
    ]);
    expect(Object.keys(C.CombatantGroup!.dataModels as object)).toEqual(["side"]);
    expect(Object.keys(C.ChatMessage!.dataModels as object)).toEqual(["attack"]);
    expect(C.Combat!.documentClass).toBeDefined();
    // SF-B-01: a round of combat is a six-second turn.
    expect((C.time as { roundTime: number }).roundTime).toBe(6);
    expect((C.ui as Record<string, { name: string }>).combat?.name).toBe("FrontierCombatTracker");
    expect(Object.keys(C.queries as object).sort()).toEqual([
      "frontier-tactics.applyDamage",
      "frontier-tactics.nextRound",
      "frontier-tactics.rollSide",
    ]);
    // SF-B-05: the combat applies held damage through the card workflow, registered here.
    expect(typeof (C.Combat!.documentClass as { applyHeld: unknown }).applyHeld).toBe("function");
    expect(C.Item!.compendiumIndexFields).toContain("system.skill");
    expect(registered.sheets).toHaveLength(2);
    expect(registered.settings).toEqual(
      expect.arrayContaining([
        "engine",
        "variant",
        "preset",
        "autoHit",
        "autoMiss",
        "strayShots",
        "crowdCover",
        "zebulonTable",
        "hideNpcInitiative",
        "migrationVersion",
        "menu:presetMenu",
        "menu:zebulonTableMenu",
      ]),
    );
    expect(registered.templates.length).toBeGreaterThan(5);
    expect(Object.keys(hooks)).toEqual(
      expect.arrayContaining(["init", "ready", "renderChatMessageHTML", "renderWallConfig"]),
    );
    expect(hooks.renderChatMessage).toBeUndefined();
  });
});
