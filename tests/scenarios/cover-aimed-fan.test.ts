/**
 * Scenario (issue 34, review-cover 2.3): a fan of rays aimed, then the walls change, then the rays are cast — the
 * answer sees the change. `FoundryCaster.aim` looks up an eye's walls once for the rays it is about to cast
 * (src/canvas/foundry-caster.ts); those walls serve while the scene's wall index stands as it was (the index object
 * and its `version`, bumped by the wall hooks in src/canvas/wall-index.ts). No production caller awaits between an aim
 * and its rays today (target reads and grenade cards are synchronous); this holds the guard for the one that will.
 *
 * The changes go through the harness's document updates, so v13's wall hooks fire on every client as in core
 * (`updateWall` after `WallDocument#update`; the placeable's edge is re-created from the document, v13
 * client/canvas/placeables/wall.mjs `Wall#initializeEdge`: an open door's edge restricts nothing). The caster runs on
 * Alice's client; the GM moves the wall and opens the door on his.
 *
 * SF-X-22: the crossings a ray reports are the walls the cover count reads (soft cover from a terrain wall, a
 * closed door's hard cover).
 */
import { describe, expect, it } from "vitest";
import { wallData } from "../foundry/canvas.js";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, G, GM_ID, id, sceneSource } from "./kit.js";

const SCENE = id("sceneFanWalls");
const HEDGE = id("wallFanHedge");
const DOOR = id("wallFanDoor");

let table: Table;
closeTableAfterEach(() => table);

/** Tall grass: a terrain wall one walks through (sight LIMITED, movement NONE). */
const TALL_GRASS = { move: 0 };
/** CONST.WALL_DOOR_STATES. */
const CLOSED = 0;
const OPEN = 1;

/** The eye and the five points it aims at (a target 8 m east), as SF-X-22's samples are. */
const EYE = { x: 1700, y: 1500 };
const AIM = [
  { x: 2500, y: 1500 },
  { x: 2460, y: 1460 },
  { x: 2540, y: 1460 },
  { x: 2460, y: 1540 },
  { x: 2540, y: 1540 },
];

/**
 * 300 walls well south of the line of fire (so the scene has an index worth the name), the hedge among them at
 * x = 2100 from y = 2300 to 2700, and a door north of the line at x = 2300 from y = 900 to 1100.
 */
function world() {
  const walls: Record<string, unknown>[] = [];
  for (let i = 0; i < 300; i++) {
    const x = 200 + (i % 30) * 110;
    const y = 2200 + Math.floor(i / 30) * 70;
    walls.push({ ...wallData(i % 3 ? "walls" : "terrain", [x, y, x + 50, y + 30]), _id: id(`wallFan${i}`) });
  }
  walls.push({ ...wallData("terrain", [2100, 2300, 2100, 2700], TALL_GRASS), _id: HEDGE });
  walls.push({ ...wallData("doors", [2300, 900, 2300, 1100]), _id: DOOR });
  return { scenes: [sceneSource({ _id: SCENE, name: "Fan walls", walls })] };
}

describe("scenario: rays aimed before a wall moves or a door opens see the change when cast (issue 34)", () => {
  it("SF-X-22: a fan aimed, the GM moves the hedge into it → its rays cross the hedge; the door moved into it → crossed; opened → not; closed → crossed again (Alice's caster)", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const { FoundryCaster } = await alice.run(() => import("../../src/canvas/foundry-caster.js"));
    const scene = () => G().game.scenes.get(SCENE);
    const caster = alice.run(() => new FoundryCaster());
    /** Aim the five rays on Alice's client. */
    const aim = () => alice.run(() => caster.aim(EYE, AIM));
    /** Each ray's crossed walls on Alice's client, as ids (the hedge, the door, or none). */
    const cast = () =>
      alice.run(() =>
        AIM.map((p) =>
          caster
            .crossings(EYE, p)
            .map((c) => c.wall.id)
            .join(","),
        ),
      );
    const update = async (wall: string, changes: Record<string, unknown>) => {
      await gm.run(() => scene().walls.get(wall).update(changes));
      await table.settle();
    };

    aim();
    expect(cast()).toEqual(["", "", "", "", ""]);

    // Aimed with the line clear; the GM drags the hedge across it (updateWall on every client); then the rays go.
    aim();
    await update(HEDGE, { c: [2100, 1300, 2100, 1700] });
    expect(cast()).toEqual([HEDGE, HEDGE, HEDGE, HEDGE, HEDGE]);

    // Aimed through the hedge; the GM drags the closed door across the line beyond it.
    aim();
    await update(DOOR, { c: [2300, 1300, 2300, 1700] });
    const both = `${HEDGE},${DOOR}`;
    expect(cast()).toEqual([both, both, both, both, both]);

    // Aimed through both; the GM opens the door (its edge now restricts nothing): only the hedge is crossed.
    aim();
    await update(DOOR, { ds: OPEN });
    expect(cast()).toEqual([HEDGE, HEDGE, HEDGE, HEDGE, HEDGE]);

    // Aimed with the door open; the GM closes it: crossed again.
    aim();
    await update(DOOR, { ds: CLOSED });
    expect(cast()).toEqual([both, both, both, both, both]);
  });
});
