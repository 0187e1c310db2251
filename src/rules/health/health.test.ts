import { describe, expect, it } from "vitest";
import { applyDefenses, applyStamina, type DefenseState } from "../alpha-dawn/damage.js";
import { applyHitPointsHit } from "./hit-points.js";
import { healthModelOf } from "./model.js";
import { applyStaminaHit } from "./stamina.js";
import { applyVitalityWoundsHit, type VitalityWoundsHealth } from "./vitality-wounds.js";

const albedoScreen: DefenseState = {
  id: "albedo",
  name: "Albedo screen",
  slot: "screen",
  active: true,
  rules: [{ kind: "laser", mode: "absorb", seuPerHit: 0, pointsPerSeu: 1 }],
  power: 4,
  powerSourceId: "pack",
  capacity: null,
};

const rorworr = (over: Partial<VitalityWoundsHealth> = {}): VitalityWoundsHealth => ({
  model: "vitalityWounds",
  heroic: true,
  vitality: 12,
  wounds: 14,
  dr: 0,
  lostThisRound: 0,
  ...over,
});

describe("the stamina health model (moved unchanged from alpha-dawn/damage.ts)", () => {
  it("SF-B-15: Eusyl at 35 takes 12 → 23; the old address still answers with the same functions", () => {
    const hit = applyStaminaHit(
      { model: "stamina", stamina: 35, defenses: [] },
      { amount: 12, kind: "projectile", critical: "none" },
    );
    expect(hit.stamina).toEqual({ before: 35, after: 23, unconscious: false });
    expect(hit.pools).toEqual([{ pool: "stamina", before: 35, after: 23 }]);
    expect(applyStamina(35, applyDefenses(12, "projectile", []).taken)).toEqual(hit.stamina);
  });

  it("SF-X-36 rules-tables §7: an albedo screen with 4 SEU absorbs 4 of a 10-point laser hit; Stamina 30 → 24", () => {
    const hit = applyStaminaHit(
      { model: "stamina", stamina: 30, defenses: [albedoScreen] },
      { amount: 10, kind: "laser", critical: "none" },
    );
    expect({ taken: hit.defenses.taken, drains: hit.defenses.drains, after: hit.stamina.after }).toEqual({
      taken: 6,
      drains: { pack: 4 },
      after: 24,
    });
  });
});

describe("the vitalityWounds health model (wrapping rules/d20/health.ts)", () => {
  it("SW-10: Rorworr's last 3 VP go with 2 over: VP 3 → 0, WP 14 → 12, fatigued, Fort DC 7", () => {
    const hit = applyVitalityWoundsHit(rorworr({ vitality: 3 }), {
      amount: 5,
      kind: "projectile",
      critical: "none",
    });
    expect(hit.pools).toEqual([
      { pool: "vitality", before: 3, after: 0 },
      { pool: "wounds", before: 14, after: 12 },
    ]);
    expect({ fatigued: hit.result.fatigued, dc: hit.result.fortitudeDC }).toEqual({ fatigued: true, dc: 7 });
  });

  it("SW-18 SW-11: a confirmed critical on a heroic target skips vitality: 9 to wounds less DR 2 → WP 14 → 7", () => {
    const hit = applyVitalityWoundsHit(rorworr({ dr: 2 }), {
      amount: 9,
      kind: "laser",
      critical: "confirmed",
    });
    expect(hit.effect).toBe("wounds");
    expect(hit.pools).toEqual([{ pool: "wounds", before: 14, after: 7 }]);
    expect(hit.result.drAbsorbed).toBe(2);
  });

  it("SW-18: a confirmed critical drops an ordinary foe to −1 wound points; a threat alone is an ordinary hit", () => {
    const ordinary = rorworr({ heroic: false, vitality: 0, wounds: 10 });
    const crit = applyVitalityWoundsHit(ordinary, { amount: 3, kind: "projectile", critical: "confirmed" });
    expect(crit.effect).toBe("ordinaryToMinusOne");
    expect(crit.pools).toEqual([{ pool: "wounds", before: 10, after: -1 }]);
    expect(crit.result.state).toBe("dying");
    const threat = applyVitalityWoundsHit(ordinary, { amount: 3, kind: "projectile", critical: "threat" });
    expect(threat.pools).toEqual([{ pool: "wounds", before: 10, after: 7 }]);
  });

  it("SW-11: a hit that only takes vitality changes one pool and calls for no save", () => {
    const hit = applyVitalityWoundsHit(rorworr({ dr: 3 }), { amount: 5, kind: "laser", critical: "none" });
    expect(hit.pools).toEqual([{ pool: "vitality", before: 12, after: 7 }]);
    expect(hit.result.fortitudeDC).toBeNull();
  });
});

describe("the health model a card's hits go to (issue 14)", () => {
  it("SW-10: a d20 card's hits go to vitality and wounds; Alpha Dawn's, Zebulon's and an unknown engine's to Stamina", () => {
    expect(healthModelOf("d20")).toBe("vitalityWounds");
    expect(healthModelOf("alphaDawn")).toBe("stamina");
    expect(healthModelOf("zebulon")).toBe("stamina");
    expect(healthModelOf(undefined)).toBe("stamina");
  });
});

describe("the hitPoints health model (ruling 1, the swn profile)", () => {
  it("SW-04 ruling 1: an SWN NPC at 7 HP takes 5 → 2; a 9-point hit at 2 HP stops at 0 and downs it", () => {
    const first = applyHitPointsHit({ model: "hitPoints", hp: { value: 7, max: 7 } }, hitOf(5));
    expect(first).toMatchObject({ before: 7, after: 2, taken: 5, down: false });
    expect(first.pools).toEqual([{ pool: "swnHp", before: 7, after: 2 }]);
    const second = applyHitPointsHit({ model: "hitPoints", hp: { value: 2, max: 7 } }, hitOf(9));
    expect(second).toMatchObject({ after: 0, taken: 2, down: true });
    expect(applyHitPointsHit({ model: "hitPoints", hp: { value: 2, max: 7 } }, hitOf(0)).pools).toEqual([]);
  });

  it("ruling 1: a d20 card under the swn profile goes to hit points, under sw to vitality and wounds", () => {
    expect(healthModelOf("d20", "swn")).toBe("hitPoints");
    expect(healthModelOf("d20", "sw")).toBe("vitalityWounds");
    expect(healthModelOf("alphaDawn", "swn")).toBe("stamina");
  });
});

const hitOf = (amount: number) => ({ amount, kind: "laser" as const, critical: "none" as const });
