import { describe, expect, it } from "vitest";
import { isTeleport, walkedPath } from "./movement-path.js";

/** Straight-line metres between consecutive points, one space per 100 px (a 1 m grid of 100 px). */
const measure = (run: readonly { x: number; y: number }[]) => {
  let distance = 0;
  for (let i = 1; i < run.length; i++)
    distance += Math.hypot(run[i]!.x - run[i - 1]!.x, run[i]!.y - run[i - 1]!.y) / 100;
  return { distance, spaces: distance };
};

describe("walkedPath (SF-X-17: only the token's own movement counts)", () => {
  it("skips the segments a displace or a blink reached and measures the walks around them", () => {
    const path = walkedPath(
      [
        { x: 0, y: 0, action: "walk" },
        { x: 300, y: 0, action: "walk" },
        { x: 2000, y: 0, action: "displace" },
        { x: 2200, y: 0, action: "walk" },
        { x: 5000, y: 0, action: "blink" },
      ],
      measure,
    );
    expect(path).toEqual({ distance: 5, spaces: 5 });
  });
  it("an empty or one-waypoint history is no movement; without CONFIG displace and blink are the teleports", () => {
    expect(walkedPath([], measure)).toEqual({ distance: 0, spaces: 0 });
    expect(walkedPath([{ x: 0, y: 0, action: "walk" }], measure)).toEqual({ distance: 0, spaces: 0 });
    expect([isTeleport("displace"), isTeleport("blink"), isTeleport("fly"), isTeleport(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
