import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../constants.js";
import { droppedPaths, validateData } from "../spec.js";
import { COMBATANT_SPEC } from "./marks.js";
import { migrateCombatantMarks } from "./migration.js";

const RUNNING = { active: true, round: 2, count: 1 };
const LEDGER = { round: 3, shots: 1, reloaded: false, fired: { itm: 3 }, action: "run" };
const DECLARED = {
  round: 1,
  shots: 2,
  burst: false,
  powerSetting: null,
  carefulAim: false,
  melee: false,
  areaWidth: 0,
  fired: 1,
  opportunity: 0,
};
const OVERWATCH = { round: 4, facing: 90, used: false, weaponId: "itmRifle" };

describe("a combatant's marks move from its flags into its system (issue 29)", () => {
  it("moves every mark of an earlier version's source, removes the old keys and keeps the other flags", () => {
    const source = {
      _id: "c1",
      flags: {
        [SYSTEM_ID]: {
          state: "delaying",
          dodging: 2,
          declared: DECLARED,
          turn: LEDGER,
          running: RUNNING,
          overwatch: OVERWATCH,
          init: { modifier: 1, dexScore: 12, tieBreak: null, shift: 0 },
        },
        core: { x: 1 },
      },
    };
    expect(migrateCombatantMarks(source)).toEqual([
      "state",
      "dodging",
      "declared",
      "turn",
      "running",
      "overwatch",
    ]);
    expect(source).toEqual({
      _id: "c1",
      system: {
        state: "delaying",
        dodging: 2,
        declared: DECLARED,
        turn: LEDGER,
        running: RUNNING,
        overwatch: OVERWATCH,
      },
      flags: {
        [SYSTEM_ID]: { init: { modifier: 1, dexScore: 12, tieBreak: null, shift: 0 } },
        core: { x: 1 },
      },
    });
    // What was moved is what the model stores: nothing of it dropped by Foundry's cleaning, no issue.
    const sys = (source as unknown as { system: unknown }).system;
    expect(validateData(COMBATANT_SPEC, sys).issues).toEqual([]);
    expect(droppedPaths(COMBATANT_SPEC.fields, sys)).toEqual([]);
  });

  it("a key system already holds wins (written since an earlier load); the stale flag goes", () => {
    const source = { system: { state: "none" }, flags: { [SYSTEM_ID]: { state: "delaying" } } };
    expect(migrateCombatantMarks(source)).toEqual([]);
    expect(source).toEqual({ system: { state: "none" }, flags: { [SYSTEM_ID]: {} } });
  });

  it("a value the model would refuse is not moved and stays where it was (bad input loses nothing)", () => {
    const source = { flags: { [SYSTEM_ID]: { state: "asleep", running: "yes", dodging: 3 } } };
    expect(migrateCombatantMarks(source)).toEqual(["dodging"]);
    expect(source).toEqual({
      system: { dodging: 3 },
      flags: { [SYSTEM_ID]: { state: "asleep", running: "yes" } },
    });
  });

  it("an update's changes: a write of an old key becomes a write of the mark; a deletion key passes through", () => {
    const change = { _id: "c1", flags: { [SYSTEM_ID]: { state: "readied", "-=dodging": null } } };
    migrateCombatantMarks(change);
    expect(change).toEqual({
      _id: "c1",
      system: { state: "readied" },
      flags: { [SYSTEM_ID]: { "-=dodging": null } },
    });
    const none = { _id: "c1", system: { dodging: 1 } };
    expect(migrateCombatantMarks(none)).toEqual([]);
    expect(none).toEqual({ _id: "c1", system: { dodging: 1 } });
  });
});
