/**
 * The attack dialog's data, without Foundry: what it shows for a prepared attack (every modifier with its label,
 * rule ID and signed value, each overridable, those all targets share once; the declarations; the chance per target,
 * or for a burst its one chance and damage as the headline, SF-X-24), and what of it changes while the dialog is open.
 * How the submitted form becomes a new request is in attack-dialog-form.ts.
 */
import { HELPERS } from "../helpers/handlebars.js";
import { ALL_DECLARATIONS, baseColumn, columnOf, modifierShifts } from "../rules/index.js";
import type { PreparedAttack } from "../workflows/attack/attack-plan.js";
import { dialogOf, gameLabelOf } from "./attack-dialog-game.js";
import { modifierRows } from "./attack-dialog-rows.js";
import { situationContext } from "./attack-situation.js";

/** Who the dialog is drawn for. */
export interface DialogViewer {
  /**
   * A GM: the referee's own declarations (SF-X-33 "cannot miss") are drawn only for them — a referee-only control is
   * never drawn for a player (attack-dialog-form.ts drops a player's value too).
   */
  readonly referee: boolean;
  /** The rule IDs shown inline (the dialog's one toggle); otherwise each is on hover of its label. */
  readonly rulesShown?: boolean;
  /** The folds the user has opened (`data-ft-fold`: "assist", "def.<targetId>"), kept over a redraw of the body. */
  readonly unfolded?: ReadonlySet<string>;
}

/** A GM's dialog. */
export const REFEREE: DialogViewer = { referee: true };
/** The referee's own declarations: "cannot miss" (SF-X-33) and a result shift (SF-Z-07: "the referee gives"). */
export const REFEREE_ONLY: ReadonlySet<string> = new Set(["cannotMiss", "resultShift"]);
/** A player's dialog: the default, so a caller that says nothing never draws a referee's control for a player. */
export const PLAYER: DialogViewer = { referee: false };

export function dialogContext(
  prep: PreparedAttack,
  error: string | null = null,
  unit = "m",
  /** The error's placeholders ("{value}" is not a number). */
  errorData: Readonly<Record<string, string | number>> = {},
  /** SF-X-30: the declared shots a player has left (phase-gate.ts): no more are offered. */
  shotsLeft?: number,
  viewer: DialogViewer = PLAYER,
) {
  const req = prep.request;
  // Issue 30: the game's own rows, labels and toggles come from its table.
  const seam = dialogOf(req);
  const d = req.declarations;
  const w = req.weapon;
  const situation = situationContext(prep);
  const rows = modifierRows(prep, unit);
  const defense = seam.defense(prep);
  const burst = prep.burst;
  const declares = Object.fromEntries(
    [...ALL_DECLARATIONS].map((k) => [
      k,
      req.engine.reads.has(k) && (!REFEREE_ONLY.has(k) || viewer.referee),
    ]),
  );
  const expanded = situation.attackerVehicle !== null || situation.attackerVisionAid !== null;
  const aims = w.skill !== "thrown" && (declares.carefulAim || declares.scope || declares.twoWeapons);
  const assist = seam.assist(prep);
  const unfolded = viewer.unfolded ?? new Set<string>();
  return {
    ...situation,
    rulesShown: !!viewer.rulesShown,
    /** The folded help (combined fire, aid, the situations): open when the user opened it. */
    folds: { assist: unfolded.has("assist") },
    /** What the folded help holds that is on, named in its summary so nothing that counts is out of sight. */
    assistOn: assist
      ? [
          ...(assist.combinedFire > 0
            ? [game.i18n?.format("FT.D20.Assist.combinedFireOn", { n: String(assist.combinedFire) }) ?? ""]
            : []),
          ...(assist.aided ? [game.i18n?.localize("FT.D20.Aid.attack") ?? ""] : []),
          ...[...assist.own, ...assist.theirs]
            .filter((b) => b.on)
            .map((b) => game.i18n?.localize(b.label) ?? b.label),
        ]
      : [],
    error,
    errorData,
    plan: seam.plan(prep, defense.hidden),
    /** SW-22, SW-35..37: several attack rolls — each step's own chance is on its row, not the target's. */
    manySteps: (prep.steps?.length ?? 0) > 1,
    assist,
    weaponName: w.name,
    // Ruling 1: the d20 engine under the SWN profile says so (the game's table's name).
    engineLabel: gameLabelOf(req),
    /** Ruling 1: the number a d20 attack is rolled against — Defense, or AC under the SWN profile. */
    defenseLabel: seam.defenseLabel ?? "",
    zebulon: seam.columns,
    /** SF-Z-01: the skill level is the base column; SF-Z-03: the modifiers become shifts. */
    baseColumn: seam.columns ? baseColumn(req.attacker.skillLevel, req.weapon.heavy) : null,
    decl: d,
    /**
     * The declarations and situations the engine reads: the dialog offers only those (a d20 attack has no careful
     * aim). The referee's "cannot miss" (SF-X-33) only to a GM.
     */
    declares,
    /** The declarations fieldset has a control to draw (a player's d20 attack may have none: no empty box). */
    anyDeclaration: !!(
      declares.shots ||
      w.damage.perSeu ||
      declares.movement ||
      (expanded && (declares.vehicle || declares.visionAid)) ||
      (situation.attackerConveyance && declares.conveyance) ||
      (declares.burst && w.burst) ||
      (declares.mounted && situation.canMount) ||
      aims ||
      declares.wrongHand ||
      declares.cannotMiss ||
      seam.columns
    ),
    /** The rule the referee's "cannot miss" is (SF-X-33), none in the d20 games. */
    cannotMissRule: seam.cannotMissRule,
    /** SF-Z-07: the result shift the referee gives the attack (Zebulon only; drawn for a GM only). */
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
            key: prep.targets.length > 1 ? seam.burstDamage.split : seam.burstDamage.one,
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
      cover: seam.coverLine ? t.coverReason : null,
      problem: t.problem,
      // Review 14: the chance to hit a target whose Defense the user may not see would give that Defense away.
      chance: defense.hidden[i] ? "?" : t.check.chance,
      chanceHidden: defense.hidden[i] ?? false,
      column: columnOf(t.check),
      // SF-Z-03: each modifier converted on its own, then added.
      shifts: modifierShifts(t.modifiers),
      formula: seam.formula(prep.formula[t.id] ?? "", t.check),
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
      /** The Defense terms unfolded: the user opened them, or one is overridden (an override is never out of sight). */
      defenseOpen: unfolded.has(`def.${t.id}`) || (defense.rows[i] ?? []).some((m) => m.overridden),
      missNote: defense.notes?.[i] ?? null,
    })),
  };
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
    // What the folded help names as on (issue 30): its summary is drawn again with it.
    assistOn: ctx.assistOn,
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
