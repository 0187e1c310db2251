/**
 * The scene adapters against a fake canvas. The fakes stand for: `CONFIG.Canvas.polygonBackends.{sight,move}`
 * (testCollision in "all" mode returning vertices whose edges point at wall placeables), `canvas.grid`
 * (measurePath, getOffset, size, distance) and `canvas.tokens.placeables` (token placeables with centres,
 * elevation, actors and status sets).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SENSE } from "../src/canvas/wall-cover.js";

interface FakeWallDoc {
  id: string;
  c: number[];
  move: number;
  sight: number;
  door: number;
  ds: number;
  flags: Record<string, string>;
  getFlag(s: string, k: string): unknown;
}
const wallDoc = (id: string, c: number[], over: Partial<FakeWallDoc> = {}): FakeWallDoc => ({
  id,
  c,
  move: SENSE.NORMAL,
  sight: SENSE.NORMAL,
  door: 0,
  ds: 0,
  flags: {},
  ...over,
  getFlag(_s: string, k: string) {
    return this.flags[k];
  },
});

/** testCollision fake: segment intersection against the walls that block this backend's type. */
function backend(type: "sight" | "move", walls: FakeWallDoc[]) {
  return {
    testCollision: vi.fn((a: { x: number; y: number }, b: { x: number; y: number }) => {
      const hits = [];
      for (const w of walls) {
        if ((type === "sight" ? w.sight : w.move) === 0) continue;
        const [x1, y1, x2, y2] = w.c as [number, number, number, number];
        const d = (b.x - a.x) * (y2 - y1) - (b.y - a.y) * (x2 - x1);
        if (d === 0) continue;
        const t = ((x1 - a.x) * (y2 - y1) - (y1 - a.y) * (x2 - x1)) / d;
        const u = ((x1 - a.x) * (b.y - a.y) - (y1 - a.y) * (b.x - a.x)) / d;
        if (t <= 0 || t > 1 || u < 0 || u > 1) continue;
        hits.push({
          x: a.x + t * (b.x - a.x),
          y: a.y + t * (b.y - a.y),
          edges: new Set([{ object: { document: w } }]),
        });
      }
      return hits;
    }),
  };
}

const token = (id: string, x: number, y: number, over: Record<string, unknown> = {}) => ({
  id,
  name: id,
  x: x - 50,
  y: y - 50,
  w: 100,
  h: 100,
  center: { x, y },
  document: { uuid: `Scene.s.Token.${id}`, elevation: 0, movementHistory: [] },
  actor: {
    type: "character",
    statuses: new Set<string>(),
    system: { stamina: { value: 30, max: 30 }, derived: { walk: 10 } },
  },
  ...over,
});

beforeAll(() => {
  const g = globalThis as Record<string, unknown>;
  // 100 px squares of 1 m: the scene is in metres.
  g.canvas = {
    grid: {
      size: 100,
      distance: 1,
      measurePath: (pts: { x: number; y: number }[]) => ({
        distance: pts.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - pts[i]!.x, p.y - pts[i]!.y) / 100, 0),
      }),
      getOffset: (p: { x: number; y: number }) => ({ i: Math.floor(p.y / 100), j: Math.floor(p.x / 100) }),
    },
    tokens: { placeables: [] as unknown[] },
  };
  (g.game as Record<string, unknown>).settings = { get: () => true };
});

function setWalls(walls: FakeWallDoc[]) {
  (globalThis as Record<string, unknown>).CONFIG = {
    Canvas: { polygonBackends: { sight: backend("sight", walls), move: backend("move", walls) } },
  };
}

describe("Foundry ray caster", () => {
  it("SF-X-22 maps collisions to walls with their cover class, nearest first, each wall once", async () => {
    const { FoundryCaster } = await import("../src/canvas/foundry-caster.js");
    setWalls([
      wallDoc("far", [800, -500, 800, 500]),
      wallDoc("window", [300, -500, 300, 500], {
        move: SENSE.NORMAL,
        sight: SENSE.NONE,
        flags: { cover: "soft" },
      }),
      wallDoc("curtain", [500, -500, 500, 500], { move: SENSE.NONE }),
    ]);
    const hits = new FoundryCaster().crossings({ x: 0, y: 0 }, { x: 1000, y: 0 });
    expect(hits.map((h) => [h.wall.id, h.wall.cover, Number(h.t.toFixed(2))])).toEqual([
      ["window", "soft", 0.3],
      ["curtain", "soft", 0.5],
      ["far", "hard", 0.8],
    ]);
  });

  it("SF-X-22 a wall at the very end of the ray is not crossed", async () => {
    const { FoundryCaster } = await import("../src/canvas/foundry-caster.js");
    setWalls([wallDoc("edge", [1000, -500, 1000, 500])]);
    expect(new FoundryCaster().crossings({ x: 0, y: 0 }, { x: 1000, y: 0 })).toEqual([]);
  });
});

describe("Facts from the scene", () => {
  it("SF-X-15 distance along the grid plus elevation: 20 m out and 50 m up is 60 m", async () => {
    const { distanceBetween } = await import("../src/canvas/scene-facts.js");
    const a = token("a", 50, 50);
    const b = token("b", 2050, 50, { document: { uuid: "b", elevation: 50, movementHistory: [] } });
    expect(distanceBetween(a as never, b as never, "m")).toBe(60);
  });

  it("SF-B-09 Basic squares count cells, the target's but not the attacker's", async () => {
    const { distanceBetween } = await import("../src/canvas/scene-facts.js");
    expect(distanceBetween(token("a", 50, 50) as never, token("b", 850, 350) as never, "squares")).toBe(8);
  });

  it("SF-X-22 SF-X-35 SF-X-26 a target behind a low wall, past a bystander, lying prone", async () => {
    const { readTarget } = await import("../src/canvas/scene-facts.js");
    setWalls([wallDoc("low", [550, 0, 550, 80])]);
    const attacker = token("a", 50, 50);
    const prone = token("t", 1050, 50);
    prone.actor.statuses.add("prone");
    const bystander = token("by", 600, 55);
    (globalThis as unknown as { canvas: { tokens: { placeables: unknown[] } } }).canvas.tokens.placeables = [
      attacker,
      prone,
      bystander,
    ];
    const r = readTarget(attacker as never, prone as never, "m");
    expect(r.input.facts).toMatchObject({
      id: "Scene.s.Token.t",
      distance: 10,
      visible: true,
      cover: "hard",
      prone: true,
      crowd: true,
      movement: "stationary",
    });
    expect(r.input.inTheWay).toEqual(["by"]);
    expect(r.input.coverReason?.key).toBe("FT.Cover.reasonHard");
  });

  it("SF-X-17 movement this turn from the movement history: up to walking speed walked, beyond it ran", async () => {
    const { movementOf } = await import("../src/canvas/scene-facts.js");
    const walked = token("w", 0, 0, {
      document: {
        uuid: "w",
        elevation: 0,
        movementHistory: [
          { x: 0, y: 0 },
          { x: 800, y: 0 },
        ],
      },
    });
    const ran = token("r", 0, 0, {
      document: {
        uuid: "r",
        elevation: 0,
        movementHistory: [
          { x: 0, y: 0 },
          { x: 2500, y: 0 },
        ],
      },
    });
    expect(movementOf(walked as never)).toBe("walked");
    expect(movementOf(ran as never)).toBe("ran");
    expect(movementOf(token("s", 0, 0) as never)).toBe("stationary");
  });
});
