import { describe, expect, it } from "vitest";
import { droppedObject } from "./dropped.js";

describe("SW-16 dropped objects", () => {
  it("SW-16: a target below within altitude ÷ 5 across is a drop — the fall in 20 m increments; farther across, or not below, no drop", () => {
    expect(droppedObject({ altitude: 24, lateral: 2 })).toEqual({ distance: 24, increment: 20 });
    expect(droppedObject({ altitude: 25, lateral: 5 })).toEqual({ distance: 25, increment: 20 });
    expect(droppedObject({ altitude: 24, lateral: 5 })).toBeNull();
    expect(droppedObject({ altitude: 0, lateral: 0 })).toBeNull();
    expect(droppedObject({ altitude: -10, lateral: 0 })).toBeNull();
    expect(droppedObject(undefined)).toBeNull();
  });
});
