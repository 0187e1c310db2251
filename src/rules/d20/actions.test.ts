import { describe, expect, it } from "vitest";
import {
  ACTIONS_TABLE,
  actionProvokes,
  aidAnother,
  aimingModifiers,
  allowedInSurpriseRound,
  attackOfOpportunity,
  banthaRush,
  canDisengage,
  combinedFire,
  disarmModifiers,
  GRAPPLE_SIZE_MODIFIER,
  grappleBonus,
  insideArea,
  movementProvokes,
  OBJECT_SUBSTANCES,
  objectDamage,
  objectDefense,
  opposed,
  overrun,
  sizeAllows,
  suppressedModifier,
  suppressionAttack,
  suppressorsProvoked,
  trip,
} from "./actions.js";
import { aimHolds } from "./aim.js";
import { D20_SIZES } from "./tables.js";

describe("SW-43 suppression fire", () => {
  const blaster = { bab: 2, str: 0, dex: 1, size: "medium" as const, rangeIncrement: 10 };

  it("SW-43: an attack against Defense 10 with the range penalty for the area — 25 m with a 10 m increment is −4", () => {
    const s = suppressionAttack({ ...blaster, distance: 25 }, { multifire: false, autofire: true });
    expect(s.targetValue).toBe(10);
    expect(s.target.map((m) => [m.id, m.value, m.ruleId])).toEqual([["area", 10, "SW-43"]]);
    expect(s.attack.modifiers.map((m) => [m.id, m.value])).toEqual([
      ["bab", 2],
      ["dex", 1],
      ["range", -4],
    ]);
    // Within the first increment there is no range term: 2 + 1 against 10.
    expect(
      suppressionAttack(
        { ...blaster, distance: 9 },
        { multifire: true, autofire: false },
      ).attack.modifiers.map((m) => m.id),
    ).toEqual(["bab", "dex"]);
    // Only a multifire or autofire weapon can lay down suppression fire.
    expect(() =>
      suppressionAttack({ ...blaster, distance: 9 }, { multifire: false, autofire: false }),
    ).toThrow(/multifire or autofire/);
  });

  it("SW-43: −1 on attacks inside a 4 m × 4 m area suppressed by the other side, however many suppress", () => {
    const area = (x: number, side: string) => ({ centre: { x, y: 0 }, side, size: 4 });
    const inDoorway = { x: 1, y: 1.5 };
    expect(insideArea(inDoorway, area(0, "rebels"))).toBe(true);
    expect(insideArea({ x: 2, y: 2 }, area(0, "rebels"))).toBe(true); // the corner is inside
    expect(insideArea({ x: 2.1, y: 0 }, area(0, "rebels"))).toBe(false);
    const one = suppressedModifier(inDoorway, "imperials", [area(0, "rebels")]);
    expect(one).toEqual({
      id: "suppressed",
      label: "FT.D20.Suppression.suppressed",
      value: -1,
      ruleId: "SW-43",
    });
    // Three overlapping suppressors: still −1.
    expect(
      suppressedModifier(inDoorway, "imperials", [area(0, "rebels"), area(1, "rebels"), area(0.5, "rebels")])!
        .value,
    ).toBe(-1);
    // Their own side's suppression, or standing outside, costs nothing.
    expect(suppressedModifier(inDoorway, "rebels", [area(0, "rebels")])).toBeNull();
    expect(suppressedModifier({ x: 10, y: 0 }, "imperials", [area(0, "rebels")])).toBeNull();
  });
});

describe("SW-43 suppression and attacks of opportunity", () => {
  it("SW-43 SW-25: inside a suppressed doorway an attack or a provoking action provokes every suppressor of the other side; a move action does not", () => {
    const areas = [
      { centre: { x: 0, y: 0 }, side: "rebels", size: 4, suppressorId: "deel" },
      { centre: { x: 1, y: 0 }, side: "rebels", size: 4, suppressorId: "siaLan" },
      { centre: { x: 0, y: 0 }, side: "imperials", size: 4, suppressorId: "trooper" },
    ];
    const door = { x: 0.5, y: 0.5 };
    expect(suppressorsProvoked("attackRanged", door, "imperials", areas)).toEqual(["deel", "siaLan"]);
    expect(suppressorsProvoked("loadWeapon", door, "imperials", areas)).toEqual(["deel", "siaLan"]);
    expect(suppressorsProvoked("drawWeapon", door, "imperials", areas)).toEqual([]);
    expect(suppressorsProvoked("attackRanged", { x: 5, y: 0 }, "imperials", areas)).toEqual([]);
  });
});

