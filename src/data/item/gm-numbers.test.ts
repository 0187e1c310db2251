/**
 * Issue 32: the GM's world weapon numbers (pure): they fill only what a weapon's source leaves empty and names missing,
 * and a file is checked whole before anything is written.
 */
import { describe, expect, it } from "vitest";
import {
  applyGmNumbers,
  fillablePaths,
  gmFiller,
  gmNumbersKey,
  nameKey,
  readGmNumbers,
} from "./gm-numbers.js";
import { checkGmEntry, exportGmNumbers, importGmNumbers } from "./gm-numbers-io.js";

const KEY = "Compendium.frontier-tactics.weapons.Item.h2fOTwh6n5CG2b0b";
const rifle = () => ({
  missing: ["ranges", "cost", "mass"],
  ranges: { pb: null, s: null, m: null, l: null, e: null },
  cost: null,
  mass: 4,
  meleeModifier: null,
  rof: 1,
});

describe("GM weapon numbers (issue 32)", () => {
  it("fill the empty fields the weapon names missing, never a number its source gives", () => {
    const system = rifle();
    expect(fillablePaths(system)).toEqual([
      "ranges.pb",
      "ranges.s",
      "ranges.m",
      "ranges.l",
      "ranges.e",
      "cost",
    ]);
    const filled = applyGmNumbers(system, {
      name: "Automatic Rifle",
      numbers: { "ranges.pb": 5, "ranges.s": 40, cost: 600, mass: 9, rof: 3, meleeModifier: 10 },
    });
    expect(filled).toEqual(["ranges.pb", "ranges.s", "cost"]);
    expect(system).toMatchObject({
      ranges: { pb: 5, s: 40, m: null },
      cost: 600,
      mass: 4,
      rof: 1,
      meleeModifier: null,
    });
  });

  it("a weapon prepared again keeps what it was given: fillable is read from its stored source", () => {
    const system = rifle();
    const entry = { name: "", numbers: { "ranges.pb": 5 } };
    applyGmNumbers(system, entry);
    expect(applyGmNumbers(system, entry, rifle())).toEqual(["ranges.pb"]);
  });

  it("the key is the compendium entry a copy came from, or a pack document's own uuid", () => {
    expect(gmNumbersKey({ uuid: "Actor.a.Item.b", _stats: { compendiumSource: KEY } })).toBe(KEY);
    expect(gmNumbersKey({ uuid: KEY, pack: "frontier-tactics.weapons" })).toBe(KEY);
    expect(gmNumbersKey({ uuid: "Item.x", pack: null, _stats: { compendiumSource: "Item.y" } })).toBeNull();
  });

  it("export then import round-trips; a bad file (not JSON, other kind, falling bands, a bad formula) changes nothing", () => {
    const numbers = { [KEY]: { name: "Automatic Rifle", numbers: { "ranges.pb": 5, "ranges.s": 40 } } };
    expect(importGmNumbers(exportGmNumbers(numbers), {})).toEqual({ numbers });
    expect(importGmNumbers("{", numbers)).toMatchObject({ error: expect.stringMatching(/^not JSON/) });
    expect(importGmNumbers('{"kind":"x","weapons":{}}', numbers)).toMatchObject({
      error: expect.any(String),
    });
    const falling = {
      kind: "frontier-tactics.weaponNumbers",
      weapons: { [KEY]: { numbers: { "ranges.pb": 50, "ranges.s": 40 } } },
    };
    expect(importGmNumbers(JSON.stringify(falling), numbers)).toMatchObject({
      error: expect.stringContaining(KEY),
    });
    const formula = {
      kind: "frontier-tactics.weaponNumbers",
      weapons: { [KEY]: { numbers: { "damage.formula": "lots" } } },
    };
    expect(importGmNumbers(JSON.stringify(formula), numbers)).toMatchObject({
      error: expect.stringContaining("lots"),
    });
    expect(readGmNumbers({ [KEY]: { numbers: { "ranges.pb": 5, hacked: 1, "ranges.s": {} } } })).toEqual({
      [KEY]: { name: "", numbers: { "ranges.pb": 5 } },
    });
  });
});

describe("GM weapon numbers for the SWN weapons (issue 32)", () => {
  const pistol = (damage = "") => ({
    missing: ["d20.damage", "d20.rangeIncrement", "swn.tl", "cost", "mass"],
    d20: { damage, rangeIncrement: null },
    swn: { tl: null },
    cost: null,
    mass: null,
  });
  const entry = {
    name: "Laser Pistol (SWN)",
    numbers: { "d20.damage": "1d6", "d20.rangeIncrement": 10, "swn.tl": 4 },
  };

  it("SW-04 SW-06 SWN-15: fill the d20 damage, range increment and TL a weapon names missing; a damage its item gives stays", () => {
    const fresh = pistol();
    expect(applyGmNumbers(fresh, entry)).toEqual(["d20.damage", "d20.rangeIncrement", "swn.tl"]);
    expect(fresh).toMatchObject({ d20: { damage: "1d6", rangeIncrement: 10 }, swn: { tl: 4 } });
    const typed = pistol("2d6");
    expect(applyGmNumbers(typed, entry)).toEqual(["d20.rangeIncrement", "swn.tl"]);
    expect(typed.d20.damage).toBe("2d6");
  });

  it("a weapon in no item pack is keyed by its name: every copy of that name uses the entry", () => {
    const fill = gmFiller({ [nameKey("Laser Pistol (SWN)")]: entry })!;
    const item = (name: string) => ({ name, uuid: "Actor.a.Item.b", _source: { system: pistol() } });
    const system = pistol();
    expect(fill(system, item("Laser Pistol (SWN)"))).toEqual(["d20.damage", "d20.rangeIncrement", "swn.tl"]);
    expect(fill(pistol(), item("Laser Rifle (SWN)"))).toEqual([]);
  });

  it("a name key imports; a range increment under 1 or a TL above 6 is refused", () => {
    const key = nameKey("Laser Pistol (SWN)");
    expect(importGmNumbers(exportGmNumbers({ [key]: entry }), {})).toEqual({ numbers: { [key]: entry } });
    expect(checkGmEntry(key, { numbers: { "d20.rangeIncrement": 0 } })).toEqual({
      error: `${key}: d20.rangeIncrement: 0 is outside 1–…`,
    });
    expect(checkGmEntry(key, { numbers: { "swn.tl": 7 } })).toEqual({
      error: `${key}: swn.tl: 7 is outside 0–6`,
    });
    expect(checkGmEntry("name:", { numbers: {} })).toEqual({ error: '"name:" is not a compendium weapon' });
  });
});
