/**
 * The attack dialog's data, without Foundry: what it shows for a prepared attack (every modifier with its label,
 * rule ID and signed value, each overridable, those all targets share once; the declarations; the chance per target,
 * or for a burst its one chance and damage as the headline, SF-X-24), and what of it changes while the dialog is open.
 * How the submitted form becomes a new request is in attack-dialog-form.ts.
 */
import { HELPERS } from "../helpers/handlebars.js";
import { actionRow } from "../rules/d20/actions.js";
import { ALL_DECLARATIONS, armourAfterAp, baseColumn, columnOf, modifierShifts } from "../rules/index.js";
import type { PreparedAttack } from "../workflows/attack/attack-plan.js";
import { modifierRows } from "./attack-dialog-rows.js";
import { situationContext } from "./attack-situation.js";
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

/** SW-13: the row of the actions-in-combat table the prepared attack is. */
function actionOf(prep: PreparedAttack): "suppressionFire" | "fullAttack" | "attackMelee" | "attackRanged" {
  if (prep.request.area === "suppression") return "suppressionFire";
  if ((prep.steps?.length ?? 0) > 1 || prep.request.plan?.fullAttack) return "fullAttack";
  return prep.request.weapon.d20?.rangeIncrement === null ? "attackMelee" : "attackRanged";
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
