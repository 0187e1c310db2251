import { describe, expect, it } from "vitest";
import { SENSE, wallCover } from "./wall-cover.js";

const w = (over: Partial<Parameters<typeof wallCover>[0]>) => ({
  move: SENSE.NORMAL,
  sight: SENSE.NORMAL,
  door: 0,
  ds: 0,
  flag: undefined,
  ...over,
});

describe("Cover class of a wall", () => {
  it("SF-X-22 defaults: movement-blocking hard, sight-only soft, terrain soft, open door none, ethereal none", () => {
    expect(wallCover(w({}))).toBe("hard");
    expect(wallCover(w({ move: SENSE.NONE }))).toBe("soft");
    expect(wallCover(w({ move: SENSE.NONE, sight: SENSE.LIMITED }))).toBe("soft");
    expect(wallCover(w({ door: 1, ds: 1 }))).toBe("none");
    expect(wallCover(w({ door: 1, ds: 0 }))).toBe("hard");
    expect(wallCover(w({ move: SENSE.NONE, sight: SENSE.NONE }))).toBe("none");
  });

  it("SF-X-22 the wall's flag wins: thin planks are soft, heavy logs hard", () => {
    expect(wallCover(w({ flag: "soft" }))).toBe("soft");
    expect(wallCover(w({ move: SENSE.NONE, flag: "hard" }))).toBe("hard");
    expect(wallCover(w({ flag: "none" }))).toBe("none");
    expect(wallCover(w({ flag: "bogus" }))).toBe("hard");
  });
});
