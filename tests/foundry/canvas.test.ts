/**
 * The canvas harness against what Foundry v13's source does (see the header of ./canvas.ts for the files): every
 * core wall kind against sight and movement in each collision mode, doors, one-way walls, window thresholds,
 * darkness edges, canvas bounds, live documents, and square-grid measurement.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createCanvas,
  Edge,
  EdgeGrid,
  GRID_DIAGONALS,
  installCanvas,
  lightDocument,
  noteCanvasWrite,
  type PolygonVertex,
  plainScene,
  type RestrictionType,
  tokenDocument,
  WALL_DIRECTION_MODES,
  WALL_DIRECTIONS,
  WALL_DOOR_STATES,
  WALL_SENSE_TYPES,
  type WallKind,
  wallData,
  wallDocument,
} from "./canvas.js";

const S = WALL_SENSE_TYPES;
/** A 2000 × 2000 px scene without padding: canvas and scene rectangles are the same. */
const scene = (over: Parameters<typeof plainScene>[0] = {}) =>
  plainScene({ width: 2000, height: 2000, padding: 0, ...over });
const ACROSS: [number, number, number, number] = [500, 0, 500, 1000];
const WEST = { x: 100, y: 500 };
const EAST = { x: 900, y: 500 };

function collide(
  c: ReturnType<typeof createCanvas>,
  type: RestrictionType,
  mode: "any" | "all" | "closest",
  from = WEST,
  to = EAST,
  extra: Record<string, unknown> = {},
) {
  return c.polygonBackends[type === "move" ? "move" : "sight"].testCollision(from, to, {
    type,
    mode,
    ...extra,
  });
}
const ids = (hits: unknown) =>
  (hits as PolygonVertex[]).map((v) => [v.x, v.y, [...v.edges].map((e) => e.id).join("+")]);

describe("wall data as the core wall tools create it (walls.mjs #getWallDataFromActiveTool)", () => {
  it("each tool's restriction types over the WallDocument defaults", () => {
    const pick = (k: WallKind) => {
      const { light, sight, sound, move, door, ds, dir, threshold } = wallData(k, ACROSS, { _id: "x" });
      return { light, sight, sound, move, door, ds, dir, threshold };
    };
    const none = { light: null, sight: null, sound: null, attenuation: false };
    const base = { light: 20, sight: 20, sound: 20, move: 20, door: 0, ds: 0, dir: 0, threshold: none };
    expect(pick("walls")).toEqual(base);
    expect(pick("terrain")).toEqual({ ...base, light: 10, sight: 10, sound: 10 });
    expect(pick("invisible")).toEqual({ ...base, light: 0, sight: 0, sound: 0 });
    expect(pick("ethereal")).toEqual({ ...base, move: 0, sound: 0 });
    expect(pick("doors")).toEqual({ ...base, door: 1 });
    expect(pick("secret")).toEqual({ ...base, door: 2 });
    expect(pick("window")).toEqual({
      ...base,
      light: 30,
      sight: 30,
      threshold: { light: 2, sight: 2, sound: null, attenuation: true },
    });
    expect(wallData("window", ACROSS, {}, 5).threshold.sight).toBe(10);
    const full = wallData("doors", ACROSS, { _id: "door1", ds: WALL_DOOR_STATES.LOCKED });
    expect(full).toEqual({ ...base, _id: "door1", c: ACROSS, door: 1, ds: 2, animation: null, flags: {} });
  });
});

