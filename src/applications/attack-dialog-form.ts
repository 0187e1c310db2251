/**
 * How the attack dialog's submitted form becomes a new request, without Foundry (moved out of
 * attack-dialog-context.ts, which draws the dialog from a prepared attack): the user's modifier values and overrides (a
 * shared modifier's override is the request's `"*"` override, for every target), the declarations (the referee's
 * SF-X-33 "cannot miss" a GM's alone), the plan of a d20 attack (SW-22, SW-35..37), the game's own fields through its
 * table (issue 30: the d20 help, SW-17, SW-21, SW-23, SW-27, SW-33, SW-39, SW-42, and the SWN actions, SWN-08,
 * SWN-11, SWN-14 — games/<game>/applications/attack-dialog.ts), and the attack prepared again after each change.
 */
import { type Movement, RulesError } from "../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack/attack-plan.js";
import { prepareAttack } from "../workflows/attack/attack-plan.js";
import { type DialogViewer, PLAYER } from "./attack-dialog-context.js";
import { dialogOf } from "./attack-dialog-game.js";
import { modifierRows, parseSigned, SHARED } from "./attack-dialog-rows.js";
import { situationFromForm } from "./attack-situation.js";

/** A checkbox as the form data has it: checked is `true` (FormDataExtended) or "on". */
const on = (v: unknown): boolean => v === true || v === "on" || v === "true";

/** The user's own modifier values, by form field name (`mod.<targetId>.<modifierId>`). */
export type ModifierEdits = ReadonlyMap<
  string,
  {
    readonly targetId: string;
    readonly modifierId: string;
    readonly raw: unknown;
    /** A d20 Defense term (issue 14, the game's `dialog.defense`): goes to the request's `targetOverrides`. */
    readonly defense?: boolean;
  }
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
  const rows = modifierRows(shown);
  const changed = (row: { name: string; value: number }) => {
    if (!(row.name in form)) return false;
    const raw = form[row.name];
    return raw === "" || raw === null || raw === undefined || parseSigned(raw) !== row.value;
  };
  for (const row of rows.shared) {
    if (!changed(row)) continue;
    // A shared modifier overridden is overridden for every target: an earlier per-target value would win over it.
    for (const [name, e] of next) if (e.modifierId === row.id && e.targetId !== SHARED) next.delete(name);
    next.set(row.name, { targetId: SHARED, modifierId: row.id, raw: form[row.name] });
  }
  shown.targets.forEach((t, i) => {
    for (const row of rows.perTarget[i] ?? []) {
      if (changed(row)) next.set(row.name, { targetId: t.id, modifierId: row.id, raw: form[row.name] });
    }
  });
  // Issue 14: the d20 Defense rows, each target's own (issue 30: the game's table draws them).
  const defense = dialogOf(shown.request).defense(shown).rows;
  shown.targets.forEach((t, i) => {
    for (const row of defense[i] ?? [])
      if (!row.locked && changed(row))
        next.set(row.name, { targetId: t.id, modifierId: row.id, raw: form[row.name], defense: true });
  });
  return next;
}

const MODES = ["single", "multifire", "autofire"] as const;

/**
 * SW-22, SW-35..37: the dialog's full attack, fire mode, recoil boxes and a target per step (`plan.*`), where the
 * engine plans steps. A fire mode is a full attack (SW-35, SW-36), so choosing one checks the box. The surprise
 * round is the workflow's, kept from the request.
 */
