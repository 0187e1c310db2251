/**
 * The attack dialog's data, without Foundry: what it shows for a prepared attack (every modifier per target
 * with its label, rule ID and value, each overridable; the declarations; the chance per target) and how the
 * submitted form becomes a new request.
 */
import { HELPERS } from "../helpers/handlebars.js";
import { baseColumn, type Movement, modifierShifts, RulesError } from "../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack-plan.js";
import { prepareAttack } from "../workflows/attack-plan.js";
import { situationContext, situationFromForm } from "./attack-situation.js";

export function dialogContext(prep: PreparedAttack, error: string | null = null, unit = "m") {
  const req = prep.request;
  const d = req.declarations;
  const w = req.weapon;
  const situation = situationContext(prep);
  return {
    ...situation,
    error,
    weaponName: w.name,
    engineLabel: `FT.Engine.${req.engine.id}`,
    zebulon: req.engine.id === "zebulon",
    /** SF-Z-01: the skill level is the base column; SF-Z-03: the modifiers become shifts. */
    baseColumn: req.engine.id === "zebulon" ? baseColumn(req.attacker.skillLevel, req.weapon.heavy) : null,
    decl: d,
    /** SF-Z-07: the result shift the referee gives the attack (Zebulon only). */
    resultShift: d.resultShift ?? 0,
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
    targets: prep.targets.map((t, i) => ({
      situation: situation.situations[i],
      id: t.id,
      name: t.name,
      band: t.check.band ? `FT.Range.${t.check.band}` : "FT.Range.out",
      distance: `${Math.round((req.targets.find((x) => x.facts.id === t.id)?.facts.distance ?? 0) * 10) / 10} ${unit}`,
      cover: t.coverReason,
      problem: t.problem,
      chance: t.check.chance,
      column: t.check.column,
      // SF-Z-03: each modifier converted on its own, then added.
      shifts: modifierShifts(t.modifiers),
      formula: prep.formula[t.id] ?? "",
      modifiers: t.modifiers.map((m) => ({ ...m, name: `mod.${t.id}.${m.id}` })),
    })),
  };
}

/** The user's own modifier values, by form field name (`mod.<targetId>.<modifierId>`). */
export type ModifierEdits = ReadonlyMap<
  string,
  { readonly targetId: string; readonly modifierId: string; readonly raw: unknown }
>;

/**
 * The modifiers the user has changed: every field whose value differs from what the dialog shows for it (the
 * prepared attack `shown`) is an edit, added to the earlier ones. A value the engine later computes differently (the
 * user changed their movement) is not an edit, so it follows the engine; one the user typed stays as typed, even
 * when its row disappears and comes back.
 */
export function collectEdits(
  form: Readonly<Record<string, unknown>>,
  shown: PreparedAttack,
  edits: ModifierEdits = new Map(),
): ModifierEdits {
  const next = new Map(edits);
  for (const t of shown.targets) {
    for (const m of t.modifiers) {
      const name = `mod.${t.id}.${m.id}`;
      if (!(name in form)) continue;
      const raw = form[name];
      const same = raw !== "" && raw !== null && raw !== undefined && Number(raw) === m.value;
      if (!same) next.set(name, { targetId: t.id, modifierId: m.id, raw });
    }
  }
  return next;
}

/** The result shift field: empty is 0, absent (Alpha Dawn) keeps the request's; anything else as typed. */
function rsFrom(v: unknown, fallback: number): number {
  if (v === undefined) return fallback;
  if (v === null || v === "") return 0;
  return Number(v);
}

/** Form field names: `decl.shots`, `decl.burst`, `attacker.movement`; the modifiers come from `edits`. */
export function requestFromForm(
  scene: AttackRequest,
  form: Readonly<Record<string, unknown>>,
  edits: ModifierEdits = new Map(),
): AttackRequest {
  // What the scene missed, set in the dialog as facts (attack-situation.ts).
  const base = situationFromForm(scene, form);
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
    // SF-Z-07: checked by the engine (a whole number −3 … +3), so a bad value is shown in the dialog.
    resultShift: rsFrom(form["decl.resultShift"], d.resultShift ?? 0),
  };
  const movement = (form["attacker.movement"] as Movement | undefined) ?? base.attacker.movement;
  const overrides: Record<string, Record<string, number | null>> = {};
  for (const { targetId, modifierId, raw } of edits.values()) {
    overrides[targetId] ??= {};
    const forTarget = overrides[targetId];
    if (raw === "" || raw === null || raw === undefined) {
      forTarget[modifierId] = null;
      continue;
    }
    const v = Number(raw);
    if (!Number.isFinite(v))
      throw new RulesError("FT.Error.badModifier", `"${String(raw)}" is not a number`, {
        value: String(raw),
      });
    forTarget[modifierId] = Math.trunc(v);
  }
  const merged: Record<string, Record<string, number | null>> = { ...(base.overrides ?? {}) };
  for (const [id, o] of Object.entries(overrides)) merged[id] = { ...(merged[id] ?? {}), ...o };
  return { ...base, declarations, attacker: { ...base.attacker, movement }, overrides: merged };
}

/**
 * Recompute after a change to a form that shows `shown`; a rule error is shown in the dialog instead of thrown
 * (the attack it would make stays `shown`).
 */
export function recompute(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
  shown: PreparedAttack,
  edits: ModifierEdits = new Map(),
): { prep: PreparedAttack; error: string | null; edits: ModifierEdits } {
  const next = collectEdits(form, shown, edits);
  try {
    return { prep: prepareAttack(requestFromForm(base, form, next)), error: null, edits: next };
  } catch (e) {
    if (e instanceof RulesError) return { prep: shown, error: e.key, edits: next };
    throw e;
  }
}

/**
 * What can change in the dialog while it is open without changing its layout: the chances, columns, shifts and
 * formulas, the burst line, the modifier values and which are overridden, the error. `layout` names everything
 * else (which rows exist); when it changes the dialog body is drawn again, otherwise these values are written
 * into it in place, so no control the user may be about to click is replaced.
 */
export function dialogNumbers(ctx: ReturnType<typeof dialogContext>) {
  // The same text the template's helper writes.
  const signed = (v: number | null) => String(HELPERS.ftSigned?.(v) ?? "");
  const layout = JSON.stringify({
    burst: !!ctx.burst,
    zebulon: ctx.zebulon,
    targets: ctx.targets.map((t) => [
      t.modifiers.map((m) => m.name),
      !!t.formula,
      t.problem,
      t.cover?.key ?? null,
      t.situation?.hidden.map((h) => h.value),
      // What "add a modifier" offers depends on the attacker too (infrared hides smoke and darkness, SF-X-23).
      t.situation?.choices.map((c) => c.key),
    ]),
  });
  const fields: Record<string, string> = {};
  if (ctx.burst) {
    fields["burst.chance"] = String(ctx.burst.chance);
    fields["burst.column"] = signed(ctx.burst.column);
    fields["burst.dice"] = String(ctx.burst.dice);
  }
  ctx.targets.forEach((t, i) => {
    fields[`t${i}.chance`] = String(t.chance);
    fields[`t${i}.column`] = signed(t.column);
    fields[`t${i}.shifts`] = signed(t.shifts);
    fields[`t${i}.formula`] = t.formula;
  });
  const modifiers = ctx.targets.flatMap((t) =>
    t.modifiers.map((m) => ({ name: m.name, value: m.value, overridden: !!m.overridden })),
  );
  return { layout, fields, modifiers, error: ctx.error };
}
