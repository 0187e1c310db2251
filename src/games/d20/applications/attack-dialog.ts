/**
 * Issue 30: the d20 game's part of the attack dialog (its table's `dialog` section, applications/attack-dialog-game.ts).
 *
 * - The Defense rows (issue 14, stream d20ui): a d20 attack is rolled against the target's Defense, whose terms (base
 *   10, class bonus, Dex, size, dodge, cover … SW-08, SW-05, SW-30) are a list apart from the attack's, so the user
 *   overrides them in their own rows, fields `def.<targetId>.<id>`, which go to the request's `targetOverrides`
 *   (`attack-plan.ts`); SW-32's miss chance is a row of its own (not under SWN, where concealment is AC, SWN-14).
 * - The plan of attack rolls (SW-22, SW-35, SW-36, SW-37) and the help an attack takes (SW-13, SW-27, SW-39, SW-42,
 *   SW-25), with the attacker's and targets' situations (SW-16, SW-17, SW-21, SW-23, SW-33, SW-44), and how the form's
 *   `assist.*` fields become the request's d20 facts. The SWN profile adds its actions and given concealment through
 *   {@link D20DialogOptions} (games/swn/applications/attack-dialog.ts).
 */
import type {
  AssistView,
  DefenseView,
  GameDialogSeam,
  PlanView,
} from "../../../applications/attack-dialog-game.js";
import { type ModifierRow, signed } from "../../../applications/attack-dialog-rows.js";
import { actionRow, CONCEALMENT_OVERRIDE, RulesError } from "../../../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../../../workflows/attack/attack-plan.js";

type Form = Readonly<Record<string, unknown>>;

/** What the SWN profile changes in the d20 dialog (games/swn/applications/attack-dialog.ts). */
export interface D20DialogOptions {
  readonly defenseLabel: string;
  /** SW-32's miss-chance row (the SW game); under SWN concealment is AC (SWN-14), never a miss chance. */
  readonly missChance: boolean;
  /** The game's own help fields (SWN-08, SWN-11, SWN-14), or null. */
  readonly extraAssist: (prep: PreparedAttack) => AssistView["swn"];
  /** Those fields back into the request. */
  readonly extraFromForm: (base: AttackRequest, form: Form) => Pick<AttackRequest, "attacker" | "targets">;
  /** A target's damage formula as shown (SWN-15). */
  readonly formula: (formula: string, check: PreparedAttack["targets"][number]["check"]) => string;
  /** SW-42's aim box (an i18n key). */
  readonly aimLabel: string;
  /**
   * SW-42 (issue 31): the aim is the GM's kept touch attack (the SW game's aiming action, workflows/aim.ts), so the box
   * is the GM's alone; absent (SWN, which has no aiming action) the box is the user's.
   */
  readonly aimKept?: boolean;
  /**
   * The attacker's own boxes the game plays (of {@link OWN}); a box left out is neither shown nor read from the form.
   * SWN (issue 31): no SW-21 charge (its charge is SWN-02's action), no SW-23, no SW-44 (no vitality to pull to).
   */
  readonly ownRows: readonly OwnRow[];
}

/** The overrides the request carries for one target (its own over the shared ones, as the plan reads them). */
function overrides(prep: PreparedAttack, id: string): Readonly<Record<string, number | null>> {
  const all = prep.request.targetOverrides;
  return { ...(all?.["*"] ?? {}), ...(all?.[id] ?? {}) };
}

/**
 * Fixaim (play review 1.3), SW-08, SW-01, SW-29, SW-42: the target's Dex to Defense (`dex`) and why it has none
 * (`noDex.*`) are read-only in a player's dialog. The GM refuses a player's card whose Dex drops without a reason the
 * GM sees (card-checks.ts `dexDroppedUnsaid`, card-basis.ts `noDexUnfounded`), so a player's field there could only
 * make a card the GM refuses after it is rolled and posted; the other Defense rows (class bonus, cover, dodge …) stay
 * the player's to correct for what the scene cannot show, marked overridden on the card for the GM to see (SW-04).
 * A player who holds the target has no Dex asks the GM, who edits the row in the GM's own dialog.
 */
function locked(id: string): boolean {
  return !game.user?.isGM && (id === "dex" || id.startsWith("noDex."));
}

/** The prefix of a Defense row's field. */
export const DEFENSE_FIELD = "def";