describe("testCollision by wall kind, type and mode (clockwise-sweep.mjs _testCollision)", () => {
  const cases: [string, Parameters<typeof wallData>[2], WallKind, boolean, boolean][] = [
    // name, extra, kind, blocks sight, blocks move (one wall crossed once)
    ["normal", {}, "walls", true, true],
    ["terrain: a single limited crossing is not a collision", {}, "terrain", false, true],
    ["invisible", {}, "invisible", false, true],
    ["ethereal", {}, "ethereal", true, false],
    ["window without threshold", {}, "window", true, true],
    ["closed door", {}, "doors", true, true],
    ["open door", { ds: WALL_DOOR_STATES.OPEN }, "doors", false, false],
    ["locked door", { ds: WALL_DOOR_STATES.LOCKED }, "doors", true, true],
    ["open secret door", { ds: WALL_DOOR_STATES.OPEN }, "secret", false, false],
  ];
  for (const [name, extra, kind, sight, move] of cases) {
    it(`${name}: sight ${sight ? "blocked" : "clear"}, move ${move ? "blocked" : "clear"}`, () => {
      const w = wallDocument(wallData(kind, ACROSS, { _id: "w1", ...extra }));
      const c = createCanvas(scene({ walls: [w] }));
      for (const [type, blocked] of [
        ["sight", sight],
        ["move", move],
      ] as const) {
        expect(collide(c, type, "any")).toBe(blocked);
        const all = collide(c, type, "all") as PolygonVertex[];
        expect(ids(all)).toEqual(blocked ? [[500, 500, "wall.w1"]] : []);
        const closest = collide(c, type, "closest") as PolygonVertex | null;
        expect(closest === null ? null : [closest.x, closest.y, closest._distance]).toEqual(
          blocked ? [500, 500, 0.5] : null,
        );
      }
    });
  }

  it("a collision's edge is a clone of the wall's edge: type wall, object the Wall placeable, senses as drawn", () => {
    const w = wallDocument(wallData("window", ACROSS, { _id: "win" }));
    const c = createCanvas(scene({ walls: [w] }));
    const [v] = collide(c, "sight", "all") as PolygonVertex[];
    const edge = [...v!.edges][0] as Edge;
    expect(edge).not.toBe(c.walls.placeables[0]!.edge);
    expect(edge.object).toBe(c.walls.placeables[0]);
    expect((edge.object as { document: unknown }).document).toBe(w);
    expect([edge.type, edge.id, edge.sight, edge.move, edge.direction, edge.priority]).toEqual([
      "wall",
      "wall.win",
      S.PROXIMITY,
      S.NORMAL,
      0,
      0,
    ]);
    // Thresholds are stored in pixels: 2 m on 100 px squares of 1 m.
    expect(edge.threshold?.sight).toBe(200);
    expect(v!.restriction).toBe(S.PROXIMITY);
    expect(v!.isLimited).toBe(false);
  });

  it("two terrain walls: the first crossing is dropped in 'all' and 'closest', 'any' sees the pair", () => {
    const c = createCanvas(
      scene({
        walls: [
          wallDocument(wallData("terrain", [300, 0, 300, 1000], { _id: "near" })),
          wallDocument(wallData("terrain", [700, 0, 700, 1000], { _id: "far" })),
        ],
      }),
    );
    expect(collide(c, "sight", "any")).toBe(true);
    expect(ids(collide(c, "sight", "all"))).toEqual([[700, 500, "wall.far"]]);
    expect((collide(c, "sight", "closest") as PolygonVertex).x).toBe(700);
    // For movement terrain walls are normal walls: both are there.
    expect(ids(collide(c, "move", "all"))).toEqual([
      [300, 500, "wall.near"],
      [700, 500, "wall.far"],
    ]);
  });

  it("a limited wall behind a normal one is kept; a limited wall in front of a normal one is dropped", () => {
    const behind = createCanvas(
      scene({
        walls: [
          wallDocument(wallData("walls", [300, 0, 300, 1000], { _id: "stone" })),
          wallDocument(wallData("terrain", [700, 0, 700, 1000], { _id: "hedge" })),
        ],
      }),
    );
    expect(ids(collide(behind, "sight", "all"))).toEqual([
      [300, 500, "wall.stone"],
      [700, 500, "wall.hedge"],
    ]);
    const front = createCanvas(
      scene({
        walls: [
          wallDocument(wallData("terrain", [300, 0, 300, 1000], { _id: "hedge" })),
          wallDocument(wallData("walls", [700, 0, 700, 1000], { _id: "stone" })),
        ],
      }),
    );
    expect(ids(collide(front, "sight", "all"))).toEqual([[700, 500, "wall.stone"]]);
  });

  it("walls meeting at one point share one vertex with both edges; its restriction is the strongest", () => {
    const c = createCanvas(
      scene({
        walls: [
          wallDocument(wallData("terrain", [500, 0, 500, 500], { _id: "a" })),
          wallDocument(wallData("walls", [500, 500, 500, 1000], { _id: "b" })),
        ],
      }),
    );
    const [v, ...rest] = collide(c, "sight", "all") as PolygonVertex[];
    expect(rest).toEqual([]);
    expect([...v!.edges].map((e) => e.id)).toEqual(["wall.a", "wall.b"]);
    expect(v!.restriction).toBe(S.NORMAL);
  });

  it("origin on a wall is not a collision; a wall through the destination is (t = 1)", () => {
    const c = createCanvas(scene({ walls: [wallDocument(wallData("walls", ACROSS, { _id: "w" }))] }));
    expect(collide(c, "move", "all", { x: 500, y: 500 }, EAST)).toEqual([]);
    expect(ids(collide(c, "move", "all", WEST, { x: 500, y: 500 }))).toEqual([[500, 500, "wall.w"]]);
  });

  it("origin and destination are rounded; collision points are rounded vertices with the ray fraction", () => {
    const c = createCanvas(
      scene({ walls: [wallDocument(wallData("walls", [500, 0, 502, 1000], { _id: "w" }))] }),
    );
    const v = collide(c, "move", "closest", { x: 99.6, y: 500.4 }, { x: 900.2, y: 499.6 }) as PolygonVertex;
    // The ray runs (100,500) → (900,500) and meets the wall at x = 501: 401 px along 800.
    expect([v.x, v.y]).toEqual([501, 500]);
    expect(v._distance).toBeCloseTo(401 / 800, 12);
    // A crossing at x = 500.3 is reported at the rounded 500.
    const slanted = createCanvas(scene({ walls: [wallDocument(wallData("walls", [500, 0, 501, 1000]))] }));
    const u = collide(slanted, "move", "closest", { x: 100, y: 300 }, { x: 900, y: 300 }) as PolygonVertex;
    expect([u.x, u.y, u._distance]).toEqual([500, 300, expect.closeTo(400.3 / 800, 12)]);
  });

  it("rejects a type that is not a wall restriction type", () => {
    const c = createCanvas(scene());
    expect(() => c.polygonBackends.sight.testCollision(WEST, EAST, { type: "darkness" as never })).toThrow(
      "A valid wall restriction type is required for testCollision.",
    );
  });
});

