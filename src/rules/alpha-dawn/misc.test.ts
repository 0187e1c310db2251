import { describe, expect, it } from "vitest";
import { facts } from "../../../tests/fixtures/rules.js";
import {
  ABILITY_PAIRS,
  dodgeSpeed,
  initiativeModifier,
  isUnconscious,
  isWounded,
  meleeBase,
  punchDamage,
  RACE_MOVEMENT,
  rangedBase,
  validateAbility,
} from "./abilities.js";
import { ammoFor, canShareBasicPowerpack, reloadBlocked, shotsLeft, spend } from "./ammo.js";
import { abilityCheck, npcReaction, surpriseCheck } from "./checks.js";
import {
  maxShots,
  opportunityEligible,
  opportunityShots,
  validateAreaFire,
  validateShots,
} from "./rate-of-fire.js";
import { applyStructural, structuralCapacity, structuralDamage } from "./structural.js";

describe("Abilities and derived values", () => {
  it("SF-X-04 Initiative modifier = RS ÷ 10 rounded up (41 → 5, 40 → 4, 0 → 0)", () => {
    expect([
      initiativeModifier(41),
      initiativeModifier(40),
      initiativeModifier(49),
      initiativeModifier(0),
    ]).toEqual([5, 4, 5, 0]);
  });

  it("SF-X-11 ½ DEX rounded up (45 → 23, 44 → 22); melee takes the higher of STR and DEX", () => {
    expect([rangedBase(45), rangedBase(44), rangedBase(1)]).toEqual([23, 22, 1]);
    expect(meleeBase(55, 40)).toBe(28);
    expect(meleeBase(30, 41)).toBe(21);
  });

  it("SF-X-27 wounded at exactly half Stamina (25 of 50), not at 26; a 0 maximum is never wounded", () => {
    expect(isWounded(25, 50)).toBe(true);
    expect(isWounded(26, 50)).toBe(false);
    expect(isWounded(22, 45)).toBe(true);
    expect(isWounded(23, 45)).toBe(false);
    expect(isWounded(0, 0)).toBe(false);
  });

  it("SF-B-15 unconscious at 0 or less", () => {
    expect([isUnconscious(1), isUnconscious(0), isUnconscious(-3)]).toEqual([false, true, true]);
  });

  it("SF-X-11 a negative, fractional or >100 ability is refused with its name", () => {
    expect(() => validateAbility("dex", -5)).toThrow(
      /Ability dex must be a whole number from 0 to 100, not -5/,
    );
    expect(() => validateAbility("dex", 101)).toThrow(/not 101/);
    expect(() => validateAbility("dex", 40.5)).toThrow();
    expect(() => rangedBase(-1)).toThrow();
    expect(ABILITY_PAIRS).toHaveLength(4);
  });

  it("SF-B-06 movement by race: Human 10/30 m and 2/6 squares, Vrusk 15/35 and 3/7; SF-X-10 dodging at half run", () => {
    expect(RACE_MOVEMENT.human).toMatchObject({ walk: 10, run: 30, basicWalk: 2, basicRun: 6 });
    expect(RACE_MOVEMENT.vrusk).toMatchObject({ walk: 15, run: 35, basicWalk: 3, basicRun: 7 });
    expect(RACE_MOVEMENT.dralasite).toMatchObject({ walk: 5, run: 20 });
    expect(dodgeSpeed(35)).toBe(17);
    expect(punchDamage(20)).toBe(1);
    expect(punchDamage(21)).toBe(2);
    expect(punchDamage(100)).toBe(5);
  });
});

