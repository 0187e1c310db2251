/**
 * The system's registration, on a client booted by the harness (tests/foundry/world.ts): the real `init` hook
 * fills that client's CONFIG and settings as Foundry's Game#initialize runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hooks } from "./foundry/hooks.js";
import { createTable, DEFAULT_USERS, type Table } from "./foundry/world.js";

let table: Table;
beforeAll(async () => {
  table = await createTable({ online: [DEFAULT_USERS[0]!.id] });
});
afterAll(() => table.close());

// biome-ignore lint/suspicious/noExplicitAny: the harness swaps these globals per client; they are untyped on purpose.
const G = () => globalThis as any;

describe("System registration", () => {
  it("registers models, documents, sheets, tracker, settings, GM queries and hooks in init", () => {
    table.gm!.run(() => {
      const C = G().CONFIG;
      expect(Object.keys(C.Actor.dataModels)).toEqual(["character", "creature", "squad"]);
      expect(Object.keys(C.Item.dataModels)).toEqual([
        "weapon",
        "defense",
        "powerSource",
        "gear",
        "skill",
        "race",
      ]);
      expect(Object.keys(C.CombatantGroup.dataModels)).toEqual(["side"]);
      expect(Object.keys(C.ChatMessage.dataModels)).toEqual(["attack", "rule", "sideRoll"]);
      expect(C.Combat.documentClass.name).toBe("FrontierCombat");
      expect(C.CombatantGroup.documentClass.name).toBe("FrontierCombatantGroup");
      expect(C.Actor.documentClass.name).toBe("FrontierActor");
      expect(C.Item.documentClass.name).toBe("FrontierItem");
      // SF-B-01: a round of combat is a six-second turn.
      expect(C.time.roundTime).toBe(6);
      expect(C.ui.combat.name).toBe("FrontierCombatTracker");
      expect(Object.keys(C.queries)).toEqual(expect.arrayContaining(["frontier-tactics.rollSide"]));
      // Issue 33 SWN-10: a Morale reading goes to its reader alone — a GM's ticket, claimed back from that GM.
      expect(Object.keys(C.queries)).toEqual(
        expect.arrayContaining(["frontier-tactics.moraleReading", "frontier-tactics.moraleClaim"]),
      );
      // Apply, undo and the next round are not queries (a query handler cannot know its sender): they travel on
      // the asker's own User (helpers/gm-request.ts).
      expect(Object.keys(C.queries)).not.toContain("frontier-tactics.applyDamage");
      expect(Object.keys(C.queries)).not.toContain("frontier-tactics.nextRound");
      // Held Basic-game damage is released through a function registered in init (no import cycle).
      expect(C.Combat.documentClass.applyHeld).toBeInstanceOf(Function);
      expect(C.Item.compendiumIndexFields).toContain("system.skill");
      // The squad's sheet is registered by the SWN game module (issue 30), before the characters' sheet.
      expect(Object.keys(C.Actor.sheetClasses).sort()).toEqual(["character", "creature", "squad"]);
      expect(Object.keys(C.Item.sheetClasses)).toEqual([
        "weapon",
        "defense",
        "powerSource",
        "gear",
        "skill",
        "race",
      ]);
      const keys = [...G().game.settings.settings.keys()];
      expect(keys).toEqual(
        expect.arrayContaining(
          [
            "engine",
            "variant",
            "preset",
            "autoHit",
            "autoMiss",
            "strayShots",
            "crowdCover",
            "zebulonTable",
            "hideNpcInitiative",
            "playersApplyToAll",
            "showNpcNumbers",
            "migrationVersion",
          ].map((k) => `frontier-tactics.${k}`),
        ),
      );
      expect([...G().game.settings.menus.keys()]).toEqual([
        "frontier-tactics.presetMenu",
        "frontier-tactics.zebulonTableMenu",
      ]);
    });
    expect(Object.keys(Hooks.events)).toEqual(
      expect.arrayContaining(["init", "ready", "renderChatMessageHTML", "renderWallConfig"]),
    );
    // The jQuery hook is deprecated in v13.
    expect(Hooks.events.renderChatMessage).toBeUndefined();
  });
});