describe("one-way walls (edge.direction against the side of the origin)", () => {
  // a = (500,0), b = (500,1000): the west side of this wall is its LEFT, the east side its RIGHT.
  const oneWay = (dir: number) =>
    createCanvas(scene({ walls: [wallDocument(wallData("walls", ACROSS, { _id: "ow", dir }))] }));

  it("dir LEFT blocks rays from the right (east) only; dir RIGHT the reverse", () => {
    for (const type of ["sight", "move"] as const) {
      expect(collide(oneWay(WALL_DIRECTIONS.LEFT), type, "any", WEST, EAST)).toBe(false);
      expect(collide(oneWay(WALL_DIRECTIONS.LEFT), type, "any", EAST, WEST)).toBe(true);
      expect(collide(oneWay(WALL_DIRECTIONS.RIGHT), type, "any", WEST, EAST)).toBe(true);
      expect(collide(oneWay(WALL_DIRECTIONS.RIGHT), type, "any", EAST, WEST)).toBe(false);
    }
  });

  it("wallDirectionMode REVERSED flips it, BOTH ignores it", () => {
    const c = oneWay(WALL_DIRECTIONS.LEFT);
    const M = WALL_DIRECTION_MODES;
    expect(collide(c, "sight", "any", WEST, EAST, { wallDirectionMode: M.REVERSED })).toBe(true);
    expect(collide(c, "sight", "any", EAST, WEST, { wallDirectionMode: M.REVERSED })).toBe(false);
    expect(collide(c, "sight", "any", WEST, EAST, { wallDirectionMode: M.BOTH })).toBe(true);
    expect(collide(c, "sight", "any", EAST, WEST, { wallDirectionMode: M.BOTH })).toBe(true);
  });
});