describe("SW-27 combined fire and SW-39 aid another", () => {
  it("SW-27: +1 per contributor up to +5 — six helpers give +5, three give +3, none gives nothing", () => {
    expect(combinedFire(6)).toEqual({
      id: "combinedFire",
      label: "FT.D20.Attack.combinedFire",
      value: 5,
      ruleId: "SW-27",
    });
    expect(combinedFire(3)!.value).toBe(3);
    expect(combinedFire(5)!.value).toBe(5);
    expect(combinedFire(0)).toBeNull();
    expect(() => combinedFire(-1)).toThrow();
  });

  it("SW-39: an attack roll against Defense 10; success gives the ally +2 on attack or Defense", () => {
    expect(aidAnother(7, 3, "attack")).toEqual({
      total: 10,
      success: true,
      bonus: { id: "aid.attack", label: "FT.D20.Aid.attack", value: 2, ruleId: "SW-39" },
    });
    expect(aidAnother(6, 3, "defense")).toEqual({ total: 9, success: false, bonus: null });
    expect(aidAnother(1, 12, "attack").success).toBe(false); // a natural 1 misses (SW-18)
    expect(aidAnother(20, -15, "defense").bonus?.value).toBe(2); // a natural 20 hits
  });
});

describe("SW-42 aiming", () => {
  it("SW-42: kneeling −1 and prone −2 off the range penalty, improvised support −1, fixed −2; they stack, never past 0", () => {
    expect(aimingModifiers(-4, "prone", "none").map((m) => [m.id, m.value])).toEqual([["position", 2]]); // −4 → −2
    expect(aimingModifiers(-4, "kneeling", "none").map((m) => m.value)).toEqual([1]);
    expect(aimingModifiers(-4, "standing", "improvised").map((m) => [m.id, m.value])).toEqual([
      ["support", 1],
    ]);
    expect(aimingModifiers(-6, "prone", "fixed").map((m) => m.value)).toEqual([2, 2]); // −6 → −2
    expect(aimingModifiers(-2, "prone", "fixed").map((m) => m.value)).toEqual([2]); // −2 → 0, not +2
    expect(aimingModifiers(0, "prone", "fixed")).toEqual([]);
    expect(aimingModifiers(-4, "prone", "fixed")[0]!.ruleId).toBe("SW-42");
  });

  it("SW-42: not for thrown weapons; mounted and primitive weapons gain nothing from position or support; the aim lapses if the target moves over 2 m", () => {
    expect(() => aimingModifiers(-4, "prone", "none", "thrown")).toThrow(/thrown/);
    expect(aimingModifiers(-4, "prone", "fixed", "mounted")).toEqual([]);
    expect(aimingModifiers(-4, "kneeling", "improvised", "primitive")).toEqual([]);
    expect(aimHolds(2)).toBe(true);
    expect(aimHolds(2.5)).toBe(false);
  });
});

describe("SW-13 SW-24 SW-25 actions and attacks of opportunity", () => {
  it("SW-13: the actions-in-combat table — 37 rows, which provoke, and which fit a surprise round", () => {
    expect(ACTIONS_TABLE).toHaveLength(37);
    expect(new Set(ACTIONS_TABLE.map((r) => r.id)).size).toBe(37);
    expect(actionProvokes("attackRanged")).toBe("no");
    expect(actionProvokes("attackUnarmed")).toBe("yes");
    expect(actionProvokes("loadWeapon")).toBe("yes");
    expect(actionProvokes("run")).toBe("yes");
    expect(actionProvokes("disengage")).toBe("maybe");
    expect(actionProvokes("suppressionFire")).toBe("yes");
    expect(actionProvokes("aiming")).toBe("yes");
    expect(ACTIONS_TABLE.filter((r) => r.provokes === "yes").map((r) => r.id)).toEqual([
      "attackUnarmed",
      "strikeObject",
      "pickUpItem",
      "retrieveStoredItem",
      "moveHeavyObject",
      "loadWeapon",
      "run",
      "useSkillFullRound",
      "activateItem",
      "aiming",
      "suppressionFire",
    ]);
    expect(allowedInSurpriseRound("attackRanged")).toBe(true);
    expect(allowedInSurpriseRound("move")).toBe(true);
    expect(allowedInSurpriseRound("fullAttack")).toBe(false);
    expect(allowedInSurpriseRound("charge")).toBe(false);
    expect(allowedInSurpriseRound("trip")).toBe(true);
    expect(allowedInSurpriseRound("suppressionFire")).toBe(false);
    expect(() => actionProvokes("dance")).toThrow();
  });

  it("SW-25 SW-24: moving — a 2 m step is free, more provokes, entering and moving on provokes, a disengage does not", () => {
    expect(movementProvokes({ startsInside: true, metres: 2, entersAndContinues: false })).toBe(false);
    expect(movementProvokes({ startsInside: true, metres: 4, entersAndContinues: false })).toBe(true);
    expect(
      movementProvokes({ startsInside: true, metres: 8, entersAndContinues: false, disengaging: true }),
    ).toBe(false);
    expect(movementProvokes({ startsInside: false, metres: 6, entersAndContinues: true })).toBe(true);
    expect(movementProvokes({ startsInside: false, metres: 6, entersAndContinues: false })).toBe(false);
    expect(canDisengage(2)).toBe(true);
    expect(canDisengage(3)).toBe(false);
  });

  it("SW-25: one attack of opportunity a round, melee only, not while grappling, at the highest bonus (+6 for Vor'en Kurn)", () => {
    expect(attackOfOpportunity({ bab: 6, usedThisRound: false, melee: true })).toEqual({
      allowed: true,
      reason: null,
      base: 6,
    });
    expect(attackOfOpportunity({ bab: 6, usedThisRound: true, melee: true }).reason).toBe("FT.D20.AoO.used");
    expect(attackOfOpportunity({ bab: 6, usedThisRound: false, melee: false }).reason).toBe(
      "FT.D20.AoO.ranged",
    );
    expect(attackOfOpportunity({ bab: 6, usedThisRound: false, melee: true, grappling: true }).allowed).toBe(
      false,
    );
  });
});

