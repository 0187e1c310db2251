/**
 * The `stamina` health model (Star Frontiers): a hit goes through the target's defenses in order — screen first,
 * then suit (rules-tables §7) — then off Stamina (SF-B-15). Moved unchanged from `alpha-dawn/damage.ts` (issue 14):
 * it belongs to the target, whichever engine rolled the hit.
 */
import { type DamageKind, RulesError } from "../core/types.js";
import type { HealthHit, PoolChange } from "./model.js";

/** How a defense treats one kind of damage. */
export type DefenseMode = "immune" | "absorb" | "halve" | "stop";

export interface DefenseRule {
  readonly kind: DamageKind;
  /**
   * immune: no damage while powered, `seuPerHit` drained (gauss screen).
   * absorb: no damage while powered, 1 SEU per `pointsPerSeu` points or fraction (albedo screen).
   * halve: the wearer takes the smaller half (inertia screen, skeinsuit, albedo suit).
   * stop: nothing gets through and nothing is drained (needles against a skeinsuit or inertia screen).
   */
  readonly mode: DefenseMode;
  readonly seuPerHit: number;
  readonly pointsPerSeu: number;
}

export interface DefenseState {
  readonly id: string;
  readonly name: string;
  readonly slot: "screen" | "suit";
  readonly active: boolean;
  readonly rules: readonly DefenseRule[];
  /** SEU left on the power source feeding the screen; null for unpowered suits. */
  readonly power: number | null;
  /** Id of that power source, so a weapon on the same pack sees the drain (SF-X-36). */
  readonly powerSourceId: string | null;
  /** Points of damage a suit can still absorb before it is destroyed; null = unlimited. */
  readonly capacity: number | null;
}

export interface DefenseStep {
  readonly defenseId: string;
  readonly name: string;
  readonly mode: DefenseMode;
  readonly before: number;
  readonly after: number;
  readonly seu: number;
  readonly capacityUsed: number;
  /** i18n key for why it did nothing (no power, worn out), when it did nothing. */
  readonly failed: string | null;
}

export interface DefenseResult {
  readonly rolled: number;
  readonly taken: number;
  readonly steps: readonly DefenseStep[];
  /** SEU to drain per power source id. */
  readonly drains: Readonly<Record<string, number>>;
  /** Capacity to deduct per suit id. */
  readonly wear: Readonly<Record<string, number>>;
}

/**
 * Run damage through the defenses: screens before suits, each once. An unpowered screen or a worn-out suit
 * does nothing (rules-tables §7: "no power = no effect"). Screens sharing a pack see each other's drain.
 * Result is never negative and never above the damage rolled.
 */
export function applyDefenses(
  rolled: number,
  kind: DamageKind,
  defenses: readonly DefenseState[],
): DefenseResult {
  if (!Number.isInteger(rolled) || rolled < 0) {
    throw new RulesError("FT.Error.badDamage", `Damage must be a whole number of at least 0, not ${rolled}`, {
      value: rolled,
    });
  }
  const ordered = [
    ...defenses.filter((d) => d.active && d.slot === "screen"),
    ...defenses.filter((d) => d.active && d.slot === "suit"),
  ];
  const drains: Record<string, number> = {};
  const wear: Record<string, number> = {};
  const steps: DefenseStep[] = [];
  let dmg = rolled;
  for (const d of ordered) {
    const rule = d.rules.find((r) => r.kind === kind);
    if (!rule || dmg === 0) continue;
    const before = dmg;
    const powerLeft =
      d.power === null
        ? Number.POSITIVE_INFINITY
        : d.power - (d.powerSourceId ? (drains[d.powerSourceId] ?? 0) : 0);
    const capLeft = d.capacity === null ? Number.POSITIVE_INFINITY : d.capacity - (wear[d.id] ?? 0);
    let seu = 0;
    let failed: string | null = null;
    let after = dmg;
    switch (rule.mode) {
      case "stop":
        after = 0;
        break;
      case "immune":
        if (powerLeft >= rule.seuPerHit) {
          after = 0;
          seu = rule.seuPerHit;
        } else failed = "FT.Defense.noPower";
        break;
      case "absorb": {
        const per = Math.max(1, rule.pointsPerSeu);
        const absorbable = Number.isFinite(powerLeft) ? Math.max(0, powerLeft) * per : dmg;
        const absorbed = Math.min(dmg, absorbable);
        if (absorbed === 0) failed = "FT.Defense.noPower";
        seu = Math.ceil(absorbed / per);
        after = dmg - absorbed;
        break;
      }
      case "halve": {
        if (powerLeft < rule.seuPerHit) {
          failed = "FT.Defense.noPower";
          break;
        }
        if (capLeft <= 0) {
          failed = "FT.Defense.wornOut";
          break;
        }
        const stopped = Math.min(dmg - Math.floor(dmg / 2), capLeft);
        after = dmg - stopped;
        seu = rule.seuPerHit;
        break;
      }
    }
    const capacityUsed = d.capacity === null || failed ? 0 : before - after;
    if (seu > 0 && d.powerSourceId) drains[d.powerSourceId] = (drains[d.powerSourceId] ?? 0) + seu;
    if (capacityUsed > 0) wear[d.id] = (wear[d.id] ?? 0) + capacityUsed;
    steps.push({ defenseId: d.id, name: d.name, mode: rule.mode, before, after, seu, capacityUsed, failed });
    dmg = after;
  }
  return { rolled, taken: dmg, steps, drains, wear };
}

export interface StaminaResult {
  readonly before: number;
  readonly after: number;
  /** At 0 or less the character is unconscious and dies without a Staydose (SF-B-15). */
  readonly unconscious: boolean;
}

/** SF-B-15: the damage comes off Stamina with no floor; how far below 0 is kept (the schema has no minimum). */
export function applyStamina(current: number, damage: number): StaminaResult {
  const after = current - damage;
  return { before: current, after, unconscious: after <= 0 };
}

/** The state of a `stamina` target a hit meets. */
export interface StaminaHealth {
  readonly model: "stamina";
  readonly stamina: number;
  readonly defenses: readonly DefenseState[];
}

export interface StaminaHitResult {
  readonly defenses: DefenseResult;
  readonly stamina: StaminaResult;
  readonly pools: readonly PoolChange[];
}

/** One hit on a `stamina` target: its defenses, then its Stamina (SF-B-15, rules-tables §7). */
export function applyStaminaHit(state: StaminaHealth, hit: HealthHit): StaminaHitResult {
  const defenses = applyDefenses(hit.amount, hit.kind, state.defenses);
  const stamina = applyStamina(state.stamina, defenses.taken);
  return { defenses, stamina, pools: [{ pool: "stamina", before: stamina.before, after: stamina.after }] };
}