describe("thresholds (Edge#applyThreshold, only with useThreshold)", () => {
  const windowScene = () =>
    createCanvas(scene({ walls: [wallDocument(wallData("window", ACROSS, { _id: "win" }))] }));

  it("a window blocks sight from beyond 2 m of it and not from within, when the caller asks for thresholds", () => {
    const c = windowScene();
    const near = { x: 350, y: 500 }; // 150 px = 1.5 m from the window
    expect(collide(c, "sight", "any", near, EAST, { useThreshold: true })).toBe(false);
    expect(collide(c, "sight", "any", WEST, EAST, { useThreshold: true })).toBe(true);
    expect(collide(c, "sight", "any", near, EAST)).toBe(true);
    // The threshold is for sight and light only; the window still blocks movement.
    expect(collide(c, "move", "any", near, EAST, { useThreshold: true })).toBe(true);
  });

  it("a DISTANCE wall is the reverse: it blocks only sources within its threshold", () => {
    const w = wallData("walls", ACROSS, { _id: "d", sight: S.DISTANCE, threshold: { sight: 2 } });
    const c = createCanvas(scene({ walls: [wallDocument(w)] }));
    expect(collide(c, "sight", "any", { x: 350, y: 500 }, EAST, { useThreshold: true })).toBe(true);
    expect(collide(c, "sight", "any", WEST, EAST, { useThreshold: true })).toBe(false);
  });
});

describe("darkness edges (PointEffectSourceMixin._createEdges)", () => {
  const dark = lightDocument({ _id: "dark", x: 1000, y: 500, config: { negative: true, dim: 2, bright: 1 } });

  it("a darkness light makes edges on its circle that block sight from outside, not movement", () => {
    const c = createCanvas(scene({ lights: [dark] }));
    const hits = collide(c, "sight", "all", WEST, { x: 1000, y: 500 }) as PolygonVertex[];
    expect(hits).toHaveLength(1);
    const v = hits[0]!;
    expect(Math.hypot(v.x - 1000, v.y - 500)).toBeGreaterThan(198);
    expect(Math.hypot(v.x - 1000, v.y - 500)).toBeLessThanOrEqual(200.5);
    const edge = [...v.edges][0]!;
    expect(edge.type).toBe("darkness");
    expect(edge.id).toMatch(/^darkness\.AmbientLight\.dark\.\d+$/);
    expect([edge.sight, edge.light, edge.move, edge.sound, edge.direction]).toEqual([
      S.NORMAL,
      S.NORMAL,
      S.NONE,
      S.NONE,
      WALL_DIRECTIONS.LEFT,
    ]);
    // The object is the light placeable: its document has an id and no wall coordinates.
    const doc = (edge.object as { document: Record<string, unknown> }).document;
    expect(doc).toBe(dark);
    expect(doc.id).toBe("dark");
    expect("c" in doc).toBe(false);
    expect(collide(c, "move", "all", WEST, { x: 1000, y: 500 })).toEqual([]);
    expect(collide(c, "light", "any", WEST, { x: 1000, y: 500 })).toBe(true);
  });

  it("from inside the darkness there is no edge to cross; priority above the source's skips it; hidden lights make none", () => {
    const c = createCanvas(scene({ lights: [dark] }));
    expect(collide(c, "sight", "all", { x: 1000, y: 500 }, WEST)).toEqual([]);
    expect(collide(c, "sight", "any", WEST, { x: 1000, y: 500 }, { priority: 1 })).toBe(false);
    expect(
      collide(c, "sight", "any", WEST, { x: 1000, y: 500 }, { priority: Number.POSITIVE_INFINITY }),
    ).toBe(false);
    const hidden = lightDocument({ x: 1000, y: 500, hidden: true, config: { negative: true, dim: 2 } });
    expect(
      collide(createCanvas(scene({ lights: [hidden] })), "sight", "any", WEST, { x: 1000, y: 500 }),
    ).toBe(false);
    const bright = lightDocument({ x: 1000, y: 500, config: { negative: false, dim: 2 } });
    expect(
      collide(createCanvas(scene({ lights: [bright] })), "sight", "any", WEST, { x: 1000, y: 500 }),
    ).toBe(false);
  });

  it("a token emitting darkness makes edges whose object is the Token placeable", () => {
    const t = tokenDocument({ _id: "shade", x: 950, y: 450, light: { negative: true, dim: 2 } });
    const c = createCanvas(scene({ tokens: [t] }));
    const [v] = collide(c, "sight", "all", WEST, { x: 1000, y: 500 }) as PolygonVertex[];
    const edge = [...v!.edges][0]!;
    expect(edge.id).toMatch(/^darkness\.Token\.shade\.\d+$/);
    expect(edge.object).toBe(c.tokens.placeables[0]);
  });
});