describe("SW-40 attacking objects", () => {
  it("SW-40: the object Defense table, all 24 cells (held / carried / inanimate) from 15, 10 and 10 − 5 plus size", () => {
    const seed: [string, number, number, number][] = [
      ["colossal", 7, 2, -3],
      ["gargantuan", 11, 6, 1],
      ["huge", 13, 8, 3],
      ["large", 14, 9, 4],
      ["medium", 15, 10, 5],
      ["small", 16, 11, 6],
      ["tiny", 17, 12, 7],
      ["diminutive", 19, 14, 9],
    ];
    for (const [size, held, carried, inanimate] of seed) {
      const s = size as (typeof D20_SIZES)[number];
      expect([objectDefense(s, "held"), objectDefense(s, "carried"), objectDefense(s, "inanimate")]).toEqual([
        held,
        carried,
        inanimate,
      ]);
    }
    // A held blaster (Small) of a character with Dex +2 and class +3: 16 + 5 = 21.
    expect(objectDefense("small", "held", { dex: 2, classBonus: 3 })).toBe(21);
    expect(objectDefense("small", "inanimate", { dex: 2, classBonus: 3 })).toBe(6);
  });

  it("SW-40: damage reduction by substance — 9 against stone (DR 8) leaves 1, against durasteel (DR 15) nothing", () => {
    expect(objectDamage(9, OBJECT_SUBSTANCES.stone!.dr)).toBe(1);
    expect(objectDamage(9, OBJECT_SUBSTANCES.heavyMetal!.dr)).toBe(0);
    expect(OBJECT_SUBSTANCES.glass).toEqual({ dr: 1, wpPerCm: 0.5 });
  });
});

