import { describe, expect, it } from "vitest";
import { type D20InitiativePorts, entryOf, type RollLine } from "./d20-initiative.js";
import { rollD20Initiative } from "./d20-initiative-roll.js";

function ports(dice: number[]) {
  const updates: unknown[][] = [];
  const messages: { lines: readonly RollLine[]; rolls: readonly string[] }[] = [];
  const p: D20InitiativePorts<string> = {
    rollD20: async () => {
      const value = dice.shift();
      if (value === undefined) throw new Error("no die scripted");
      return { value, roll: `d20=${value}` };
    },
    updateCombatants: async (u) => void updates.push([...u]),
    postRolls: async (lines, rolls) => void messages.push({ lines, rolls }),
  };
  return { p, updates, messages };
}

const who = (id: string, dexScore: number, secret = false) => ({ id, name: id, dexScore, secret });

describe("d20 initiative in a combat (SW-03)", () => {
  it("SW-03: three combatants in one batch — d20 12 + 2, 13 + 1, 12 + 2 all make 14; Dex 12 goes last; the two Dex 14s roll tie-breaks (9, 5): one update of three, one message", async () => {
    const { p, updates, messages } = ports([12, 13, 12, 9, 5]);
    const order = await rollD20Initiative([who("kara", 14), who("thug", 12), who("guard", 14)], [], p);
    expect(order.map((e) => `${e.id} ${e.count}`)).toEqual(["guard 14", "kara 14", "thug 14"]);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toEqual([
      { _id: "kara", initiative: 14, init: { modifier: 2, dexScore: 14, tieBreak: 5, shift: 0 } },
      { _id: "thug", initiative: 13 + 1, init: { modifier: 1, dexScore: 12, tieBreak: null, shift: 0 } },
      { _id: "guard", initiative: 14, init: { modifier: 2, dexScore: 14, tieBreak: 9, shift: 0 } },
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.rolls).toEqual(["d20=12", "d20=13", "d20=12", "d20=9", "d20=5"]);
  });

  it("SW-03: a late joiner who ties a combatant already in the order gives both a tie-break die; the kept count is not re-rolled", async () => {
    const kept = [entryOf("kara", 14, { modifier: 2, dexScore: 14, tieBreak: null, shift: 0 }, 14)!];
    const { p, updates } = ports([12, 3, 17]);
    const order = await rollD20Initiative([who("sniper", 14)], kept, p);
    // Tie-break dice in id order: kara 3, sniper 17.
    expect(order.map((e) => `${e.id} ${e.count} ${e.tieBreak}`)).toEqual(["sniper 14 17", "kara 14 3"]);
    expect(updates[0]).toEqual([
      { _id: "kara", initiative: 14, init: { modifier: 2, dexScore: 14, tieBreak: 3, shift: 0 } },
      { _id: "sniper", initiative: 14, init: { modifier: 2, dexScore: 14, tieBreak: 17, shift: 0 } },
    ]);
  });

  it("SW-03: a secret NPC's line says only that it rolled, and its dice are not attached to the message", async () => {
    const { p, messages } = ports([15, 8]);
    await rollD20Initiative([who("kara", 14), who("thug", 12, true)], [], p);
    expect(messages[0]!.lines).toEqual([
      { name: "kara", die: 15, modifier: 2, count: 17, tieBreak: null },
      { name: "thug", die: null, modifier: null, count: null, tieBreak: null },
    ]);
    expect(messages[0]!.rolls).toEqual(["d20=15"]);
  });

  it("SW-03 ruling 4e: a group of opponents rolls one d20 (10) with its best bonus (+2): the Thug (Dex 12) and the Guard (Dex 14) both 12, the Guard first by Dexterity; Kara rolls alone", async () => {
    const { p, updates, messages } = ports([12, 10]);
    const order = await rollD20Initiative(
      [who("kara", 14), { ...who("thug", 12), group: "foes" }, { ...who("guard", 14), group: "foes" }],
      [],
      p,
    );
    expect(order.map((e) => `${e.id} ${e.count}`)).toEqual(["kara 14", "guard 12", "thug 12"]);
    expect(updates[0]).toContainEqual({
      _id: "thug",
      initiative: 12,
      init: { modifier: 1, dexScore: 12, tieBreak: null, shift: 0 },
    });
    expect(messages[0]!.rolls).toEqual(["d20=12", "d20=10"]);
  });

  it("SW-03: nobody to roll writes nothing and posts nothing", async () => {
    const { p, updates, messages } = ports([]);
    expect(await rollD20Initiative([], [], p)).toEqual([]);
    expect([updates.length, messages.length]).toEqual([0, 0]);
  });

  it("a stored count that is not a number is no entry (the combatant rolls)", () => {
    expect(entryOf("x", null, undefined, 12)).toBeNull();
    expect(entryOf("x", Number.NaN, undefined, 12)).toBeNull();
    expect(entryOf("x", 11, undefined, 12)).toEqual({
      id: "x",
      count: 11,
      modifier: 0,
      dexScore: 12,
      tieBreak: null,
      shift: 0,
    });
  });
});