describe("canvas bounds", () => {
  it("sight from inside the scene stops at the scene rectangle; movement only at the canvas edge", () => {
    // 1000 × 1000 scene, padding 0.25 → 250 px rounded up to 300 px of padding on each side.
    const c = createCanvas(plainScene({ width: 1000, height: 1000, padding: 0.25 }));
    expect(c.dimensions.sceneRect).toEqual({ x: 300, y: 300, width: 1000, height: 1000 });
    expect(c.dimensions.rect).toEqual({ x: 0, y: 0, width: 1600, height: 1600 });
    const out = collide(c, "sight", "all", { x: 800, y: 800 }, { x: 1500, y: 800 }) as PolygonVertex[];
    expect(ids(out)).toEqual([[1300, 800, "innerBounds.right"]]);
    expect([...out[0]!.edges][0]!.object).toBeUndefined();
    expect(collide(c, "move", "all", { x: 800, y: 800 }, { x: 1500, y: 800 })).toEqual([]);
  });

  it("the v13 Scene defaults: 4000 × 3000, padding 0.25, on our 100 px / 1 m grid", () => {
    const d = createCanvas(plainScene()).dimensions;
    expect(d).toMatchObject({
      width: 6000,
      height: 4600,
      sceneX: 1000,
      sceneY: 800,
      size: 100,
      distance: 1,
      distancePixels: 100,
      maxR: Math.hypot(6000, 4600),
    });
  });
});

