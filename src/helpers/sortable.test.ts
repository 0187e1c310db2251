import { describe, expect, it } from "vitest";
import { compareCells, sortRows } from "./sortable.js";

describe("Sortable weapon table", () => {
  const rows = [
    { cells: ["Laser Pistol", "600"] },
    { cells: ["Gyrojet Rifle", "n/s"] },
    { cells: ["Automatic Pistol", "200"] },
    { cells: ["Heavy Laser", "6000"] },
    { cells: ["Electrostunner", "500"] },
  ];

  it("sorts numbers as numbers, missing numbers last, and reverses", () => {
    expect(sortRows(rows, 1, false).map((r) => r.cells[1])).toEqual(["200", "500", "600", "6000", "n/s"]);
    expect(sortRows(rows, 1, true).map((r) => r.cells[1])).toEqual(["n/s", "6000", "600", "500", "200"]);
    expect(sortRows(rows, 0, false).map((r) => r.cells[0])).toEqual([
      "Automatic Pistol",
      "Electrostunner",
      "Gyrojet Rifle",
      "Heavy Laser",
      "Laser Pistol",
    ]);
  });

  it("compares damage and range texts by their leading number, then as text", () => {
    expect(compareCells("2d10", "10d10")).toBeLessThan(0);
    expect(compareCells("5/20/50", "2/10/20")).toBeGreaterThan(0);
    expect(compareCells("1d10/SEU", "Sleep")).toBeLessThan(0);
    expect(compareCells("—", "3")).toBeGreaterThan(0);
    expect(compareCells("a", "a")).toBe(0);
  });
});
