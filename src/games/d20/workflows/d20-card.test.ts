import { describe, expect, it } from "vitest";
import type { Outcome } from "../../../rules/index.js";
import { d20ShotView, withoutD20AttackerNumbers, withoutD20TargetNumbers } from "./d20-card.js";

const outcome = (o: Partial<Outcome>): Outcome => ({
  engine: "d20",
  roll: 14,
  chance: 50,
  hit: true,
  auto: null,
  strayHit: false,
  colour: null,
  damageFraction: 1,
  band: null,
  total: 19,
  target: 16,
  margin: 3,
  critical: "none",
  ...o,
});

const target = { bonus: 5, defense: 16, defenseTerms: [], threat: 20, missChance: 20 };

describe("the d20 card", () => {
  it("SW-31: a miss only the cover caused struck it — 13 vs Defense 16 behind a +4 wall; 11 falls short of 12; posture has nothing to strike; a creature as cover is named", () => {
    const cover = [{ id: "cover", label: "Cover", value: 4, ruleId: "SW-30" as const }];
    const behind = (coverSource: "wall" | "posture" | "creature") => ({
      d20: { ...target, missChance: 0, defenseTerms: cover, coverSource },
    });
    const miss = (total: number) => outcome({ hit: false, total, margin: total - 16 });
    expect(d20ShotView(behind("wall"), miss(13), { d20: 8 })?.struck).toBe("wall");
    expect(d20ShotView(behind("wall"), miss(12), { d20: 7 })?.struck).toBe("wall");
    expect(d20ShotView(behind("wall"), miss(11), { d20: 6 })?.struck).toBeNull();
    expect(d20ShotView(behind("posture"), miss(13), { d20: 8 })?.struck).toBeNull();
    expect(d20ShotView(behind("creature"), miss(13), { d20: 8 })?.struck).toBe("creature");
    // A natural 1 is no one's doing but the dice's; a hit strikes nothing.
    expect(
      d20ShotView(behind("wall"), outcome({ hit: false, roll: 1, total: 13, auto: "miss" }), { d20: 1 })
        ?.struck,
    ).toBeNull();
    expect(d20ShotView(behind("wall"), outcome({}), { d20: 14 })?.struck).toBeNull();
  });

  it("SW-04 SW-32: d20 14 + 5 = 19 vs Defense 16, then the concealment d% 15 ≤ 20 % turns the hit into a miss", () => {
    const v = d20ShotView({ d20: target }, outcome({ hit: false }), { d20: 14, concealment: 15 });
    expect(v).toEqual({
      roll: 14,
      bonusText: "+ 5",
      total: 19,
      defense: 16,
      threat: null,
      concealment: { roll: 15, missChance: 20, concealed: true },
      struck: null,
    });
    expect(d20ShotView({ d20: target }, outcome({}), { d20: 14, concealment: 21 })?.concealment).toEqual({
      roll: 21,
      missChance: 20,
      concealed: false,
    });
  });

  it("SW-18: a natural 20's confirmation 9 + 5 = 14 does not reach Defense 16: a threat, not confirmed", () => {
    const v = d20ShotView({ d20: target }, outcome({ roll: 20, total: 25, critical: "threat" }), {
      d20: 20,
      confirm: 9,
    });
    expect(v?.threat).toEqual({ roll: 9, text: "9 + 5 = 14", confirmed: false });
  });

  it("SW-04 SW-08: an NPC attacker's bonus and totals, and an NPC target's Defense, are left out of the card", () => {
    const card = {
      targets: [
        {
          id: "T",
          d20: { ...target, defenseTerms: [{ id: "class", label: "x", value: 3, ruleId: "SW-08" as const }] },
        },
      ],
      result: { shots: [{ targetId: "T", outcome: outcome({}) }] },
    };
    const a = withoutD20AttackerNumbers(card);
    expect(a.targets[0]!.d20.bonus).toBeNull();
    expect(a.result.shots[0]!.outcome.total).toBeUndefined();
    expect(d20ShotView(a.targets[0]!, a.result.shots[0]!.outcome, { d20: 14 })).toMatchObject({
      bonusText: null,
      total: null,
      defense: 16,
    });
    const t = withoutD20TargetNumbers(card, new Set(["T"]));
    expect(t.targets[0]!.d20).toMatchObject({ defense: null, defenseTerms: [] });
    expect(t.result.shots[0]!.outcome.target).toBeUndefined();
    expect(d20ShotView(t.targets[0]!, t.result.shots[0]!.outcome, { d20: 14 })?.defense).toBeNull();
  });
});
