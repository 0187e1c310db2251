/**
 * Scenarios for rules read from the scene that were wired but never played from a click: a prone target (SF-X-26,
 * −5, stacks with soft cover, not with hard), a large creature (SF-X-25, +5), and line of sight (SF-B-08: a
 * building wall between blocks the shot; leaning around a corner does not). Alice shift-clicks Attack on Eusyl's
 * sheet; what the GM's client renders of the card (or Alice's notification) is asserted.
 *
 * Numbers (rules-tables §2, §3): Eusyl DEX 80 → ½ DEX +40; laser pistol (PB ≤5, S ≤20) at 10 m → Short −10;
 * a target that did not move +10; soft cover −10, hard cover −20; prone −5; large +5.
 */
import { describe, expect, it, vi } from "vitest";
import { wallData } from "../foundry/canvas.js";
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
  told,
} from "./kit.js";

vi.setConfig({ testTimeout: 30_000 });

const SCENE = id("sceneYard");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const BEAST = id("actBeast");
const PISTOL = id("itmPistol");
const TOK_EUSYL = id("tokEusyl");
const TOK_TARGET = id("tokTarget");

let table: Table;
closeTableAfterEach(() => table);

/** Eusyl at (1500, 1500); the target 10 m east at (2500, 1500), a pirate or a large beast; walls as given. */
const world = (o: {
  beast?: boolean;
  walls?: ReturnType<typeof wallData>[];
  eusylAt?: { x: number; y: number };
}) => ({
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 80 },
      stamina: 45,
      items: [itemFromPack("weapons", "laser-pistol", PISTOL)],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
    actorSource({ _id: BEAST, name: "Quickdeath", type: "creature", stamina: 60, system: { size: "large" } }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Yard",
      tokens: [
        tokenSource({
          _id: TOK_EUSYL,
          name: "Eusyl",
          actorId: EUSYL,
          actorLink: true,
          ...(o.eusylAt ?? { x: 1500, y: 1500 }),
        }),
        tokenSource({
          _id: TOK_TARGET,
          name: o.beast ? "Quickdeath" : "Pirate",
          actorId: o.beast ? BEAST : PIRATE,
          actorLink: false,
          x: 2500,
          y: 1500,
        }),
      ],
      walls: (o.walls ?? []).map((w, i) => ({ ...w, _id: id(`wall${i}`) })),
    }),
  ],
});

/** The GM's view of the card's modifier rows for the target. */
function modifiers(cardId: string, name: string): string[] {
  const row = targetBlock(renderMessage(table.client(GM_ID), cardId), name);
  return [...row.querySelectorAll(".ft-mods li")].map((li) => [...li.children].map(text).join(" "));
}

async function makeProne(): Promise<void> {
  await table
    .client(GM_ID)
    .run(() =>
      G().game.scenes.get(SCENE).tokens.get(TOK_TARGET).actor.toggleStatusEffect("prone", { active: true }),
    );
  await table.settle();
}

const BASE = ["½ Dexterity SF-X-11 +40", "Short SF-X-14 −10", "Target stationary SF-X-17 +10"];

describe("scenario: what the scene says about the target", () => {
  it("SF-X-26 SF-X-22: a prone pirate behind a hedge (soft cover) takes both, −10 and −5: 25 %", async () => {
    table = await createTable({
      world: world({ walls: [wallData("terrain", [2300, 1300, 2300, 1800])] }),
    });
    await makeProne();
    table.dice(99, 5);
    const cardId = await attack(table, table.client(ALICE_ID), EUSYL, PISTOL, [TOK_TARGET]);
    expect(modifiers(cardId!, "Pirate")).toEqual([
      ...BASE,
      "Soft cover SF-X-22 −10",
      "Target prone SF-X-26 −5",
    ]);
    expect(
      text(targetBlock(renderMessage(table.client(GM_ID), cardId!), "Pirate").querySelector("summary")),
    ).toBe("Modifiers = 25%");
  });

  it("SF-X-26 SF-X-22: a prone pirate partly behind a wall (hard cover) takes only the −20", async () => {
    table = await createTable({
      world: world({ walls: [wallData("walls", [2300, 1300, 2300, 1570])] }),
    });
    await makeProne();
    table.dice(99, 5);
    const cardId = await attack(table, table.client(ALICE_ID), EUSYL, PISTOL, [TOK_TARGET]);
    expect(modifiers(cardId!, "Pirate")).toEqual([...BASE, "Hard cover SF-X-22 −20"]);
  });

  it("SF-X-25: a large creature is easier to hit, +5", async () => {
    table = await createTable({ world: world({ beast: true }) });
    table.dice(99, 5);
    const cardId = await attack(table, table.client(ALICE_ID), EUSYL, PISTOL, [TOK_TARGET]);
    expect(modifiers(cardId!, "Quickdeath")).toEqual([...BASE, "Large target SF-X-25 +5"]);
  });

  it("SF-B-08: a building wall across the whole line blocks the shot; nothing is posted", async () => {
    table = await createTable({ world: world({ walls: [wallData("walls", [2300, 1100, 2300, 1900])] }) });
    const cardId = await attack(table, table.client(ALICE_ID), EUSYL, PISTOL, [TOK_TARGET]);
    expect(cardId).toBeNull();
    expect(told(table.client(ALICE_ID))).toEqual([
      "warn: Pirate is out of sight: walls block every line from you to it.",
    ]);
  });

  it("SF-B-08: leaning around a corner does not block — the wall ends short of part of her, so she fires with cover", async () => {
    // The wall ends at y = 1530: the centre-to-centre line (y 1550) is blocked, the lines from her lower edge are not.
    table = await createTable({ world: world({ walls: [wallData("walls", [1700, 1100, 1700, 1530])] }) });
    table.dice(99, 5);
    const cardId = await attack(table, table.client(ALICE_ID), EUSYL, PISTOL, [TOK_TARGET]);
    expect(cardId).not.toBeNull();
    expect(modifiers(cardId!, "Pirate").slice(0, 3)).toEqual(BASE);
    expect(told(table.client(ALICE_ID))).toEqual([]);
  });
});
