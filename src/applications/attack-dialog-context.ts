/**
 * The attack dialog's data, without Foundry: what it shows for a prepared attack (every modifier with its label,
 * rule ID and signed value, each overridable, those all targets share once; the declarations; the chance per target,
 * or for a burst its one chance and damage as the headline, SF-X-24) and how the submitted form becomes a new
 * request (a shared modifier's override is the request's `"*"` override, for every target).
 */
import { HELPERS } from "../helpers/handlebars.js";
import { actionRow } from "../rules/d20/actions.js";
import {
  ALL_DECLARATIONS,
  armourAfterAp,
  baseColumn,
  columnOf,
  isConcealment,
  type Movement,
  modifierShifts,
  RulesError,
} from "../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack/attack-plan.js";
import { prepareAttack } from "../workflows/attack/attack-plan.js";
import { modifierRows, parseSigned, SHARED } from "./attack-dialog-rows.js";
import { situationContext, situationFromForm } from "./attack-situation.js";
import { defenseRows } from "./d20-dialog.js";

export function dialogContext(
  prep: PreparedAttack,
  error: string | null = null,
  unit = "m",
  /** The error's placeholders ("{value}" is not a number). */
  errorData: Readonly<Record<string, string | number>> = {},
  /** SF-X-30: the declared shots a player has left (phase-gate.ts): no more are offered. */
  shotsLeft?: number,
) {
  const req = prep.request;
  const d = req.declarations;
  const w = req.weapon;
  const situation = situationContext(prep);
  const rows = modifierRows(prep, unit);
  const defense = defenseRows(prep);
  const burst = prep.burst;
  return {
    ...situation,
    error,
    errorData,
    plan: planContext(prep, defense.hidden),
    /** SW-22, SW-35..37: several attack rolls — each step's own chance is on its row, not the target's. */
    manySteps: (prep.steps?.length ?? 0) > 1,
    assist: assistContext(prep),
    weaponName: w.name,
    // Ruling 1: the d20 engine under the SWN profile says so.
    engineLabel: req.engine.profile === "swn" ? "FT.Profile.swnEngine" : `FT.Engine.${req.engine.id}`,
    /** Ruling 1: the number a d20 attack is rolled against — Defense, or AC under the SWN profile. */
    defenseLabel: req.engine.profile === "swn" ? "FT.SWN.ac" : "FT.D20UI.defense",
    zebulon: req.engine.id === "zebulon",
    /** SF-Z-01: the skill level is the base column; SF-Z-03: the modifiers become shifts. */
    baseColumn: req.engine.id === "zebulon" ? baseColumn(req.attacker.skillLevel, req.weapon.heavy) : null,
    decl: d,
    /** The declarations and situations the engine reads: the dialog offers only those (a d20 attack has no careful aim). */
    declares: Object.fromEntries([...ALL_DECLARATIONS].map((k) => [k, req.engine.reads.has(k)])),
    /** SF-Z-07: the result shift the referee gives the attack (Zebulon only). */
    resultShift: d.resultShift ?? 0,
    shotsChoices: Object.fromEntries(
      [1, 2, 3]
        .filter((n) => n <= Math.max(1, Math.floor(w.rof)) && n <= Math.max(1, shotsLeft ?? 3))
        .map((n) => [String(n), String(n)]),
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
    /**
     * SF-X-24: a burst is one roll for all its targets with the worst of every modifier; its chance and its damage
     * (Nd10 split evenly) are the dialog's headline, and the targets show only their modifiers.
     */
    burst: burst
      ? {
          chance: burst.check.chance,
          column: columnOf(burst.check),
          // SF-Z-03: each modifier converted on its own, then added.
          shifts: modifierShifts(burst.modifiers),
          dice: burst.dice,
          // Zebulon (SF-Z-06): the burst's damage is the colour's share of its dice's maximum, never their sum, so
          // the headline says that, not "Nd10" (review 13b M4; resolveAttack asks the engine for the damage).
          damage: {
            key:
              req.engine.id === "zebulon"
                ? prep.targets.length > 1
                  ? "FT.Dialog.burstZebulonSplit"
                  : "FT.Dialog.burstZebulon"
                : prep.targets.length > 1
                  ? "FT.Dialog.burstSplit"
                  : "FT.Dialog.burstDice",
            data: { dice: burst.dice, targets: prep.targets.length, max: burst.dice * 10 },
          },
        }
      : null,
    /** Modifiers every target has alike (a burst's): shown once, `mod.*.<id>`. */
    shared: rows.shared,
    targets: prep.targets.map((t, i) => ({
      situation: situation.situations[i],
      id: t.id,
      name: t.name,
      band: t.check.band ? `FT.Range.${t.check.band}` : "FT.Range.out",
      distance: `${rows.distances[i]} ${unit}`,
      // Star Frontiers' cover line ("5 of 5 rays blocked"); a d20 check's cover is its Defense term (review 14b L3).
      cover: t.check.kind === "d20" ? null : t.coverReason,
      problem: t.problem,
      // Review 14: the chance to hit a target whose Defense the user may not see would give that Defense away.
      chance: defense.hidden[i] ? "?" : t.check.chance,
      chanceHidden: defense.hidden[i] ?? false,
      column: columnOf(t.check),
      // SF-Z-03: each modifier converted on its own, then added.
      shifts: modifierShifts(t.modifiers),
      formula: withCoverArmour(prep.formula[t.id] ?? "", t.check),
      /**
       * SF-X-24: this target's own modifiers alone give the burst's chance — every modifier the burst takes is one
       * of this target's, at the same value (review 13b L2: equal chances are no proof; two targets can reach one
       * chance by different modifiers, or both be clamped to the table's lowest).
       */
      setsBurst:
        !!burst &&
        prep.targets.length > 1 &&
        burst.modifiers.every((b) => t.modifiers.some((m) => m.id === b.id && m.value === b.value)),
      modifiers: rows.perTarget[i] ?? [],
      /** Issue 14: the d20 Defense the attack is rolled against, and its terms (none in the other engines). */
      defense: defense.rows[i] ?? [],
      defenseTotal: defense.totals[i] ?? null,
    })),
  };
}

/**
 * SW-22, SW-35, SW-36, SW-37: the full attack and fire mode of an engine that plans steps (d20), and each step —
 * its number, the terms it adds, its bonus and chance, and whom it is rolled at (a choice when several tokens are
 * targeted). Null for the percentile engines.
 */
function planContext(prep: PreparedAttack, hidden: readonly boolean[]) {
  const req = prep.request;
  if (!prep.steps || !req.engine.attackSteps || req.area === "grenade" || req.plan?.aoo) return null;
  const fire = req.weapon.d20?.fire ?? { single: true, multi: false, auto: false };
  const p = req.plan ?? { fullAttack: false, mode: "single" as const };
  const modes: Record<string, string> = {};
  if (fire.single || p.mode === "single") modes.single = "FT.D20.FullAttack.single";
  if (fire.multi) modes.multifire = "FT.D20.FullAttack.multifire";
  if (fire.auto) modes.autofire = "FT.D20.FullAttack.autofire";
  // SW-43: suppression fire, from a multifire or autofire weapon, at the area where the target stands.
  if (fire.multi || fire.auto) modes.suppression = "FT.D20.Suppression.mode";
  const suppression = req.area === "suppression";
  const targetChoices = Object.fromEntries(prep.targets.map((t) => [t.id, t.name]));
  // SW-22: a second weapon in the off hand (or a double weapon's other end), for a full attack in single fire.
  const offHands = req.offHands ?? [];
  const offHandChoices: Record<string, string> = {
    "": game.i18n?.localize("FT.D20.FullAttack.oneWeapon") ?? "—",
  };
  for (const o of offHands) offHandChoices[o.id] = o.name;
  const bab = req.attacker.d20?.bab ?? 0;
  return {
    /** Shown where it can change something: several attacks, a fire mode, a second iterative attack (SW-22: BAB 6+). */
    show: prep.steps.length > 1 || Object.keys(modes).length > 1 || bab >= 6 || prep.targets.length > 1,
    fullAttack: p.fullAttack || p.mode !== "single" || suppression,
    /** A fire mode takes a full attack (SW-35, SW-36): the box is then checked and fixed; suppression is one too. */
    fullAttackFixed: p.mode !== "single" || suppression,
    mode: suppression ? "suppression" : p.mode,
    suppression,
    modes,
    canFireModes: Object.keys(modes).length > 1,
    recoil: p.mode !== "single" && !suppression,
    canOffHand: offHands.length > 0 && p.mode === "single" && !suppression,
    offHand: p.offHand ?? "",
    offHandChoices,
    twoHands: p.twoHands ?? true,
    braced: p.braced ?? false,
    chooseTargets: prep.targets.length > 1,
    targetChoices,
    steps: prep.steps.map((st, i) => {
      const at = prep.targets.findIndex((t) => t.id === st.targetId);
      const secret = hidden[at] ?? false;
      return {
        n: i + 1,
        label: { n: String(i + 1), of: String(prep.steps?.length ?? 0) },
        name: `plan.step.${i}`,
        targetId: st.targetId,
        targetName: prep.targets[at]?.name ?? "",
        extras: st.extras,
        bonus: st.check.kind === "d20" ? st.check.bonus : null,
        chance: secret ? "?" : st.check.chance,
        chanceHidden: secret,
      };
    }),
  };
}

/**
 * SW-27, SW-39, SW-42, SW-25: the help a d20 attack takes — combined fire, an ally's aid, an aimed shot's position and
 * support — and the warning that an action which provokes (aiming, suppression fire: the SW-13 table) draws an attack
 * of opportunity from a foe that threatens the attacker. Null where the engine plans no d20 steps, and for a grenade.
 */
function assistContext(prep: PreparedAttack) {
  const req = prep.request;
  const a = req.attacker.d20;
  if (!prep.steps || !a || req.area === "grenade") return null;
  const aim = a.aim ?? null;
  // SW-13: the action this attack is in the actions-in-combat table, and whether it provokes (the aim itself provoked
  // last round, SW-42, not this shot).
  const action = actionOf(prep);
  const row = actionRow(action);
  const provokes = row.provokes !== "no" && a.threatened ? action : null;
  return {
    action: {
      name: `FT.D20.Assist.action.${action}`,
      type: `FT.D20.Assist.type.${row.type}`,
      provokes: `FT.D20.Assist.provokesValue.${row.provokes}`,
    },
    /** SW-16, SW-21, SW-23, SW-44: the attacker's own situation; SW-17, SW-23, SW-21, SW-33: the targets'. */
    own: (["improvised", "charging", "fightingDefensively", "pullingBlow"] as const).map((k) => ({
      name: `assist.${k}`,
      label: `FT.D20.Assist.own.${k}`,
      on: !!a[k],
    })),
    theirs: (["totalDefense", "fightingDefensively", "charging", "helpless"] as const).map((k) => ({
      name: `assist.target.${k}`,
      label: `FT.D20.Assist.theirs.${k}`,
      on: req.targets.length > 0 && req.targets.every((t) => !!t.facts.d20?.[k]),
    })),
    combinedFire: a.combinedFire ?? 0,
    aided: !!a.aided,
    // Issue 16: the swn profile's actions (SWN-11 aimed shot, SWN-08 overwatch) and the concealment the user gives
    // every target (SWN-14; the walls' and regions' are read from the scene, the highest applying).
    swn:
      req.engine.profile === "swn"
        ? {
            action: a.swn?.action ?? "",
            actions: {
              "": "FT.SWN.Action.none",
              aimedShot: "FT.SWN.Action.aimedShotRule",
              overwatch: "FT.SWN.Action.overwatchRule",
            },
            concealment: req.targets[0]?.facts.d20?.swn?.concealment ?? "none",
            concealments: {
              none: "FT.SWN.Cover.none",
              partly: "FT.SWN.Cover.partly",
              mostly: "FT.SWN.Cover.mostly",
              totally: "FT.SWN.Cover.totally",
            },
          }
        : null,
    aimed: !!aim,
    posture: aim?.posture ?? "standing",
    support: aim?.support ?? "none",
    postures: { standing: "FT.D20.Aim.standing", kneeling: "FT.D20.Aim.kneeling", prone: "FT.D20.Aim.prone" },
    supports: { none: "FT.D20.Aim.none", improvised: "FT.D20.Aim.improvised", fixed: "FT.D20.Aim.fixed" },
    warning: provokes
      ? {
          key: "FT.D20.Assist.provokes",
          data: {
            action: game.i18n?.localize(`FT.D20.Assist.action.${provokes}`) ?? provokes,
          },
        }
      : null,
  };
}

/** SWN-15: the damage a hit rolls, less the hard cover's armour (and the weapon's AP) when the attack does not ignore it. */
function withCoverArmour(formula: string, check: PreparedAttack["targets"][number]["check"]): string {
  const a = check.kind === "d20" ? check.coverArmour : undefined;
  if (!formula || !a || a.ignored) return formula;
  const armour = armourAfterAp(a.value, a.ap);
  return armour ? `${formula} − ${armour} ${game.i18n?.localize("FT.SWN.Cover.armourShort") ?? ""}` : formula;
}

/** A checkbox as the form data has it: checked is `true` (FormDataExtended) or "on". */
const on = (v: unknown): boolean => v === true || v === "on" || v === "true";

/** SW-13: the row of the actions-in-combat table the prepared attack is. */
function actionOf(prep: PreparedAttack): "suppressionFire" | "fullAttack" | "attackMelee" | "attackRanged" {
  if (prep.request.area === "suppression") return "suppressionFire";
  if ((prep.steps?.length ?? 0) > 1 || prep.request.plan?.fullAttack) return "fullAttack";
  return prep.request.weapon.d20?.rangeIncrement === null ? "attackMelee" : "attackRanged";
}

/** SW-17, SW-23, SW-21, SW-33: what the user says of every target's situation (`assist.target.*`). */
function theirsFromForm(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
): Pick<AttackRequest, "targets"> {
  if (!("assist.combinedFire" in form)) return { targets: base.targets };
  const says = {
    totalDefense: on(form["assist.target.totalDefense"]),
    fightingDefensively: on(form["assist.target.fightingDefensively"]),
    charging: on(form["assist.target.charging"]),
    helpless: on(form["assist.target.helpless"]),
  };
  // SWN-14: the concealment the user gives (an unknown value is none).
  const given = form["assist.target.concealment"];
  const concealment = isConcealment(given) ? given : "none";
  return {
    targets: base.targets.map((t) => {
      const d = t.facts.d20;
      if (!d) return t;
      const swn = d.swn ? { swn: { ...d.swn, concealment } } : {};
      return { ...t, facts: { ...t.facts, d20: { ...d, ...says, ...swn } } };
    }),
  };
}

/** SWN-11, SWN-08: the action select's value (anything else is an ordinary attack). */
const swnActionOf = (v: unknown): "aimedShot" | "overwatch" | null =>
  v === "aimedShot" || v === "overwatch" ? v : null;

const POSTURES = ["standing", "kneeling", "prone"] as const;
const SUPPORTS = ["none", "improvised", "fixed"] as const;

/** SW-27, SW-39, SW-42: the assist fields (`assist.*`) as the attacker's d20 facts; absent fields keep the request's. */
function assistFromForm(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
): AttackRequest["attacker"] {
  const a = base.attacker.d20;
  if (!a || !("assist.combinedFire" in form)) return base.attacker;
  const raw = form["assist.combinedFire"];
  const n = raw === "" || raw === null || raw === undefined ? 0 : Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new RulesError("FT.D20.badCount", `"${String(raw)}" is not a number of contributors`);
  const posture = POSTURES.find((p) => p === form["assist.posture"]) ?? "standing";
  const support = SUPPORTS.find((p) => p === form["assist.support"]) ?? "none";
  return {
    ...base.attacker,
    d20: {
      ...a,
      improvised: on(form["assist.improvised"]),
      charging: on(form["assist.charging"]),
      fightingDefensively: on(form["assist.fightingDefensively"]),
      pullingBlow: on(form["assist.pullingBlow"]),
      combinedFire: n,
      aided: on(form["assist.aided"]),
      aim: on(form["assist.aimed"]) ? { posture, support } : null,
      // SWN-11, SWN-08: the attack's SWN action (the swn profile's attacker block only).
      ...(a.swn ? { swn: { ...a.swn, action: swnActionOf(form["assist.swnAction"]) } } : {}),
    },
  };
}

/** The user's own modifier values, by form field name (`mod.<targetId>.<modifierId>`). */
export type ModifierEdits = ReadonlyMap<
  string,
  {
    readonly targetId: string;
    readonly modifierId: string;
    readonly raw: unknown;
    /** A d20 Defense term (issue 14, `d20-dialog.ts`): goes to the request's `targetOverrides`. */
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
  // Issue 14: the d20 Defense rows, each target's own.
  const defense = defenseRows(shown).rows;
  shown.targets.forEach((t, i) => {
    for (const row of defense[i] ?? [])
      if (changed(row))
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
): AttackRequest {
  // What the scene missed, set in the dialog as facts (attack-situation.ts).
  const base = situationFromForm(scene, form);
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
    cannotMiss: on(form["decl.cannotMiss"]),
    // SF-Z-07: checked by the engine (a whole number −3 … +3), so a bad value is shown in the dialog.
    resultShift: rsFrom(form["decl.resultShift"], d.resultShift ?? 0),
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
    ...theirsFromForm(base, form),
    attacker: { ...assistFromForm(base, form), movement },
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
): {
  prep: PreparedAttack;
  error: string | null;
  errorData: Readonly<Record<string, string | number>>;
  edits: ModifierEdits;
} {
  const next = collectEdits(form, shown, edits);
  try {
    return {
      prep: prepareAttack(requestFromForm(base, form, next)),
      error: null,
      errorData: {},
      edits: next,
    };
  } catch (e) {
    if (e instanceof RulesError) return { prep: shown, error: e.key, errorData: e.data, edits: next };
    throw e;
  }
}

/**
 * What can change in the dialog while it is open without changing its layout: the chances, columns, shifts and
 * formulas, the burst headline, the modifier values and which are overridden, the error. `layout` names everything
 * else (which rows exist, shared or per target, and what a burst does with each); when it changes the dialog body is drawn again, otherwise these values are written
 * into it in place, so no control the user may be about to click is replaced.
 */
export function dialogNumbers(ctx: ReturnType<typeof dialogContext>) {
  // The same text the template's helper writes.
  const signed = (v: number | null) => String(HELPERS.ftSigned?.(v) ?? "");
  // Which rows exist, where (shared or per target), and what a burst does with each: a change redraws the body.
  const layout = JSON.stringify({
    burst: !!ctx.burst,
    zebulon: ctx.zebulon,
    // The steps, their targets and the plan's boxes: a change redraws them (SW-22, SW-35..37).
    // The help fields and the provoke warning (SW-27, SW-39, SW-42, SW-25).
    assist: ctx.assist ? [ctx.assist.aimed, ctx.assist.warning?.key ?? null, ctx.assist.action.name] : null,
    plan: ctx.plan
      ? [
          ctx.plan.mode,
          ctx.plan.fullAttack,
          ctx.plan.suppression,
          ctx.plan.offHand,
          ctx.plan.steps.map((st) => [st.targetId, st.extras.map((m) => m.id)]),
        ]
      : null,
    shared: ctx.shared.map((m) => m.name),
    targets: ctx.targets.map((t) => [
      t.modifiers.map((m) => [m.name, m.burstRole]),
      // The concealment row says what the scene gives (review 14 L1): a changed note redraws it.
      t.defense.map((m) => [m.name, m.detail]),
      t.setsBurst,
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
    fields["burst.shifts"] = signed(ctx.burst.shifts);
  } else {
    ctx.targets.forEach((t, i) => {
      fields[`t${i}.chance`] = String(t.chance);
      fields[`t${i}.column`] = signed(t.column);
      fields[`t${i}.shifts`] = signed(t.shifts);
      fields[`t${i}.formula`] = t.formula;
      if (t.defenseTotal !== null) fields[`t${i}.defense`] = String(t.defenseTotal);
    });
  }
  ctx.plan?.steps.forEach((st, i) => {
    fields[`s${i}.chance`] = String(st.chance);
    fields[`s${i}.bonus`] = signed(st.bonus);
  });
  const modifiers = [
    ...ctx.shared,
    ...ctx.targets.flatMap((t) => t.modifiers),
    ...ctx.targets.flatMap((t) => t.defense),
  ].map((m) => ({
    name: m.name,
    value: m.shown,
    overridden: m.overridden,
  }));
  return { layout, fields, modifiers, error: ctx.error, errorData: ctx.errorData };
}
