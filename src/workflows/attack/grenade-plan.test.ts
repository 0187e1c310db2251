import { describe, expect, it } from "vitest";
import { GridCaster, type Wall } from "../../rules/index.js";
import { grenadeOutcome } from "./grenade-plan.js";

const wall = (x: number): Wall => ({
  id: `w${x}`,
  a: { x, y: -20 },
  b: { x, y: 20 },
  cover: "hard",
  blocksSight: true,
  blocksMove: true,
});
const occupants = [
  { id: "at-target", cells: [{ x: 20, y: 0 }] },
  { id: "two-right", cells: [{ x: 20, y: 2 }] },
  { id: "right-10", cells: [{ x: 20, y: 10 }] },
];
const base = {
  from: { x: 0, y: 0 },
  target: { x: 20, y: 0 },
  band: "m" as const,
  variant: "expanded" as const,
  radius: 3,
  unitsPerMetre: 1,
  noBounce: false,
  occupants,
};

describe("Grenades", () => {
  it("SF-X-43 a hit goes off at the target point and catches everyone within 3 m", () => {
    expect(grenadeOutcome({ ...base, hit: true, d10: null }, new GridCaster([]))).toEqual({
      landing: { x: 20, y: 0 },
      bounced: false,
      stoppedByWall: false,
      direction: null,
      caught: ["at-target", "two-right"],
      stunRing: [],
    });
  });

  it("SF-X-39 a miss from Medium range bounces 10 m; a 5 goes directly right of the throw", () => {
    const r = grenadeOutcome({ ...base, hit: false, d10: 5 }, new GridCaster([]));
    expect(r.bounced).toBe(true);
    expect(r.landing.x).toBeCloseTo(20, 9);
    expect(r.landing.y).toBeCloseTo(10, 9);
    expect(r.caught).toEqual(["right-10"]);
  });

  it("SF-B-17 a bounce is stopped by a wall, and the blast does not reach through it", () => {
    const r = grenadeOutcome({ ...base, hit: false, d10: 1 }, new GridCaster([wall(22)]));
    expect(r).toMatchObject({ bounced: true, stoppedByWall: true });
    expect(r.landing.x).toBeCloseTo(21.99, 6);
    expect(r.caught).toEqual(["at-target", "two-right"]);
  });

  it("SF-B-17 Basic game bounces count squares of 5 m: Long range is 3 squares", () => {
    const r = grenadeOutcome(
      { ...base, band: "l", variant: "basic", hit: false, d10: 1 },
      new GridCaster([]),
    );
    expect(r.landing.x).toBeCloseTo(35, 9);
  });

  it("SF-B-17/SF-B-18 (probe P9): a throw straight down, d10 3 (45°), Medium: 2 squares diagonally, and the gas catches whoever is in that square", () => {
    const sq = 5;
    const r = grenadeOutcome(
      {
        ...base,
        from: { x: 0, y: 0 },
        target: { x: 0, y: 20 },
        band: "m",
        variant: "basic",
        radius: 2.5,
        squareSize: sq,
        hit: false,
        d10: 3,
        occupants: [
          { id: "landing-square", cells: [{ x: -10, y: 30 }] },
          { id: "next-square", cells: [{ x: -5, y: 30 }] },
          { id: "exact-angle", cells: [{ x: -7.07, y: 27.07 }] },
        ],
      },
      new GridCaster([]),
    );
    expect(r.landing).toEqual({ x: -10, y: 30 });
    expect(r.caught).toEqual(["landing-square"]);
  });

  it("SF-B-17: an angle between grid directions is snapped to the closest; a wall stops the grenade in the last square before it", () => {
    // Thrown along (3, 1) (18.4°): d10 1 carries on, snapped to 0° (due right); Long is 3 squares.
    const open = grenadeOutcome(
      {
        ...base,
        from: { x: 0, y: 0 },
        target: { x: 30, y: 10 },
        band: "l",
        variant: "basic",
        squareSize: 5,
        radius: 2.5,
        hit: false,
        d10: 1,
      },
      new GridCaster([]),
    );
    expect(open.landing).toEqual({ x: 45, y: 10 });
    const walled = grenadeOutcome(
      {
        ...base,
        from: { x: 0, y: 0 },
        target: { x: 30, y: 10 },
        band: "l",
        variant: "basic",
        squareSize: 5,
        radius: 2.5,
        hit: false,
        d10: 1,
      },
      new GridCaster([{ ...wall(42), a: { x: 42, y: -20 }, b: { x: 42, y: 40 } }]),
    );
    expect(walled).toMatchObject({ stoppedByWall: true, landing: { x: 40, y: 10 } });
  });

  it("a grenade-rifle round that misses does not bounce; a bounce without a d10 is refused", () => {
    expect(
      grenadeOutcome({ ...base, noBounce: true, hit: false, d10: null }, new GridCaster([])).bounced,
    ).toBe(false);
    expect(() => grenadeOutcome({ ...base, hit: false, d10: null }, new GridCaster([]))).toThrow(/d10/);
  });

  it("SF-X-40 thrown explosives: full damage within the radius, an RS check for those within twice it", () => {
    const more = [
      ...occupants,
      { id: "five-left", cells: [{ x: 20, y: -5 }] },
      { id: "seven-left", cells: [{ x: 20, y: -7 }] },
    ];
    const r = grenadeOutcome(
      { ...base, occupants: more, hit: true, d10: null, explosive: true },
      new GridCaster([]),
    );
    expect(r.caught).toEqual(["at-target", "two-right"]);
    expect(r.stunRing).toEqual(["five-left"]);
  });
});
