/**
 * Scenario (review foundry-v13-ui-canvas-2 §3.3): the Basic game's ranges in squares (SF-B-09) and a squad's units
 * caught by a burst (SWN-17) are counted on a square lattice; the system does not count them on hexes. On a scene
 * whose grid is hexagonal (v13 `CONST.GRID_TYPES` 2–5) or gridless (0), the user is told so, once per scene, instead
 * of getting numbers taken silently on the wrong cells. (The harness canvas refuses hex scenes, so the check is
 * played on the scene documents, as `distanceBetween` and `areaUnitsOf` call it.)
 */
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, G, id, sceneSource, told } from "./kit.js";

let table: Table;
closeTableAfterEach(() => table);

const SQUARE = id("sceneSquareGrid");
const HEX = id("sceneHexGrid");

describe("scenario: square-only counts on a hex scene (review §3.3)", () => {
  it("SF-B-09 SWN-17: on a hex scene Alice is told once per scene that Basic ranges count squares; a square scene says nothing", async () => {
    table = await createTable({
      world: {
        scenes: [
          sceneSource({ _id: SQUARE, name: "Square", active: true }),
          {
            ...sceneSource({ _id: HEX, name: "Hex", active: false }),
            grid: { type: 2, size: 100, distance: 1 },
          },
        ],
      },
      online: [ALICE_ID],
    });
    const alice = table.client(ALICE_ID);
    const check = (sceneId: string, what: "basicRange" | "squadBurst") =>
      alice.run(async () => {
        const { squareGrid } = await import("../../src/canvas/grid-support.js");
        return squareGrid(G().game.scenes.get(sceneId), what);
      });
    expect(await check(SQUARE, "basicRange")).toBe(true);
    expect(told(alice)).toEqual([]);
    expect(await check(HEX, "basicRange")).toBe(false);
    expect(await check(HEX, "basicRange")).toBe(false);
    expect(await check(HEX, "squadBurst")).toBe(false);
    expect(told(alice)).toEqual([
      "warn: This scene's grid is not square: Basic-game ranges are counted in squares (SF-B-09), so they are counted as if the cells were squares. Use a square grid for the Basic game.",
      "warn: This scene's grid is not square: the units a burst catches in a squad are counted on square cells (SWN-17). Use a square grid, or check the count.",
    ]);
  });
});
