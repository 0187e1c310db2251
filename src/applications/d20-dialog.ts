/**
 * The attack dialog's Defense rows (issue 14, stream d20ui): a d20 attack is rolled against the target's Defense,
 * whose terms (base 10, class bonus, Dex, size, dodge, cover … SW-08, SW-05, SW-30) are a list apart from the
 * attack's, so the user overrides them in their own rows, fields `def.<targetId>.<id>`, which go to the request's
 * `targetOverrides` (`attack-plan.ts`). The percentile engines have no Defense: no rows.
 */
import { CONCEALMENT_OVERRIDE, type PreparedAttack } from "../workflows/attack/attack-plan.js";
import { type ModifierRow, signed } from "./attack-dialog-rows.js";

/** The overrides the request carries for one target (its own over the shared ones, as the plan reads them). */
function overrides(prep: PreparedAttack, id: string): Readonly<Record<string, number | null>> {
  const all = prep.request.targetOverrides;
  return { ...(all?.["*"] ?? {}), ...(all?.[id] ?? {}) };
}

/** The prefix of a Defense row's field. */
export const DEFENSE_FIELD = "def";

/**
 * Each target's Defense rows, its Defense (null where the engine rolls against none or the user may not see it), and
 * whether its Defense is hidden from the user (a secret target of a d20 attack: its chance to hit is hidden too).
 */
export function defenseRows(prep: PreparedAttack): {
  rows: ModifierRow[][];
  totals: (number | null)[];
  hidden: boolean[];
} {
  const hidden = prep.targets.map(
    (t) => t.check.kind === "d20" && (prep.request.secretTargets?.includes(t.id) ?? false),
  );
  return {
    hidden,
    rows: prep.targets.map((t) => {
      // A target whose numbers the user may not see shows no Defense terms (review 14 H2).
      const secret = prep.request.secretTargets?.includes(t.id) ?? false;
      const terms: ModifierRow[] = (secret ? [] : t.targetModifiers).map((m) => ({
        id: m.id,
        label: m.label,
        ruleId: m.ruleId,
        value: m.value,
        shown: signed(m.value),
        name: `${DEFENSE_FIELD}.${t.id}.${m.id}`,
        overridden: !!m.overridden,
        detail: null,
        burstRole: null,
      }));
      // Under the swn profile concealment is AC (SWN-14: a term above, and the dialog's select), never a miss chance.
      if (t.check.kind !== "d20" || prep.request.engine.profile === "swn") return terms;
      // SW-32: the miss chance, a free percentage the user may raise (the highest source applies). What the scene
      // gives (soft walls, obscuring regions) is said beside it, so a lower typed value is not dropped unexplained
      // (review 14 L1): the field shows the chance that applies.
      const miss = t.check.missChance;
      const typed = overrides(prep, t.id)[CONCEALMENT_OVERRIDE];
      const fromScene = typeof typed === "number" ? (miss > typed ? miss : 0) : miss;
      return terms.concat({
        id: CONCEALMENT_OVERRIDE,
        label: "FT.D20UI.concealmentChance",
        ruleId: "SW-32",
        value: miss,
        shown: String(miss),
        name: `${DEFENSE_FIELD}.${t.id}.${CONCEALMENT_OVERRIDE}`,
        // The user's percentage is the one that applies (review 14b L8).
        overridden: typeof typed === "number" && typed === miss,
        detail:
          fromScene > 0
            ? (game.i18n?.format("FT.D20UI.concealmentFromScene", { chance: String(fromScene) }) ??
              `the scene: ${fromScene} %`)
            : null,
        burstRole: null,
      });
    }),
    totals: prep.targets.map((t, i) => (t.check.kind === "d20" && !hidden[i] ? t.check.target.value : null)),
  };
}