function planFromForm(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
): Pick<AttackRequest, "plan" | "area"> {
  if (!base.engine.attackSteps || !("plan.mode" in form || "plan.fullAttack" in form)) return {};
  const raw = form["plan.mode"];
  // SW-43: suppression fire is one attack at the area (a grenade's square stays the workflow's).
  const area = raw === "suppression" ? "suppression" : base.area === "grenade" ? "grenade" : null;
  const mode = MODES.find((m) => m === raw) ?? (area ? "single" : (base.plan?.mode ?? "single"));
  const targets: string[] = [];
  for (let i = 0; typeof form[`plan.step.${i}`] === "string"; i++)
    targets.push(form[`plan.step.${i}`] as string);
  return {
    area,
    plan: {
      ...(base.plan ?? {}),
      fullAttack:
        area !== "suppression" &&
        (on(form["plan.fullAttack"]) || mode !== "single" || !!form["plan.offHand"]),
      mode,
      ...(targets.length ? { targets } : {}),
      ...("plan.twoHands" in form ? { twoHands: on(form["plan.twoHands"]) } : {}),
      // SW-22: the off-hand weapon ("" = one weapon); it takes a full attack.
      ...("plan.offHand" in form ? { offHand: (form["plan.offHand"] as string) || null } : {}),
      ...("plan.braced" in form ? { braced: on(form["plan.braced"]) } : {}),
    },
  };
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
  /** A player's form has no referee field; one a player adds (a console, a forged form) is dropped. */
  viewer: DialogViewer = PLAYER,
): AttackRequest {
  // What the scene missed, set in the dialog as facts (attack-situation.ts).
  const base = situationFromForm(scene, form);
  const withOwn = dialogOf(base).fromForm(base, form);
  const num = (v: unknown, fallback: number) =>
    v === "" || v === undefined || v === null || Number.isNaN(Number(v)) ? fallback : Math.trunc(Number(v));
  const d = base.declarations;
  const declarations = {
    ...d,
    shots: num(form["decl.shots"], d.shots),
    burst: on(form["decl.burst"]),
    powerSetting: d.powerSetting === null ? null : num(form["decl.powerSetting"], d.powerSetting),
    carefulAim: on(form["decl.carefulAim"]),
    scope: on(form["decl.scope"]),
    wrongHand: on(form["decl.wrongHand"]),
    twoWeapons: on(form["decl.twoWeapons"]),
    settingChanged: on(form["decl.settingChanged"]),
    mounted: on(form["decl.mounted"]),
    // SF-X-33: the referee's ruling, a GM's alone (the dialog draws the box only for a GM).
    cannotMiss: viewer.referee ? on(form["decl.cannotMiss"]) : false,
    // SF-Z-07: the referee gives a result shift, a GM's alone like SF-X-33; checked by the engine (a whole number
    // −3 … +3), so a bad value is shown in the dialog.
    resultShift: viewer.referee ? rsFrom(form["decl.resultShift"], d.resultShift ?? 0) : 0,
  };
  const movement = (form["attacker.movement"] as Movement | undefined) ?? base.attacker.movement;
  const overrides: Record<string, Record<string, number | null>> = {};
  const targetOverrides: Record<string, Record<string, number | null>> = { ...(base.targetOverrides ?? {}) };
  for (const { targetId, modifierId, raw, defense } of edits.values()) {
    const into = defense ? targetOverrides : overrides;
    into[targetId] = { ...(into[targetId] ?? {}) };
    const forTarget = into[targetId];
    // "+20", "-10" and "−10" are numbers; empty removes the modifier (attack-dialog-rows.ts).
    const v = parseSigned(raw);
    if (v === undefined)
      throw new RulesError("FT.Error.badModifier", `"${String(raw)}" is not a number`, {
        value: String(raw),
      });
    forTarget[modifierId] = v;
  }
  const merged: Record<string, Record<string, number | null>> = { ...(base.overrides ?? {}) };
  for (const [id, o] of Object.entries(overrides)) merged[id] = { ...(merged[id] ?? {}), ...o };
  // A shared override applies to every target: no per-target value of that modifier is left to win over it.
  for (const modifierId of Object.keys(overrides[SHARED] ?? {})) {
    for (const [id, o] of Object.entries(merged)) {
      if (id === SHARED || !(modifierId in o)) continue;
      const { [modifierId]: _dropped, ...rest } = o;
      merged[id] = rest;
    }
  }
  return {
    ...base,
    declarations,
    ...planFromForm(base, form),
    // Issue 30: the game's own fields (the d20 help, the SWN action and concealment), from its table.
    ...withOwn,
    attacker: { ...withOwn.attacker, movement },
    overrides: merged,
    ...(Object.keys(targetOverrides).length ? { targetOverrides } : {}),
  };
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
  viewer: DialogViewer = PLAYER,
): {
  prep: PreparedAttack;
  error: string | null;
  errorData: Readonly<Record<string, string | number>>;
  edits: ModifierEdits;
} {
  const next = collectEdits(form, shown, edits);
  try {
    return {
      prep: prepareAttack(requestFromForm(base, form, next, viewer)),
      error: null,
      errorData: {},
      edits: next,
    };
  } catch (e) {
    if (e instanceof RulesError) return { prep: shown, error: e.key, errorData: e.data, edits: next };
    throw e;
  }
}
