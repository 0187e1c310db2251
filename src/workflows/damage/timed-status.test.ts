import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../constants.js";
import { hasRunOut } from "./timed-status.js";

/** A timed status as stored: its duration source and our flag. */
function effect(duration: Record<string, unknown>, timed = true) {
  return {
    _source: {
      duration: { combat: null, rounds: null, seconds: null, startTime: 0, startRound: 0, ...duration },
    },
    flags: { [SYSTEM_ID]: { timed } },
  } as unknown as Parameters<typeof hasRunOut>[0]; // a plain stand-in for the two fields the check reads
}

describe("timed statuses (SF-X-40 stun, SF-B-18 doze)", () => {
  const stun = effect({ combat: "combatA", rounds: 1, seconds: 6, startRound: 1, startTime: 100 });
  it("SF-X-40: a one-turn stun set in round 1 lasts the round and ends when round 2 begins", () => {
    expect(hasRunOut(stun, { combatId: "combatA", round: 1, worldTime: 105 })).toBe(false);
    expect(hasRunOut(stun, { combatId: "combatA", round: 2, worldTime: 106 })).toBe(true);
  });
  it("SF-X-40: once its combat has ended it runs by world time (6 s a turn)", () => {
    expect(hasRunOut(stun, { combatId: null, round: 0, worldTime: 105 })).toBe(false);
    expect(hasRunOut(stun, { combatId: null, round: 0, worldTime: 106 })).toBe(true);
  });
  it("SF-B-18: an hour's doze outside combat ends after 3600 s of world time, not before", () => {
    const doze = effect({ rounds: 600, seconds: 3600, startTime: 50 });
    expect(hasRunOut(doze, { combatId: null, round: 0, worldTime: 3649 })).toBe(false);
    expect(hasRunOut(doze, { combatId: null, round: 0, worldTime: 3650 })).toBe(true);
  });
  it("an effect that is not one of our timed statuses is never ended", () => {
    expect(hasRunOut(effect({ seconds: 6 }, false), { combatId: null, round: 9, worldTime: 1e6 })).toBe(
      false,
    );
  });
});
