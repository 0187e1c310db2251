import { describe, expect, it } from "vitest";
import type { StoredCard } from "../../data/chat/attack-card.js";
import type { Outcome } from "../../rules/index.js";
import { blastOutcome, statusTurns } from "./grenade-effects.js";

const card = (over: Partial<StoredCard>): StoredCard =>
  ({ effect: null, variant: "expanded", ...over }) as StoredCard;

describe("What a grenade card does besides damage", () => {
  it("SF-B-18: Basic doze sleeps 600 turns; Expanded the d100 rolled for each; SF-X-40: a stun 1 turn", () => {
    expect(statusTurns(card({ effect: "doze", variant: "basic" }), ["a"])).toEqual({
      a: { unconscious: 600 },
    });
    const expanded = card({
      effect: "doze",
      grenade: {
        landing: { x: 0, y: 0 },
        bounced: false,
        stoppedByWall: false,
        direction: null,
        d10: null,
        caught: [],
        radius: 3,
        sleep: [{ id: "a", turns: 37 }],
      },
    });
    expect(statusTurns(expanded, ["a", "b"])).toEqual({ a: { unconscious: 37 } });
    expect(statusTurns(card({ effect: "explosive", stunned: ["b"] }), ["a", "b"])).toEqual({
      b: { stun: 1 },
    });
  });

  it("SF-Z-06: a Zebulon throw rates its blast by its colour; a bounced one (white) as yellow; a percentile throw by dice", () => {
    const base: Outcome = {
      engine: "zebulon",
      roll: 25,
      chance: 45,
      hit: true,
      auto: null,
      strayHit: false,
      colour: "green",
      damageFraction: 0.5,
      band: "pb",
    };
    expect(blastOutcome(base)).toBe(base);
    expect(blastOutcome({ ...base, hit: false, colour: "white", damageFraction: 0 })).toMatchObject({
      hit: true,
      colour: "yellow",
      damageFraction: 0.25,
    });
    expect(blastOutcome({ ...base, engine: "alphaDawn", colour: null, damageFraction: 1 })).toBeNull();
  });
});