describe("Ammunition", () => {
  const clip = { unit: "rounds" as const, perShot: 1, perSeu: false };
  const laser = { unit: "seu" as const, perShot: 1, perSeu: true };

  it("SF-B-19 shots per clip; an empty weapon cannot fire", () => {
    expect(spend(10, ammoFor(clip, 2, null, null))).toBe(8);
    expect(() => spend(0, ammoFor(clip, 1, null, null))).toThrow(/Needs 1 rounds, has 0/);
    expect(shotsLeft(20, 2)).toBe(10);
    expect(shotsLeft(5, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("SF-X-24 SF-X-36 a burst spends 10 rounds; a laser at setting 4 spends 4 SEU per shot", () => {
    expect(ammoFor(clip, 1, 10, null)).toEqual({ amount: 10, unit: "rounds" });
    expect(ammoFor(laser, 2, null, 4)).toEqual({ amount: 8, unit: "seu" });
    expect(() => spend(7, ammoFor(laser, 2, null, 4))).toThrow(/Needs 8 seu, has 7/);
    expect(spend(7, { amount: 0, unit: "seu" })).toBe(7);
  });

  it("SF-B-20 SF-X-37 reloading takes the turn: no running, no dodging, no firing", () => {
    expect(reloadBlocked("walked", false)).toBeNull();
    expect(reloadBlocked("ran", false)).toBe("FT.Error.reloadWhileRunning");
    expect(reloadBlocked("dodged", false)).toBe("FT.Error.reloadWhileRunning");
    expect(reloadBlocked("stationary", true)).toBe("FT.Error.reloadAfterFiring");
  });

  it("SF-B-19 only laser pistols and rifles share Basic powerpacks", () => {
    expect(canShareBasicPowerpack("laserPistol", "laserRifle")).toBe(true);
    expect(canShareBasicPowerpack("needlerPistol", "laserRifle")).toBe(false);
    expect(canShareBasicPowerpack("gyrojetPistol", "gyrojetPistol")).toBe(true);
  });
});

describe("Rate of fire and declarations", () => {
  const auto = { rof: 3, burst: { rounds: 10, baseDice: 5, bonusNeedsMount: false } };

  it("SF-X-30 shots up to the weapon's rate; more is refused with the limit", () => {
    expect(maxShots(facts({ weapon: auto }))).toEqual({ max: 3, reason: "FT.Rof.weapon" });
    expect(() => validateShots(facts({ weapon: auto, declarations: { shots: 3 } }))).not.toThrow();
    expect(() => validateShots(facts({ weapon: auto, declarations: { shots: 4 } }))).toThrow(
      /4 shots declared, at most 3/,
    );
    expect(() => validateShots(facts({ weapon: auto, declarations: { shots: 0 } }))).toThrow();
  });

  it("SF-X-27 a wounded attacker declaring two shots is refused; SF-X-16 scope and SF-X-20 aim allow one", () => {
    const wounded = facts({
      weapon: auto,
      attacker: { stamina: { value: 10, max: 40 } },
      declarations: { shots: 2 },
    });
    expect(() => validateShots(wounded)).toThrow(/at most 1/);
    expect(maxShots(wounded).reason).toBe("FT.Rof.wounded");
    expect(maxShots(facts({ weapon: auto, declarations: { scope: true } })).max).toBe(1);
    expect(maxShots(facts({ weapon: auto, declarations: { carefulAim: true } })).max).toBe(1);
    expect(maxShots(facts({ declarations: { settingChanged: true } })).reason).toBe("FT.Rof.settingChanged");
    expect(maxShots(facts({ weapon: auto, declarations: { burst: true } }))).toEqual({
      max: 1,
      reason: "FT.Rof.burst",
    });
  });

  it("SF-X-30 a ½ rate of fire (grenade rifle) fires every other turn", () => {
    expect(maxShots(facts({ weapon: { rof: 0.5 } }), false).max).toBe(1);
    expect(maxShots(facts({ weapon: { rof: 0.5 } }), true).max).toBe(0);
  });

  it("SF-X-31 opportunity shots: 2 declared allow 1, 3 allow 2, 1 or a rate of 1 allow none", () => {
    expect([
      opportunityShots(1, 3),
      opportunityShots(2, 3),
      opportunityShots(3, 3),
      opportunityShots(3, 1),
    ]).toEqual([0, 1, 2, 0]);
  });

  it("SF-X-31 running or dodging 5 m, walking 2 m, never a stationary target", () => {
    expect(opportunityEligible("ran", 5)).toBe(true);
    expect(opportunityEligible("ran", 4.9)).toBe(false);
    expect(opportunityEligible("dodged", 5)).toBe(true);
    expect(opportunityEligible("walked", 2)).toBe(true);
    expect(opportunityEligible("walked", 1.9)).toBe(false);
    expect(opportunityEligible("stationary", 50)).toBe(false);
  });

  it("SF-X-32 area fire needs more than one shot and at most 5 m width", () => {
    expect(() => validateAreaFire(2, 5)).not.toThrow();
    expect(() => validateAreaFire(1, 5)).toThrow(/more than one shot/);
    expect(() => validateAreaFire(3, 6)).toThrow(/at most 5 m wide, not 6 m/);
  });
});

describe("Checks", () => {
  it("SF-B-24 d100 at or under the ability, adjusted by ±5/10/15", () => {
    expect(abilityCheck(45, 45)).toEqual({ target: 45, roll: 45, success: true });
    expect(abilityCheck(45, 46).success).toBe(false);
    expect(abilityCheck(45, 60, 15)).toEqual({ target: 60, roll: 60, success: true });
    expect(abilityCheck(45, 31, -15).success).toBe(false);
    expect(() => abilityCheck(45, 10, 20)).toThrow(/±5, 10 or 15, not 20/);
    expect(() => abilityCheck(-1, 10)).toThrow();
  });

  it("SF-B-25 NPC reaction: at or under Personality is friendly", () => {
    expect(npcReaction(40, 40)).toBe("friendly");
    expect(npcReaction(40, 41)).toBe("unfriendly");
  });

  it("SF-X-02 a failed Intuition check means surprise", () => {
    expect(surpriseCheck(50, 51)).toEqual({ surprised: true, roll: 51 });
    expect(surpriseCheck(50, 50)).toEqual({ surprised: false, roll: 50 });
  });
});

describe("SF-X-41 structural damage", () => {
  it("SF-X-41 capacities: heavy door 25+d10, exterior wall 50+2d10, heavy vehicle 100+d100, armoured 200+2d100", () => {
    expect(structuralCapacity("heavyDoor", [7])).toBe(32);
    expect(structuralCapacity("exteriorWall", [3, 4])).toBe(57);
    expect(structuralCapacity("heavyVehicle", [100])).toBe(200);
    expect(structuralCapacity("armoredVehicle", [1, 1])).toBe(202);
    expect(() => structuralCapacity("heavyDoor", [7, 1])).toThrow(/Expected 1 dice/);
  });

  it("SF-X-41 per shot (gyrojet 10), per SEU (laser 5), none (needler), frag 15 thrown / 30 placed", () => {
    expect(structuralDamage({ per: "shot", amount: 10 }, 2, 0)).toBe(20);
    expect(structuralDamage({ per: "seu", amount: 5 }, 1, 6)).toBe(30);
    expect(structuralDamage({ per: "none", amount: 0 }, 3, 0)).toBe(0);
    expect(structuralDamage({ per: "shot", amount: 15, placedAmount: 30 }, 1, 0)).toBe(15);
    expect(structuralDamage({ per: "shot", amount: 15, placedAmount: 30 }, 1, 0, true)).toBe(30);
    expect(applyStructural(32, 20)).toEqual({ remaining: 12, breached: false });
    expect(applyStructural(12, 20)).toEqual({ remaining: 0, breached: true });
  });
});