describe("SW-41 bantha rush, disarm, grapple, trip and overrun", () => {
  it("SW-41: grapple — BAB + Str + the special size modifier (Colossal +16 … Fine −16)", () => {
    expect(D20_SIZES.map((s) => GRAPPLE_SIZE_MODIFIER[s])).toEqual([-16, -12, -8, -4, 0, 4, 8, 12, 16]);
    expect(grappleBonus(4, 2, "medium")).toBe(6);
    expect(grappleBonus(4, 2, "small")).toBe(2);
  });

  it("SW-41: bantha rush — ±4 per size from Medium, +2 charging, +4 stability; a win pushes 2 m + 1 m per 3 points", () => {
    const r = banthaRush({
      attackerSize: "large",
      defenderSize: "medium",
      attackerRoll: 15,
      defenderRoll: 12,
      charging: true,
    });
    // 15 + 4 + 2 = 21 against 12: won by 9 → 2 + 3 = 5 m.
    expect(r).toEqual({ allowed: true, attackerTotal: 21, defenderTotal: 12, won: true, pushMetres: 5 });
    const stable = banthaRush({
      attackerSize: "small",
      defenderSize: "medium",
      attackerRoll: 14,
      defenderRoll: 6,
      defenderStable: true,
    });
    // 14 − 4 = 10 against 6 + 4 = 10: a tie does not beat the defender.
    expect(stable).toMatchObject({ attackerTotal: 10, defenderTotal: 10, won: false, pushMetres: 0 });
    expect(sizeAllows("medium", "large")).toBe(true);
    expect(sizeAllows("medium", "huge")).toBe(false);
    expect(opposed(11, 10)).toEqual({ won: true, margin: 1 });
  });

  it("SW-41: trip, overrun and disarm", () => {
    expect(
      trip({ attackerSize: "medium", defenderSize: "small", attackerRoll: 9, defenderRoll: 12 }),
    ).toEqual({
      allowed: true,
      attackerTotal: 9,
      defenderTotal: 8,
      won: true,
    });
    expect(
      trip({ attackerSize: "small", defenderSize: "huge", attackerRoll: 20, defenderRoll: 1 }).allowed,
    ).toBe(false);
    expect(overrun(false, false, false)).toBe("continue");
    expect(overrun(true, true, false)).toBe("continue");
    expect(overrun(true, false, true)).toBe("proneInSpace");
    expect(overrun(true, false, false)).toBe("backTwoMetres");
    // A Medium weapon against a Small one two-handed: +4 to the attacker, +4 to the defender.
    expect(
      disarmModifiers({
        attackerWeapon: "medium",
        defenderWeapon: "small",
        defenderTwoHanded: true,
        itemIsMeleeWeapon: true,
      }),
    ).toEqual({ attacker: 4, defender: 4 });
    // Disarming a blaster (not a melee weapon): the defender −4.
    expect(
      disarmModifiers({
        attackerWeapon: "small",
        defenderWeapon: "small",
        defenderTwoHanded: false,
        itemIsMeleeWeapon: false,
      }),
    ).toEqual({ attacker: 0, defender: -4 });
  });
});

describe("SW-40 striking an object at the table", () => {
  it("SW-40: a Medium attacker (BAB +3, Str +2) in melee at an inanimate Medium door: +3 +2 +4 against Defense 5; lined up a full round it hits on its own; at range lined up +5", async () => {
    const { objectStrike } = await import("./actions.js");
    const melee = objectStrike({
      bab: 3,
      abilityMod: 2,
      attackerSize: "medium",
      melee: true,
      objectSize: "medium",
      state: "inanimate",
    });
    expect(melee.terms.map((m) => [m.id, m.value, m.ruleId])).toEqual([
      ["bab", 3, "SW-04"],
      ["str", 2, "SW-04"],
      ["inanimate", 4, "SW-40"],
    ]);
    expect([melee.bonus, melee.defense, melee.automatic]).toEqual([9, 5, false]);
    const lined = objectStrike({
      bab: 3,
      abilityMod: 2,
      attackerSize: "medium",
      melee: true,
      objectSize: "medium",
      state: "inanimate",
      linedUp: true,
    });
    expect(lined.automatic).toBe(true);
    const ranged = objectStrike({
      bab: 3,
      abilityMod: 1,
      attackerSize: "small",
      melee: false,
      objectSize: "tiny",
      state: "inanimate",
      linedUp: true,
    });
    // Small attacker +1 (SW-05), a Tiny object Defense 5 + 2 = 7.
    expect([ranged.bonus, ranged.defense, ranged.automatic]).toEqual([3 + 1 + 1 + 5, 7, false]);
  });

  it("SW-40: a held blaster (Tiny) in a Dex +2, class +3 hand is Defense 15 + 2 + 2 + 3 = 22", async () => {
    const { objectStrike } = await import("./actions.js");
    const held = objectStrike({
      bab: 0,
      abilityMod: 0,
      attackerSize: "medium",
      melee: true,
      objectSize: "tiny",
      state: "held",
      holder: { dex: 2, classBonus: 3 },
    });
    expect([held.defense, held.terms.some((m) => m.id === "inanimate")]).toEqual([22, false]);
  });
});

describe("SW-24 running", () => {
  it("SW-24: Con 12 runs 12 rounds freely; the 13th needs DC 10, the 14th DC 11, the 15th DC 12; 4 × speed, disengage 2 ×", async () => {
    const { runCheck, RUN_MULTIPLIER, DISENGAGE_MULTIPLIER } = await import("./actions.js");
    expect([1, 12, 13, 14, 15].map((r) => runCheck(r, 12))).toEqual([
      { needed: false, dc: null },
      { needed: false, dc: null },
      { needed: true, dc: 10 },
      { needed: true, dc: 11 },
      { needed: true, dc: 12 },
    ]);
    expect([RUN_MULTIPLIER * 10, DISENGAGE_MULTIPLIER * 10]).toEqual([40, 20]);
    expect(() => runCheck(0, 12)).toThrow();
  });
});
