/**
 * Issue 30: what each game brings to the attack dialog — its `dialog` section of the game's table
 * (helpers/game.ts). The generic dialog (attack-dialog-context.ts, attack-dialog-form.ts) draws the declarations,
 * the modifier rows, the burst headline and the chance; it asks the table of the game the attack is prepared under
 * for the rest: Zebulon's columns (SF-Z-01, SF-Z-03, SF-Z-07), the d20 plan of attacks and its help (SW-22,
 * SW-35..37, SW-27, SW-39, SW-42), the Defense rows (SW-08, SW-32; AC under SWN, SWN-14) and the game's own form
 * fields. Each game module fills it (src/games/<game>/index.ts); the percentile games with {@link NO_D20_DIALOG}'s
 * empty answers.
 */
import { gameOf } from "../helpers/game.js";
import type { Modifier } from "../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack/attack-plan.js";
import type { ModifierRow } from "./attack-dialog-rows.js";

/** Each target's Defense rows and total (null where none or hidden), and whether its numbers are hidden. */
export interface DefenseView {
  readonly rows: ModifierRow[][];
  readonly totals: (number | null)[];
  readonly hidden: boolean[];
  /** What the folded Defense says beside its total (SW-32: "miss chance 20 %"), per target; none where nothing. */
  readonly notes?: (string | null)[];
}

/** One attack roll of a planned (d20) attack: its number, extra terms, bonus and chance, and its target. */
export interface PlanStepView {
  readonly n: number;
  readonly label: { readonly n: string; readonly of: string };
  readonly name: string;
  readonly targetId: string;
  readonly targetName: string;
  readonly extras: readonly Modifier[];
  readonly bonus: number | null;
  readonly chance: number | "?";
  readonly chanceHidden: boolean;
}

/** SW-22, SW-35..37: the full attack, fire mode and recoil fields, and each step. */
export interface PlanView {
  readonly show: boolean;
  readonly fullAttack: boolean;
  readonly fullAttackFixed: boolean;
  readonly mode: string;
  readonly suppression: boolean;
  readonly modes: Readonly<Record<string, string>>;
  readonly canFireModes: boolean;
  readonly recoil: boolean;
  readonly canOffHand: boolean;
  readonly offHand: string;
  readonly offHandChoices: Readonly<Record<string, string>>;
  readonly twoHands: boolean;
  readonly braced: boolean;
  readonly chooseTargets: boolean;
  readonly targetChoices: Readonly<Record<string, string>>;
  readonly steps: readonly PlanStepView[];
}

/** A checkbox of the help fieldset. */
export interface AssistBox {
  readonly name: string;
  readonly label: string;
  readonly ruleId: string;
  readonly on: boolean;
}

/** SW-13, SW-27, SW-39, SW-42 (and the SWN actions, SWN-08, SWN-11, SWN-14): the help a d20 attack takes. */
export interface AssistView {
  readonly action: { readonly name: string; readonly type: string; readonly provokes: string };
  readonly own: readonly AssistBox[];
  readonly theirs: readonly AssistBox[];
  readonly combinedFire: number;
  readonly aided: boolean;
  /** SW-39 (issue 31): whether the viewer may tick an ally's aid (the GM; a player's is the GM's kept roll). */
  readonly aidBox?: boolean;
  /** The SWN profile's action and given concealment; null in the other games. */
  readonly swn: {
    readonly action: string;
    readonly actions: Readonly<Record<string, string>>;
    readonly concealment: string;
    readonly concealments: Readonly<Record<string, string>>;
  } | null;
  readonly aimed: boolean;
  /** SW-42 (issue 31): whether the viewer may tick the aim box (the GM; a player's is the GM's kept touch attack). */
  readonly aimBox?: boolean;
  /** SW-42's box, in the game's words (the SWN profile's AC has no Dex to deny: only the range penalty is less). */
  readonly aimLabel: string;
  readonly posture: string;
  readonly support: string;
  readonly postures: Readonly<Record<string, string>>;
  readonly supports: Readonly<Record<string, string>>;
  readonly warning: { readonly key: string; readonly data: Readonly<Record<string, string>> } | null;
  /** SW-32 (issue 31): a note beside it (a target's status the rules read elsewhere); absent = none. */
  readonly note?: { readonly key: string; readonly data: Readonly<Record<string, string>> } | null;
}

