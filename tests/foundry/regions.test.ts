/**
 * Regions and their behaviours in the harness against Foundry v13's source (local mirror umplacable/foundryVTT):
 * `common/documents/region.mjs` (schema, embedded behaviours), `client/documents/region.mjs` (`prepareBaseData`
 * reading a null elevation as ∓Infinity; `testPoint(point: ElevatedPoint)` = in the elevation band and in the polygon
 * tree built from the shapes in order, holes subtracting), `client/documents/region-behavior.mjs` (`active`), and
 * `common/documents/region-behavior.mjs` (only a GM creates or updates a behaviour).
 */
import { describe, expect, it } from "vitest";
import {
  ALICE_ID,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  sceneSource,
  settingSource,
  told,
} from "../scenarios/kit.js";
import { createTable, type Table } from "./world.js";

let table: Table;
closeTableAfterEach(() => table);

const SCENE = id("sceneRegions");

async function withRegion(region: Record<string, unknown>): Promise<void> {
  table = await createTable({
    world: {
      settings: [settingSource(id("setEngineRegions"), "engine", "d20")],
      scenes: [sceneSource({ _id: SCENE, name: "Regions", regions: [region] })],
    },
    online: [GM_ID, ALICE_ID],
  });
}

const region = (client = GM_ID) =>
  table.client(client).run(() => G().game.scenes.get(SCENE).regions.contents[0]);
const test = (x: number, y: number, elevation = 0, client = GM_ID) =>
  table.client(client).run(() => region(client).testPoint({ x, y, elevation }));

describe("RegionDocument#testPoint (client/documents/region.mjs)", () => {
  it("a rectangle with a circular hole: inside the rectangle, not in the hole; on every client", async () => {
    await withRegion({
      _id: id("regHole"),
      name: "Ring",
      shapes: [
        { type: "rectangle", x: 100, y: 100, width: 400, height: 400, rotation: 0, hole: false },
        { type: "circle", x: 300, y: 300, radius: 100, hole: true },
      ],
    });
    for (const c of [GM_ID, ALICE_ID]) {
      expect(test(150, 150, 0, c)).toBe(true);
      expect(test(300, 300, 0, c)).toBe(false);
      expect(test(600, 300, 0, c)).toBe(false);
    }
  });

  it("shapes are applied in order: a non-hole after a hole fills it again", async () => {
    await withRegion({
      _id: id("regRefill"),
      name: "Refill",
      shapes: [
        { type: "rectangle", x: 0, y: 0, width: 400, height: 400, rotation: 0, hole: false },
        { type: "rectangle", x: 100, y: 100, width: 200, height: 200, rotation: 0, hole: true },
        { type: "circle", x: 200, y: 200, radius: 50, hole: false },
      ],
    });
    expect(test(200, 200)).toBe(true);
    expect(test(120, 120)).toBe(false);
    expect(test(20, 20)).toBe(true);
  });

  it("a rectangle rotated 45° about its centre, an ellipse and a polygon", async () => {
    await withRegion({
      _id: id("regShapes"),
      name: "Shapes",
      shapes: [
        { type: "rectangle", x: 0, y: 0, width: 200, height: 200, rotation: 45, hole: false },
        { type: "ellipse", x: 1000, y: 100, radiusX: 200, radiusY: 50, rotation: 0, hole: false },
        { type: "polygon", points: [1500, 0, 1700, 0, 1600, 200], hole: false },
      ],
    });
    // The rotated square's corners are at the centre ± 141 along the axes; (5, 5) was a corner, now outside.
    expect(test(5, 5)).toBe(false);
    expect(test(100, -35)).toBe(true);
    expect(test(1190, 100)).toBe(true);
    expect(test(1000, 160)).toBe(false);
    expect(test(1600, 100)).toBe(true);
    expect(test(1510, 150)).toBe(false);
  });

  it("the elevation band: null bottom and top are ∓Infinity; a top of 3 excludes a point at 5", async () => {
    await withRegion({
      _id: id("regBand"),
      name: "Band",
      shapes: [{ type: "rectangle", x: 0, y: 0, width: 100, height: 100, rotation: 0, hole: false }],
      elevation: { bottom: null, top: 3 },
    });
    expect(test(50, 50, -1000)).toBe(true);
    expect(test(50, 50, 3)).toBe(true);
    expect(test(50, 50, 5)).toBe(false);
    expect(table.client(GM_ID).run(() => region().elevation)).toEqual({ bottom: -Infinity, top: 3 });
  });
});

describe("RegionBehavior (client/documents/region-behavior.mjs, common/documents/region-behavior.mjs)", () => {
  it("a behaviour is active until the GM disables it, on every client; a player may not change it", async () => {
    await withRegion({
      _id: id("regFog"),
      name: "Fog",
      shapes: [{ type: "rectangle", x: 0, y: 0, width: 100, height: 100, rotation: 0, hole: false }],
      behaviors: [{ _id: id("behFogR"), type: "frontier-tactics.obscurement", system: { degree: "total" } }],
    });
    const active = (c: string) =>
      table.client(c).run(() => {
        const b = region(c).behaviors.contents[0];
        return [b.type, b.system.degree, b.active, b.region === region(c)];
      });
    expect(active(ALICE_ID)).toEqual(["frontier-tactics.obscurement", "total", true, true]);
    const refused = await table
      .client(ALICE_ID)
      .run(() => region(ALICE_ID).behaviors.contents[0].update({ disabled: true }))
      .then(
        () => "updated",
        (e: Error) => e.message,
      );
    expect(refused).toMatch(/lacks permission/);
    await table.client(GM_ID).run(() => region().behaviors.contents[0].update({ disabled: true }));
    await table.settle();
    expect(active(ALICE_ID)).toEqual(["frontier-tactics.obscurement", "total", false, true]);
  });

  it("a degree outside the choices is a validation error the GM is told of, and nothing is created (ClientDatabaseBackend#_preCreateDocumentArray)", async () => {
    await withRegion({
      _id: id("regBad"),
      name: "Bad",
      shapes: [{ type: "rectangle", x: 0, y: 0, width: 100, height: 100, rotation: 0, hole: false }],
    });
    const gm = table.client(GM_ID);
    const created = await gm.run(() =>
      region().createEmbeddedDocuments("RegionBehavior", [
        { type: "frontier-tactics.obscurement", system: { degree: "thick" } },
      ]),
    );
    await table.settle();
    expect(created).toEqual([]);
    expect(told(gm).join(" ")).toMatch(/degree/);
    expect(gm.run(() => region().behaviors.size)).toBe(0);
  });
});
