/**
 * Scenario (issue 34): cover on a scene of many walls follows the walls as the GM changes them between two attacks.
 * The Foundry caster reads a wall index built once per scene (src/canvas/wall-index.ts), kept current by the wall
 * hooks on each client. Tall grass (a terrain wall one walks through: sight LIMITED, movement NONE) is exactly what
 * v13's collision tests leave out when it is the only wall in the way (the sight test drops a first collision that
 * is only limited, clockwise-sweep.mjs `_testCollision`; the move test does not see it), so only the index's
 * limited-wall pass puts it on the card. Each step below fails when the hook it needs does not update the
 * index: moving the far hedge into the line (updateWall), deleting it (deleteWall), drawing a new one (createWall).
 *
 * SF-X-22: a terrain wall is soft cover ("5 of 5 rays through soft cover"); no wall, no cover. The d100 roll is 99,
 * a miss (the damage die, 5, is rolled all the same).
 */
import { describe, expect, it } from "vitest";
import { wallData } from "../foundry/canvas.js";
import { pendingDice } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  itemFromPack,
  renderMessage,
  sceneSource,
  targetBlock,
  text,
  tokenSource,
} from "./kit.js";

const SCENE = id("sceneWarrens");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const PISTOL = id("itmLaser");
const TOK_EUSYL = id("tokEusyl");
const TOK_VASK = id("tokVask");
const FAR_HEDGE = id("wallFarHedge");
const NEW_HEDGE = id("wallNewHedge");

let table: Table;
closeTableAfterEach(() => table);

/** Tall grass: a terrain wall one walks through (sight LIMITED, movement NONE) — no collision test reports it alone. */
const TALL_GRASS = { move: 0 };

/**
 * Eusyl at (1700, 1500), Vask 8 m east at (2500, 1500): the line of fire runs along y ≈ 1500–1600. South of it,
 * from y = 2200, a warren of 400 walls (basic and terrain, 1–4 m long) well away from the line; among them the far
 * hedge of tall grass at x = 2100 from y = 2300 to 2700.
 */
function world() {
  const walls: Record<string, unknown>[] = [];
  for (let i = 0; i < 400; i++) {
    const x = 200 + (i % 40) * 90;
    const y = 2200 + Math.floor(i / 40) * 70;
    const kind = i % 3 === 0 ? "terrain" : "walls";
    walls.push({ ...wallData(kind, [x, y, x + 40 + (i % 4) * 20, y + 30]), _id: id(`wallWarren${i}`) });
  }
  walls.push({ ...wallData("terrain", [2100, 2300, 2100, 2700], TALL_GRASS), _id: FAR_HEDGE });
  return {
    actors: [
      actorSource({
        _id: EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 50 },
        items: [itemFromPack("weapons", "laser-pistol", PISTOL)],
      }),
      actorSource({ _id: PIRATE, name: "Pirate", stamina: 40 }),
    ],
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Warrens",
        tokens: [
          tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1650, y: 1450 }),
          tokenSource({ _id: TOK_VASK, name: "Vask", actorId: PIRATE, actorLink: false, x: 2450, y: 1450 }),
        ],
        walls,
      }),
    ],
  };
}

describe("scenario: the cover on the card follows the walls the GM moves, deletes and draws on a scene of 400 walls", () => {
  it("SF-X-22: no cover; the far hedge moved into the line → soft cover; deleted → none; a new hedge drawn → soft cover; flagged as no cover → none (Alice's client, every attack)", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const walls = () => G().game.scenes.get(SCENE);

    /** Alice shoots Vask (a miss: 99); the card's target line and why, as she reads it. */
    const shoot = async () => {
      table.dice(99, 5);
      const card = await attack(table, alice, EUSYL, PISTOL, [TOK_VASK]);
      expect(card).not.toBeNull();
      expect(pendingDice()).toEqual([]);
      const block = targetBlock(renderMessage(alice, card!), "Vask");
      return [text(block.querySelector(".ft-target-head")), text(block.querySelector(".ft-why"))];
    };

    expect(await shoot()).toEqual(["Vask 8 m · Short", "All 5 rays clear"]);

    // The GM drags the far hedge across the line of fire (updateWall on every client).
    await gm.run(() =>
      walls()
        .walls.get(FAR_HEDGE)
        .update({ c: [2100, 1300, 2100, 1700] }),
    );
    await table.settle();
    expect(await shoot()).toEqual(["Vask 8 m · Short Soft cover", "5 of 5 rays through soft cover"]);

    // The GM deletes it (deleteWall).
    await gm.run(() => walls().deleteEmbeddedDocuments("Wall", [FAR_HEDGE]));
    await table.settle();
    expect(await shoot()).toEqual(["Vask 8 m · Short", "All 5 rays clear"]);

    // The GM draws a new hedge across the line with the terrain tool (createWall).
    await gm.run(() =>
      walls().createEmbeddedDocuments("Wall", [
        { ...wallData("terrain", [2300, 1200, 2300, 1800], TALL_GRASS), _id: NEW_HEDGE },
      ]),
    );
    await table.settle();
    expect(await shoot()).toEqual(["Vask 8 m · Short Soft cover", "5 of 5 rays through soft cover"]);

    // The GM says in the wall's configuration that the new hedge gives no cover (its flag only: the wall does not
    // move, and the caster's store of what each crossed wall is must forget the hedge on updateWall).
    await gm.run(() =>
      walls()
        .walls.find((w: { c: number[] }) => w.c[0] === 2300 && w.c[1] === 1200)
        .update({ "flags.frontier-tactics.cover": "none" }),
    );
    await table.settle();
    expect(await shoot()).toEqual(["Vask 8 m · Short", "All 5 rays clear"]);
  });
});