type Check = PreparedAttack["targets"][number]["check"];

/** The attack dialog's section of a game's table. */
export interface GameDialogSeam {
  /** The rule ID of the referee's "cannot miss" (SF-X-33), or null where the game's sources name none. */
  readonly cannotMissRule: string | null;
  /** SF-Z-01, SF-Z-03, SF-Z-07: the base column, the column shifts and the referee's result shift are shown. */
  readonly columns: boolean;
  /** The cover line ("3 of 5 rays blocked") is shown; a d20 check's cover is one of its Defense terms. */
  readonly coverLine: boolean;
  /** The label of what a d20 attack is rolled against (Defense; AC under SWN); null where nothing is. */
  readonly defenseLabel: string | null;
  /** SF-X-24, SF-Z-06: the burst headline's damage text, at one target and split among several. */
  readonly burstDamage: { readonly one: string; readonly split: string };
  /** Each target's Defense rows (`def.<targetId>.<id>`, to the request's `targetOverrides`). */
  defense(prep: PreparedAttack): DefenseView;
  /** The plan of attack rolls (SW-22, SW-35..37); null where the game plans none. */
  plan(prep: PreparedAttack, hidden: readonly boolean[]): PlanView | null;
  /** The help fieldset; null where the game has none. */
  assist(prep: PreparedAttack): AssistView | null;
  /** A target's damage formula as the dialog shows it (SWN-15: less the hard cover's armour). */
  formula(formula: string, check: Check): string;
  /** The game's own form fields (`assist.*`) into the request: absent fields keep the request's. */
  fromForm(
    base: AttackRequest,
    form: Readonly<Record<string, unknown>>,
  ): Pick<AttackRequest, "attacker" | "targets">;
}

declare module "../helpers/game.js" {
  interface GameTable {
    /**
     * The attack dialog's rows, labels and toggles (src/applications/attack-dialog-game.ts), loaded with the dialog
     * itself (issue 30: a game's dialog code is not in the first load of a world).
     */
    readonly dialog: () => Promise<GameDialogSeam>;
  }
}

/** What a game without d20 steps answers: no Defense, no plan, no help, the formula as rolled. */
export const NO_D20_DIALOG: Pick<
  GameDialogSeam,
  "defenseLabel" | "defense" | "plan" | "assist" | "formula" | "fromForm"
> = {
  defenseLabel: null,
  defense: (prep) => ({ rows: prep.targets.map(() => []), totals: prep.targets.map(() => null), hidden: [] }),
  plan: () => null,
  assist: () => null,
  formula: (formula) => formula,
  fromForm: (base) => ({ attacker: base.attacker, targets: base.targets }),
};

/** Each game's dialog section once loaded (the code of a module, the same on every page). */
const LOADED = new Map<string, GameDialogSeam>();

/** Load the dialog section of the game an attack is prepared under; the dialog awaits it before it draws. */
export async function loadDialog(req: {
  readonly engine: Pick<AttackRequest["engine"], "id" | "profile">;
}): Promise<GameDialogSeam> {
  const table = gameOf({ engine: req.engine.id, profile: req.engine.profile });
  let seam = LOADED.get(table.id);
  if (!seam) {
    seam = await table.dialog();
    LOADED.set(table.id, seam);
  }
  return seam;
}

/** The dialog section of the game an attack is prepared under (its engine and the engine's profile), loaded. */
export function dialogOf(req: Pick<AttackRequest, "engine">): GameDialogSeam {
  const table = gameOf({ engine: req.engine.id, profile: req.engine.profile });
  const seam = LOADED.get(table.id);
  if (!seam)
    throw new Error(`frontier-tactics | the ${table.id} attack dialog is drawn before its rows loaded`);
  return seam;
}

/** The game's name as the dialog's first line gives it (the table's label). */
export function gameLabelOf(req: Pick<AttackRequest, "engine">): string {
  return gameOf({ engine: req.engine.id, profile: req.engine.profile }).label;
}
