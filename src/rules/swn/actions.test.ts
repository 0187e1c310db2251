import { describe, expect, it } from "vitest";
import { RulesError } from "../core/types.js";
import {
  chargeDamage,
  disarm,
  evasionSave,
  hexDirection,
  jumpHexes,
  leadSquadWrites,
  PROTECT_MECH_AC,
  SHOVE_PUSH_M,
  shove,
  swnAttackHits,
  swnCheck,
  vehicleChargeBackfire,
  vehicleChargeDice,
  vehicleChargeDifficulty,
} from "./actions.js";
import { recruitDifficulty, recruits } from "./squad.js";

describe("SWN additional combat actions (seed 003)", () => {
  it("SWN-01: a shove against an HD 2 target is against AC 11; +3 when much stronger; a hit pushes 3 m", () => {
    expect(shove(2, 1, false)).toEqual({ ac: 11, bonus: 1 });
    expect(shove(2, 1, true)).toEqual({ ac: 11, bonus: 4 });
    expect(shove(0, 0, false).ac).toBe(9);
    expect([swnAttackHits(10, 1, 11), swnAttackHits(9, 1, 11)]).toEqual([true, false]);
    expect([swnAttackHits(20, -5, 30), swnAttackHits(1, 30, 10)]).toEqual([true, false]);
    expect(SHOVE_PUSH_M).toBe(3);
    expect(() => shove(-1, 0, false)).toThrow(RulesError);
  });

  it("SWN-02: a charge that hits deals the higher of 1d6 and the weapon's damage; an unarmed charger saves Evasion", () => {
    expect(chargeDamage(5, 3)).toEqual({ damage: 5, from: "d6" });
    expect(chargeDamage(2, 7)).toEqual({ damage: 7, from: "weapon" });
    expect(chargeDamage(4, 4)).toEqual({ damage: 4, from: "d6" });
    expect(chargeDamage(4, null)).toEqual({ damage: 4, from: "d6" });
    expect([evasionSave(15, 15), evasionSave(14, 15)]).toEqual([true, false]);
  });

  it("SWN-03: per 3 m hex 1d6 (suit, ordinary), 2d6 (light, gravtank), 4d6 (heavy); Pilot against 6 + hexes: success takes half, failure the same and prone", () => {
    expect(vehicleChargeDice("suit", 3)).toBe(3);
    expect(vehicleChargeDice("ordinary", 2)).toBe(2);
    expect(vehicleChargeDice("light", 3)).toBe(6);
    expect(vehicleChargeDice("gravtank", 1)).toBe(2);
    expect(vehicleChargeDice("heavy", 2)).toBe(8);
    expect(vehicleChargeDifficulty(4)).toBe(10);
    expect(vehicleChargeBackfire(10, 4, 15)).toEqual({ success: true, selfDamage: 7, selfProne: false });
    expect(vehicleChargeBackfire(9, 4, 15)).toEqual({ success: false, selfDamage: 15, selfProne: true });
    expect(() => vehicleChargeDice("heavy", 0)).toThrow(RulesError);
  });

  it("SWN-04: the disarm's opposed rolls, the defender +3 — by 3+ the attacker chooses, by 1–2 it drops, a tie drops both, a loss nothing", () => {
    expect(disarm(12, 9)).toBe("choose");
    expect(disarm(11, 9)).toBe("drops");
    expect(disarm(10, 9)).toBe("drops");
    expect(disarm(9, 9)).toBe("bothDrop");
    expect(disarm(8, 9)).toBe("nothing");
    expect(hexDirection(4)).toBe(4);
    expect(() => hexDirection(7)).toThrow(RulesError);
  });

  it("SWN-06: a protecting mech gives adjacent allies +2 AC", () => {
    expect(PROTECT_MECH_AC).toBe(2);
  });

  it("SWN-07: a jump reaches half the movement rounded up in 3 m hexes — 10 m → 2 hexes, 12 m → 2, 15 m → 3", () => {
    expect([10, 12, 15, 6, 1].map(jumpHexes)).toEqual([2, 2, 3, 1, 1]);
    expect(() => jumpHexes(0)).toThrow(RulesError);
  });

  it("SWN-18: recruiting a veteran fighter (HD 2, Morale 9) is a Connect check against 9; 8 recruits 1, 9 Tier + 1, 11 Tier + 3", () => {
    const d = recruitDifficulty(2, 9);
    expect(d).toBe(9);
    expect(swnCheck(8, d)).toEqual({ success: false, margin: -1 });
    expect([8, 9, 10, 11].map((total) => recruits(total, d, 2))).toEqual([1, 3, 3, 5]);
  });

  it("SWN-19: the Authority focus leads one squad — choosing B clears A, one write per squad that changes", () => {
    const squads = [
      { id: "A", ledBy: "Actor.kara" },
      { id: "B", ledBy: "" },
      { id: "C", ledBy: "Actor.other" },
    ];
    expect(leadSquadWrites(squads, "B", "Actor.kara")).toEqual([
      { id: "A", ledBy: "" },
      { id: "B", ledBy: "Actor.kara" },
    ]);
    expect(leadSquadWrites(squads, "A", "Actor.kara")).toEqual([]);
    expect(leadSquadWrites(squads, "C", "Actor.kara")).toEqual([
      { id: "A", ledBy: "" },
      { id: "C", ledBy: "Actor.kara" },
    ]);
    expect(leadSquadWrites(squads, null, "Actor.kara")).toEqual([{ id: "A", ledBy: "" }]);
    expect(() => leadSquadWrites(squads, "Z", "Actor.kara")).toThrow(RulesError);
  });
});
