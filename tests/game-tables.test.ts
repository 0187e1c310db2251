/**
 * Issue 30: each game's table says one thing once. Where two sections speak of the same thing they agree: the
 * sheet draws Punch exactly where the game has an unarmed attack (RT-6 in the Star Frontiers games; SW-20's strike in
 * d20, issue 31; none in SWN, whose seed gives a Punch no damage). Every game is registered, and each table is the one its id names.
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../src/games/index.js";
import { GAME_IDS, gameIdOf, gameTable } from "../src/helpers/game.js";

describe("issue 30: the game tables", () => {
  it("every game id has its table, and a table's engine and profile name it back", () => {
    expect(GAMES.map((t) => t.id).sort()).toEqual([...GAME_IDS].sort());
    for (const id of GAME_IDS) {
      const table = gameTable(id);
      expect(table.id).toBe(id);
      expect(gameIdOf(table.engine, table.profile)).toBe(id);
    }
  });

  it("RT-6 SW-20: the sheet shows Punch exactly where the game has an unarmed attack", async () => {
    const sheets = await Promise.all(GAMES.map((t) => t.sheet()));
    expect(
      Object.fromEntries(GAMES.map((t, i) => [t.id, [sheets[i]!.shows.punch, t.unarmed.kind !== "none"]])),
    ).toEqual({ alphaDawn: [true, true], zebulon: [true, true], d20: [true, true], swn: [false, false] });
  });

  it("SF-Z-01: the sheet offers Zebulon's skill check exactly where the game rolls one on its columns", async () => {
    const sheets = await Promise.all(GAMES.map((t) => t.sheet()));
    expect(
      Object.fromEntries(
        GAMES.map((t, i) => [t.id, [sheets[i]!.shows.skillCheck, t.skillCheck === "zebulonColumns"]]),
      ),
    ).toEqual({ alphaDawn: [false, false], zebulon: [true, true], d20: [false, false], swn: [false, false] });
  });

  it("an unknown stored engine or profile is read as the default game, never an error", () => {
    expect(gameIdOf(undefined)).toBe("alphaDawn");
    expect(gameIdOf("d20", "bogus")).toBe("d20");
    expect(gameIdOf("zebulon", "swn")).toBe("zebulon");
    expect(gameIdOf("d20", "swn")).toBe("swn");
  });
});