describe("live documents", () => {
  it("opening, locking and moving a wall is seen by the next call", async () => {
    const door = wallDocument(wallData("doors", ACROSS, { _id: "door" }));
    const s = scene({ walls: [door] });
    const c = createCanvas(s);
    expect(collide(c, "move", "any")).toBe(true);
    await door.update({ ds: WALL_DOOR_STATES.OPEN });
    expect(collide(c, "move", "any")).toBe(false);
    expect(c.walls.placeables[0]!.isOpen).toBe(true);
    await door.update({ ds: WALL_DOOR_STATES.LOCKED });
    expect(collide(c, "sight", "any")).toBe(true);
    await door.update({ c: [950, 0, 950, 1000] });
    expect(collide(c, "sight", "any")).toBe(false);
    s.walls.push(wallDocument(wallData("walls", [200, 0, 200, 1000], { _id: "new" })));
    expect(ids(collide(c, "move", "all"))).toEqual([[200, 500, "wall.new"]]);
    expect(c.walls.get("new")?.document.c).toEqual([200, 0, 200, 1000]);
    expect(c.walls.doors.map((w) => w.id)).toEqual(["door"]);
  });

  it("a wall's edge and the canvas's edges are the same objects until a wall changes (core keeps them between changes)", async () => {
    const door = wallDocument(wallData("doors", ACROSS, { _id: "door" }));
    const s = scene({ walls: [door] });
    const c = createCanvas(s);
    const wall = c.walls.get("door")!;
    const [edge, edges] = [wall.edge, c.edges];
    expect(wall.edge).toBe(edge);
    expect(c.edges).toBe(edges);
    await door.update({ ds: WALL_DOOR_STATES.OPEN });
    expect(wall.edge).not.toBe(edge);
    expect(wall.edge.move).toBe(0);
    expect(c.edges).not.toBe(edges);
    expect(c.edges.get("wall.door")).toBe(wall.edge);
  });

  it("issue 34: a collision test reads no wall document while no wall or scene is written; a write, a wall pushed or a redraw is seen by the next call (v13 CanvasEdges between wall writes)", async () => {
    const reads = { c: 0 };
    const counted = (doc: ReturnType<typeof wallDocument>) => {
      let c = doc.c;
      Object.defineProperty(doc, "c", {
        get: () => {
          reads.c += 1;
          return c;
        },
        set: (v) => {
          c = v;
        },
      });
      return doc;
    };
    const door = counted(wallDocument(wallData("doors", ACROSS, { _id: "door" })));
    const s = scene({ walls: [door, counted(wallDocument(wallData("walls", [1500, 0, 1500, 1000])))] });
    const c = createCanvas(s);
    expect(collide(c, "move", "any")).toBe(true);
    const grid = c.wallEdges();
    reads.c = 0;
    for (let k = 0; k < 10; k++) {
      expect(collide(c, "sight", "any")).toBe(true);
      expect(ids(collide(c, "move", "all"))).toEqual([[500, 500, "wall.door"]]);
    }
    expect(reads.c).toBe(0);
    expect(c.wallEdges()).toBe(grid);
    // The harness's writes (documents.ts counts a Wall or Scene write as each client applies it; a plain wall's
    // `update`) and a wall pushed onto a plain scene's list make the next call look again.
    await door.update({ ds: WALL_DOOR_STATES.OPEN });
    expect(collide(c, "move", "any")).toBe(false);
    expect(c.wallEdges()).not.toBe(grid);
    s.walls.push(wallDocument(wallData("walls", [200, 0, 200, 1000], { _id: "new" })));
    expect(ids(collide(c, "move", "all"))).toEqual([[200, 500, "wall.new"]]);
    const after = c.wallEdges();
    noteCanvasWrite();
    expect(c.wallEdges()).not.toBe(after);
  });

  it("issue 34: the canvas's grid of wall edges hands out what a filter by bounds over every edge gives, in the same order (core's quadtree getEdges)", () => {
    const v = fc.integer({ min: -500, max: 4500 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(v, v, v, v), { maxLength: 80 }),
        fc.array(fc.tuple(v, v, fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 })), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.integer({ min: 1000, max: 4000 }),
        (walls, boxes, side) => {
          const edges = walls.map(
            ([x0, y0, x1, y1], i) => new Edge({ x: x0, y: y0 }, { x: x1, y: y1 }, { id: `e${i}` }),
          );
          const grid = new EdgeGrid(edges, { x: 0, y: 0, width: side, height: side });
          for (const [x, y, width, height] of boxes) {
            const box = { x, y, width, height };
            const meets = (e: Edge) =>
              e.bounds.x <= x + width &&
              x <= e.bounds.x + e.bounds.width &&
              e.bounds.y <= y + height &&
              y <= e.bounds.y + e.bounds.height;
            expect(grid.within(box).map((e) => e.id)).toEqual(edges.filter(meets).map((e) => e.id));
          }
        },
      ),
      { numRuns: 300, seed: 34 },
    );
  });

  it("token placeables read their documents: size in pixels, centre without elevation, same object each time", () => {
    const actor = { name: "Hero" };
    const t = tokenDocument({ _id: "hero", x: 200, y: 300, width: 2, height: 1, elevation: 7, actor });
    const s = scene({ tokens: [t] });
    const c = createCanvas(s);
    const p = c.tokens.placeables[0]!;
    expect([p.id, p.x, p.y, p.w, p.h, p.center, p.actor, p.document.uuid]).toEqual([
      "hero",
      200,
      300,
      200,
      100,
      { x: 300, y: 350 },
      actor,
      "Scene.scene000000000001.Token.hero",
    ]);
    expect(c.tokens.placeables[0]).toBe(p);
    (t as { x: number }).x = 500;
    expect(p.center).toEqual({ x: 600, y: 350 });
  });
});