/**
 * Each target's Defense rows, its Defense (null where the user may not see it), and whether its Defense is hidden
 * from the user (a secret target of a d20 attack: its chance to hit is hidden too).
 */
function defenseRows(prep: PreparedAttack, missChance: boolean): DefenseView {
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
        ...(locked(m.id) ? { locked: true } : {}),
      }));
      if (t.check.kind !== "d20" || !missChance) return terms;
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
    // SW-32: the miss chance that applies, said beside the folded Defense (none for a target the user may not see).
    notes: prep.targets.map((t, i) =>
      missChance && t.check.kind === "d20" && !hidden[i] && t.check.missChance > 0
        ? (game.i18n?.format("FT.D20UI.missNote", { chance: String(t.check.missChance) }) ??
          `miss chance ${t.check.missChance} %`)
        : null,
    ),
  };
}

/**
 * SW-22, SW-35, SW-36, SW-37: the full attack and fire mode, and each step — its number, the terms it adds, its bonus
 * and chance, and whom it is rolled at (a choice when several tokens are targeted).
 */
function planContext(prep: PreparedAttack, hidden: readonly boolean[]): PlanView | null {
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
  const steps = prep.steps;
  return {
    /** Shown where it can change something: several attacks, a fire mode, a second iterative attack (SW-22: BAB 6+). */
    show: steps.length > 1 || Object.keys(modes).length > 1 || bab >= 6 || prep.targets.length > 1,
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
    // SW-35, SW-36: the weapon's own grip until the user says otherwise (issue 31).
    twoHands: p.twoHands ?? req.weapon.d20?.twoHanded ?? true,
    braced: p.braced ?? false,
    chooseTargets: prep.targets.length > 1,
    targetChoices,
    steps: steps.map((st, i) => {
      const at = prep.targets.findIndex((t) => t.id === st.targetId);
      const secret = hidden[at] ?? false;
      return {
        n: i + 1,
        label: { n: String(i + 1), of: String(steps.length) },
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

/** SW-13: the row of the actions-in-combat table the prepared attack is. */
function actionOf(
  prep: PreparedAttack,
): "suppressionFire" | "fullAttack" | "attackMelee" | "attackRanged" | "attackUnarmed" {
  if (prep.request.area === "suppression") return "suppressionFire";
  if ((prep.steps?.length ?? 0) > 1 || prep.request.plan?.fullAttack) return "fullAttack";
  // SW-20: the table's "Attack (Unarmed)" row (the sheet's _Punch_, unarmed.ts).
  if (prep.request.weapon.d20?.unarmed) return "attackUnarmed";
  return prep.request.weapon.d20?.rangeIncrement === null ? "attackMelee" : "attackRanged";
}

/** SW-16, SW-21, SW-23, SW-44: the attacker's own situation, each with its rule. */
const OWN = [
  ["improvised", "SW-16"],
  ["charging", "SW-21"],
  ["fightingDefensively", "SW-23"],
  ["pullingBlow", "SW-44"],
] as const;
/** One of the attacker's own boxes. */
export type OwnRow = (typeof OWN)[number][0];
/** Every box, as the Star Wars game plays them. */
const ALL_OWN: readonly OwnRow[] = OWN.map(([k]) => k);
/**
 * SW-33: what the user says of every target. What a target declared of its own defense — SW-17 total defense, SW-23
 * fighting defensively, SW-21 a charge's −2 — is no box of the attacker's: it is kept on the target's Combatant until
 * its next action (data/combatant/marks.ts `defending`), read into its facts, and shown in its Defense rows.
 */
const THEIRS = [["helpless", "SW-33"]] as const;

/**
 * SW-27, SW-39, SW-42, SW-25: the help a d20 attack takes — combined fire, an ally's aid, an aimed shot's position and
 * support — and the warning that an action which provokes (aiming, suppression fire: the SW-13 table) draws an attack
 * of opportunity from a foe that threatens the attacker. Null for a grenade.
 */
function assistContext(prep: PreparedAttack, o: D20DialogOptions): AssistView | null {
  const req = prep.request;
  const a = req.attacker.d20;
  if (!prep.steps || !a || req.area === "grenade") return null;
  const aim = a.aim ?? null;
  // SW-13: the action this attack is in the actions-in-combat table, and whether it provokes (the aim itself provoked
  // last round, SW-42, not this shot).
  const action = actionOf(prep);
  const row = actionRow(action);
  const provokes = row.provokes !== "no" && a.threatened ? action : null;
  // SW-20: an unarmed strike provokes only the opponent struck, "provided that your opponent is armed" — not "other
  // opponents or … an unarmed foe". SW-25: "using a ranged weapon that requires two hands to operate can provoke".
  const armed = req.targets.find((t) => !!t.facts.d20?.armed);
  const ranged = req.weapon.d20?.rangeIncrement !== null;
  const twoHanded = ranged && action !== "suppressionFire" && !!req.weapon.d20?.twoHanded && !!a.threatened;
  // SW-32: a defender's concealment is the scene's (regions, soft walls), not a `concealed` status on its token.
  const concealed = req.targets.filter((t) => !!t.facts.d20?.concealedStatus).map((t) => t.facts.name);
  return {
    action: {
      name: `FT.D20.Assist.action.${action}`,
      type: `FT.D20.Assist.type.${row.type}`,
      provokes: `FT.D20.Assist.provokesValue.${row.provokes}`,
    },
    /** SW-16, SW-21, SW-23, SW-44: the attacker's own situation; SW-33: the targets'. */
    own: [
      ...OWN.filter(([k]) => o.ownRows.includes(k)).map(([k, ruleId]) => ({
        name: `assist.${k}`,
        label: `FT.D20.Assist.own.${k}`,
        ruleId,
        on: !!a[k],
      })),
      // SW-44: the pulled blow's lesser damage — half when ticked, else only vitality damage.
      ...(o.ownRows.includes("pullingBlow")
        ? [
            {
              name: "assist.pulledHalf",
              label: "FT.D20.Assist.own.pulledHalf",
              ruleId: "SW-44",
              // SW-44 (review d20rules #7): "only vitality damage" deals an ordinary foe (no vitality, SW-18)
              // nothing, so against one the box starts ticked — the attacker's other choice, "only deal half
              // damage" — and stays the attacker's to untick.
              on: a.pulledDamage
                ? a.pulledDamage === "half"
                : req.targets.some((t) => !!t.facts.d20?.ordinary),
            },
          ]
        : []),
    ],
    theirs: THEIRS.map(([k, ruleId]) => ({
      name: `assist.target.${k}`,
      label: `FT.D20.Assist.theirs.${k}`,
      ruleId,
      on: req.targets.length > 0 && req.targets.every((t) => !!t.facts.d20?.[k]),
    })),
    combinedFire: a.combinedFire ?? 0,
    aided: !!a.aided,
    // SW-39 (issue 31): the aid is the GM's roll, kept for the ally (canvas/aid.ts); the box is the GM's alone.
    aidBox: !!game.user?.isGM,
    swn: o.extraAssist(prep),
    // SW-42 (issue 31): a player's aim is the GM's kept touch attack (canvas/aim.ts); the box is the GM's alone.
    aimed: !o.aimKept || game.user?.isGM ? !!aim : keptAimAtAll(req.targets),
    aimBox: !o.aimKept || !!game.user?.isGM,
    aimLabel: o.aimLabel,
    posture: aim?.posture ?? "standing",
    support: aim?.support ?? "none",
    postures: { standing: "FT.D20.Aim.standing", kneeling: "FT.D20.Aim.kneeling", prone: "FT.D20.Aim.prone" },
    supports: { none: "FT.D20.Aim.none", improvised: "FT.D20.Aim.improvised", fixed: "FT.D20.Aim.fixed" },
    warning:
      action === "attackUnarmed"
        ? armed
          ? { key: "FT.D20.Assist.provokesUnarmed", data: { target: armed.facts.name } }
          : null
        : twoHanded
          ? { key: "FT.D20.Assist.provokesTwoHanded", data: {} }
          : provokes
            ? {
                key: "FT.D20.Assist.provokes",
                data: {
                  action: game.i18n?.localize(`FT.D20.Assist.action.${provokes}`) ?? provokes,
                },
              }
            : null,
    note: concealed.length
      ? { key: "FT.D20.Assist.concealedStatus", data: { names: concealed.join(", ") } }
      : null,
  };
}

/** A checkbox as the form data has it: checked is `true` (FormDataExtended) or "on". */
export const checked = (v: unknown): boolean => v === true || v === "on" || v === "true";

/** SW-33: what the user says of every target's situation (`assist.target.*`). */
function theirsFromForm(base: AttackRequest, form: Form): AttackRequest["targets"] {
  const says = { helpless: checked(form["assist.target.helpless"]) };
  return base.targets.map((t) => {
    const d = t.facts.d20;
    return d ? { ...t, facts: { ...t.facts, d20: { ...d, ...says } } } : t;
  });
}

/** SW-42: the attacker's aim the GM keeps holds at each of the (one or more) targets. */
function keptAimAtAll(targets: AttackRequest["targets"]): boolean {
  return targets.length > 0 && targets.every((t) => !!t.facts.d20?.aimed);
}

const POSTURES = ["standing", "kneeling", "prone"] as const;
const SUPPORTS = ["none", "improvised", "fixed"] as const;

/** SW-27, SW-39, SW-42: the assist fields (`assist.*`) as the attacker's d20 facts. */
function assistFromForm(base: AttackRequest, form: Form, aimKept: boolean): AttackRequest["attacker"] {
  const a = base.attacker.d20;
  if (!a) return base.attacker;
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
      improvised: checked(form["assist.improvised"]),
      charging: checked(form["assist.charging"]),
      fightingDefensively: checked(form["assist.fightingDefensively"]),
      pullingBlow: checked(form["assist.pullingBlow"]),
      pulledDamage: checked(form["assist.pulledHalf"]) ? "half" : "vitality",
      combinedFire: n,
      // SW-39: a player's aid is the GM's kept roll (a target fact), never a box of their own.
      aided: game.user?.isGM ? checked(form["assist.aided"]) : !!a.aided,
      // SW-42: a player's aim is the GM's kept touch attack at every target (a target fact), never a box of theirs;
      // it serves a single attack only (review 3, 1.2: a full attack or a fire mode leaves it, rather than refusing).
      aim: (
        !aimKept || game.user?.isGM
          ? checked(form["assist.aimed"])
          : keptAimAtAll(base.targets) &&
            !checked(form["plan.fullAttack"]) &&
            (form["plan.mode"] ?? "single") === "single"
      )
        ? { posture, support }
        : null,
    },
  };
}

/** The attacker's own boxes the game does not play, never declared (a form that sends one anyway declares nothing). */
function onlyPlayed(attacker: AttackRequest["attacker"], own: readonly OwnRow[]): AttackRequest["attacker"] {
  const a = attacker.d20;
  if (!a || own.length === OWN.length) return attacker;
  const off = Object.fromEntries(OWN.filter(([k]) => !own.includes(k)).map(([k]) => [k, false]));
  return { ...attacker, d20: { ...a, ...off } };
}

/** The d20 engine's dialog section, for the SW game (below) and, with its options, the SWN profile. */
export function d20DialogSeam(o: D20DialogOptions): GameDialogSeam {
  return {
    // The referee's "cannot miss" is SF-X-33 in Star Frontiers; the d20 sources name no such rule.
    cannotMissRule: null,
    columns: false,
    coverLine: false,
    defenseLabel: o.defenseLabel,
    burstDamage: { one: "FT.Dialog.burstDice", split: "FT.Dialog.burstSplit" },
    defense: (prep) => defenseRows(prep, o.missChance),
    plan: planContext,
    assist: (prep) => assistContext(prep, o),
    formula: o.formula,
    fromForm: (base, form) => {
      // Only a form that drew the help fieldset says anything of it (absent fields keep the request's).
      if (!("assist.combinedFire" in form)) return { attacker: base.attacker, targets: base.targets };
      const withD20 = {
        ...base,
        attacker: onlyPlayed(assistFromForm(base, form, !!o.aimKept), o.ownRows),
        targets: theirsFromForm(base, form),
      };
      return o.extraFromForm(withD20, form);
    },
  };
}

/** Star Wars d20 (RCR): Defense, SW-32's miss chance, no extra actions. */
export const D20_DIALOG: GameDialogSeam = d20DialogSeam({
  defenseLabel: "FT.D20UI.defense",
  missChance: true,
  extraAssist: () => null,
  extraFromForm: (base) => ({ attacker: base.attacker, targets: base.targets }),
  formula: (formula) => formula,
  aimLabel: "FT.D20.Aim.aimed",
  aimKept: true,
  ownRows: ALL_OWN,
});
