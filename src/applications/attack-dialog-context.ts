/**
 * The attack dialog's data, without Foundry: what it shows for a prepared attack (every modifier per target
 * with its label, rule ID and value, each overridable; the declarations; the chance per target) and how the
 * submitted form becomes a new request.
 */
import { baseColumn, type Movement, pointsToShifts, RulesError } from "../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack-plan.js";
import { prepareAttack } from "../workflows/attack-plan.js";

export function dialogContext(prep: PreparedAttack, error: string | null = null, unit = "m") {
  const req = prep.request;
  const d = req.declarations;
  const w = req.weapon;
  return {
    error,
    weaponName: w.name,
    engineLabel: `FT.Engine.${req.engine.id}`,
    zebulon: req.engine.id === "zebulon",
    /** SF-Z-01: the skill level is the base column; SF-Z-03: the modifiers become shifts. */
    baseColumn: req.engine.id === "zebulon" ? baseColumn(req.attacker.skillLevel, req.weapon.heavy) : null,
    decl: d,
    shotsChoices: Object.fromEntries(
      [1, 2, 3].filter((n) => n <= Math.max(1, Math.floor(w.rof))).map((n) => [String(n), String(n)]),
    ),
    canBurst: !!w.burst,
    perSeu: w.damage.perSeu ? { min: w.damage.perSeu.min, max: w.damage.perSeu.max } : null,
    thrown: w.skill === "thrown",
    movement: req.attacker.movement,
    movementChoices: {
      stationary: "FT.Movement.stationary",
      walked: "FT.Movement.walked",
      ran: "FT.Movement.ran",
      dodged: "FT.Movement.dodged",
    },
    burst: prep.burst
      ? { chance: prep.burst.check.chance, column: prep.burst.check.column, dice: prep.burst.dice }
      : null,
    targets: prep.targets.map((t) => ({
      id: t.id,
      name: t.name,
      band: t.check.band ? `FT.Range.${t.check.band}` : "FT.Range.out",
      distance: `${Math.round((req.targets.find((x) => x.facts.id === t.id)?.facts.distance ?? 0) * 10) / 10} ${unit}`,
      cover: t.coverReason,
      problem: t.problem,
      chance: t.check.chance,
      column: t.check.column,
      shifts: pointsToShifts(t.modifiers.reduce((a, m) => a + m.value, 0)),
      formula: prep.formula[t.id] ?? "",
      modifiers: t.modifiers.map((m) => ({ ...m, name: `mod.${t.id}.${m.id}` })),
    })),
  };
}

/** Form field names: `decl.shots`, `decl.burst`, `mod.<targetId>.<modifierId>` … */
export function requestFromForm(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
  original: PreparedAttack,
): AttackRequest {
  const num = (v: unknown, fallback: number) =>
    v === "" || v === undefined || v === null || Number.isNaN(Number(v)) ? fallback : Math.trunc(Number(v));
  const bool = (v: unknown) => v === true || v === "on" || v === "true";
  const d = base.declarations;
  const declarations = {
    ...d,
    shots: num(form["decl.shots"], d.shots),
    burst: bool(form["decl.burst"]),
    powerSetting: d.powerSetting === null ? null : num(form["decl.powerSetting"], d.powerSetting),
    carefulAim: bool(form["decl.carefulAim"]),
    scope: bool(form["decl.scope"]),
    wrongHand: bool(form["decl.wrongHand"]),
    twoWeapons: bool(form["decl.twoWeapons"]),
    settingChanged: bool(form["decl.settingChanged"]),
    mounted: bool(form["decl.mounted"]),
    cannotMiss: bool(form["decl.cannotMiss"]),
  };
  const movement = (form["attacker.movement"] as Movement | undefined) ?? base.attacker.movement;
  const overrides: Record<string, Record<string, number | null>> = {};
  const forTarget = (id: string) => {
    overrides[id] ??= {};
    return overrides[id];
  };
  for (const t of original.targets) {
    for (const m of t.modifiers) {
      const key = `mod.${t.id}.${m.id}`;
      if (!(key in form)) continue;
      const raw = form[key];
      if (raw === "" || raw === null) {
        forTarget(t.id)[m.id] = null;
        continue;
      }
      const v = Number(raw);
      if (!Number.isFinite(v))
        throw new RulesError("FT.Error.badModifier", `"${String(raw)}" is not a number`, {
          value: String(raw),
        });
      if (v !== m.value) forTarget(t.id)[m.id] = Math.trunc(v);
    }
  }
  const merged: Record<string, Record<string, number | null>> = { ...(base.overrides ?? {}) };
  for (const [id, o] of Object.entries(overrides)) merged[id] = { ...(merged[id] ?? {}), ...o };
  return { ...base, declarations, attacker: { ...base.attacker, movement }, overrides: merged };
}

/** Recompute after a change; a rule error is shown in the dialog instead of thrown. */
export function recompute(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
  original: PreparedAttack,
): { prep: PreparedAttack; error: string | null } {
  try {
    const req = requestFromForm(base, form, original);
    return { prep: prepareAttack(req), error: null };
  } catch (e) {
    if (e instanceof RulesError) return { prep: original, error: e.key };
    throw e;
  }
}
