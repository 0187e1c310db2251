import { describe, expect, it } from "vitest";
import { WALL_DOOR_STATES, WALL_SENSE_TYPES, type WallKind, wallData } from "../../tests/foundry/canvas.js";
import { wallCover } from "./wall-cover.js";

/** The cover a wall drawn with a core wall tool gives, with the system flag when set. */
const cover = (kind: WallKind, extra: Parameters<typeof wallData>[2] = {}) => {
  const w = wallData(kind, [0, 0, 100, 0], extra);
  const flag = w.flags["frontier-tactics"]?.cover as string | undefined;
  return wallCover({ move: w.move, sight: w.sight, door: w.door, ds: w.ds, flag });
};
const flagged = (cover: string) => ({ flags: { "frontier-tactics": { cover } } });

describe("Cover class of a wall", () => {
  it("SF-X-22 defaults by core wall tool: walls hard, terrain soft, window soft, ethereal soft, invisible none", () => {
    expect(cover("walls")).toBe("hard");
    expect(cover("terrain")).toBe("soft");
    expect(cover("window")).toBe("soft");
    expect(cover("ethereal")).toBe("soft");
    expect(cover("invisible")).toBe("none");
  });

  it("SF-X-22 doors: closed and locked hard, open none, secret doors alike", () => {
    expect(cover("doors")).toBe("hard");
    expect(cover("doors", { ds: WALL_DOOR_STATES.LOCKED })).toBe("hard");
    expect(cover("doors", { ds: WALL_DOOR_STATES.OPEN })).toBe("none");
    expect(cover("secret")).toBe("hard");
    expect(cover("secret", { ds: WALL_DOOR_STATES.OPEN })).toBe("none");
  });

  it("SF-X-22 edited walls: passable foliage and DISTANCE walls soft; a wall restricting neither sight nor movement none", () => {
    expect(cover("terrain", { move: WALL_SENSE_TYPES.NONE })).toBe("soft");
    expect(cover("walls", { sight: WALL_SENSE_TYPES.DISTANCE, threshold: { sight: 4 } })).toBe("soft");
    expect(cover("invisible", { move: WALL_SENSE_TYPES.NONE })).toBe("none");
  });

  it("SF-X-22 the wall's flag wins: thin planks are soft, heavy logs hard, a bead curtain none", () => {
    expect(cover("walls", flagged("soft"))).toBe("soft");
    expect(cover("ethereal", flagged("hard"))).toBe("hard");
    expect(cover("window", flagged("none"))).toBe("none");
    expect(cover("doors", { ds: WALL_DOOR_STATES.OPEN, ...flagged("hard") })).toBe("hard");
    expect(cover("walls", flagged("bogus"))).toBe("hard");
  });
});