describe("square grid (square.mjs / base.mjs measurePath)", () => {
  const grid = (diagonals?: number, distance = 1) =>
    createCanvas(scene({ grid: { diagonals, distance } })).grid;
  // 3 squares across and 4 down between centres.
  const path = [
    { x: 50, y: 50 },
    { x: 350, y: 450 },
  ];

  it("the default rule is EQUIDISTANT: a diagonal step counts as one square", () => {
    const r = grid().measurePath(path);
    expect([r.distance, r.spaces, r.diagonals, r.cost]).toEqual([4, 4, 3, 4]);
    expect(r.euclidean).toBeCloseTo(5, 12);
    expect(grid(undefined, 5).measurePath(path).distance).toBe(20);
  });

  it("every diagonal rule on the same path", () => {
    const D = GRID_DIAGONALS;
    expect(grid(D.EXACT).measurePath(path).distance).toBeCloseTo(4 + 3 * (Math.SQRT2 - 1), 12);
    expect(grid(D.APPROXIMATE).measurePath(path).distance).toBe(5.5);
    expect(grid(D.RECTILINEAR).measurePath(path).distance).toBe(7);
    expect(grid(D.ALTERNATING_1).measurePath(path).distance).toBe(5);
    expect(grid(D.ALTERNATING_2).measurePath(path).distance).toBe(6);
    expect(grid(D.ILLEGAL).measurePath(path)).toMatchObject({ distance: 7, spaces: 7, diagonals: 0 });
  });

  it("waypoints add up; points off the centres measure fractions; elevation makes it 3D", () => {
    const g = grid();
    const r = g.measurePath([
      { x: 50, y: 50 },
      { x: 350, y: 50 },
      { x: 350, y: 450 },
    ]);
    expect([r.distance, r.segments.map((s) => s.distance), r.waypoints.map((w) => w.distance)]).toEqual([
      7,
      [3, 4],
      [0, 3, 7],
    ]);
    expect(
      g.measurePath([
        { x: 0, y: 0 },
        { x: 150, y: 0 },
      ]).distance,
    ).toBe(1.5);
    expect(
      g.measurePath([
        { x: 50, y: 50, elevation: 0 },
        { x: 350, y: 50, elevation: 6 },
      ]).distance,
    ).toBe(6);
    expect(g.measurePath([]).distance).toBe(0);
  });

  it("offsets and points of cells", () => {
    const g = grid();
    expect(g.getOffset({ x: 250, y: 99.9 })).toEqual({ i: 0, j: 2 });
    expect(g.getOffset({ x: 250, y: 100, elevation: 3 })).toEqual({ i: 1, j: 2, k: 3 });
    expect(g.getCenterPoint({ i: 1, j: 2 })).toEqual({ x: 250, y: 150 });
    expect(g.getTopLeftPoint({ x: 299, y: 101 })).toEqual({ x: 200, y: 100 });
  });

  it("only square grids are modelled; a hex scene reports v13 HexagonalGrid's orientation (columns = flat-topped)", () => {
    expect(() => createCanvas(scene({ grid: { type: 0 } }))).toThrow(/only square grids/);
    expect(createCanvas(scene({ grid: { type: 5 } })).grid).toMatchObject({
      type: 5,
      isHexagonal: true,
      isSquare: false,
      columns: true,
      even: true,
    });
    expect(createCanvas(scene({ grid: { type: 2 } })).grid).toMatchObject({ columns: false, even: false });
  });
});

describe("installCanvas", () => {
  it("sets canvas and the polygon backends on a client's globals, keeping the rest of CONFIG", () => {
    const c = createCanvas(scene());
    const g: Record<string, unknown> = { CONFIG: { Actor: "kept", Canvas: { other: 1 } }, foundry: {} };
    installCanvas(g, c);
    expect(g.canvas).toBe(c);
    const config = g.CONFIG as { Actor: string; Canvas: Record<string, unknown> };
    expect(config.Actor).toBe("kept");
    expect(config.Canvas.other).toBe(1);
    expect((config.Canvas.polygonBackends as Record<string, unknown>).sight).toBe(c.polygonBackends.sight);
    expect((config.Canvas.polygonBackends as Record<string, unknown>).move).toBe(c.polygonBackends.move);
    const geometry = (g.foundry as { canvas: { geometry: Record<string, unknown> } }).canvas.geometry;
    expect(geometry.ClockwiseSweepPolygon).toBe(c.polygonBackends.sight);
  });
});
