import { describe, expect, it } from "vitest";
import { screenPack } from "./facts.js";

const belt = { id: "belt", kind: "beltpack" };
const back = { id: "back", kind: "backpack" };
const clip = { id: "clip", kind: "powerclip" };

describe("SF-X-36 the pack that feeds a screen", () => {
  it("is the one chosen on the screen while it is still carried", () => {
    expect(screenPack({ slot: "screen", powerSource: "back" }, [belt, back])).toBe("back");
  });
  it("falls back to the wearer's only beltpack or backpack; clips never feed a screen", () => {
    expect(screenPack({ slot: "screen", powerSource: "" }, [clip, belt])).toBe("belt");
    expect(screenPack({ slot: "screen", powerSource: "gone" }, [back])).toBe("back");
  });
  it("is none when the choice is ambiguous or there is no pack, and never for a suit", () => {
    expect(screenPack({ slot: "screen", powerSource: "" }, [belt, back])).toBeNull();
    expect(screenPack({ slot: "screen", powerSource: "" }, [clip])).toBeNull();
    expect(screenPack({ slot: "suit", powerSource: "belt" }, [belt])).toBeNull();
  });
});
