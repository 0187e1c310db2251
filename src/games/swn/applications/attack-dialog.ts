/**
 * Issue 30: the SWN profile's part of the attack dialog (ruling 1: the d20 engine's dialog with its own rows): AC
 * instead of Defense, no SW-32 miss chance (concealment is AC, SWN-14), the action select (SWN-11 aimed shot, SWN-08
 * overwatch), the concealment the user gives every target (SWN-14; the walls' and regions' are read from the scene,
 * the highest applying) and the damage less the hard cover's armour (SWN-15).
 */
import type { AssistView, GameDialogSeam } from "../../../applications/attack-dialog-game.js";
import { armourAfterAp, isConcealment } from "../../../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../../../workflows/attack/attack-plan.js";
import { d20DialogSeam } from "../../d20/applications/attack-dialog.js";

type Form = Readonly<Record<string, unknown>>;

/** SWN-11, SWN-08, SWN-14: the action and the concealment the user gives. */
function swnAssist(prep: PreparedAttack): AssistView["swn"] {
  const req = prep.request;
  return {
    action: req.attacker.d20?.swn?.action ?? "",
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
  };
}

/** SWN-11, SWN-08: the action select's value (anything else is an ordinary attack). */
const swnActionOf = (v: unknown): "aimedShot" | "overwatch" | null =>
  v === "aimedShot" || v === "overwatch" ? v : null;

/** SWN-11, SWN-08, SWN-14: the action and the given concealment into the request (an unknown value is none). */
function swnFromForm(base: AttackRequest, form: Form): Pick<AttackRequest, "attacker" | "targets"> {
  const given = form["assist.target.concealment"];
  const concealment = isConcealment(given) ? given : "none";
  const a = base.attacker.d20;
  return {
    attacker: a?.swn
      ? { ...base.attacker, d20: { ...a, swn: { ...a.swn, action: swnActionOf(form["assist.swnAction"]) } } }
      : base.attacker,
    targets: base.targets.map((t) => {
      const d = t.facts.d20;
      return d?.swn ? { ...t, facts: { ...t.facts, d20: { ...d, swn: { ...d.swn, concealment } } } } : t;
    }),
  };
}

/** SWN-15: the damage a hit rolls, less the hard cover's armour (and the weapon's AP) when the attack does not ignore it. */
function withCoverArmour(formula: string, check: PreparedAttack["targets"][number]["check"]): string {
  const a = check.kind === "d20" ? check.coverArmour : undefined;
  if (!formula || !a || a.ignored) return formula;
  const armour = armourAfterAp(a.value, a.ap);
  return armour ? `${formula} − ${armour} ${game.i18n?.localize("FT.SWN.Cover.armourShort") ?? ""}` : formula;
}

export const SWN_DIALOG: GameDialogSeam = d20DialogSeam({
  defenseLabel: "FT.SWN.ac",
  missChance: false,
  extraAssist: swnAssist,
  extraFromForm: swnFromForm,
  formula: withCoverArmour,
  // SW-42 under ruling 1: AC has no Dex to deny; the aim still lowers the range penalty by position and support.
  aimLabel: "FT.SWN.Aim.aimed",
  // Issue 31: of the attacker's own boxes SWN keeps the improvised weapon's −4 (SW-16, a situational term ruling 1
  // keeps). Seed 003's charge is its own action (SWN-02, the action kit: Move + Action, 1d6 or the weapon, prone), so
  // no second SW-21 charge here; SWN has no SW-23 fighting defensively; and a pulled blow (SW-44) deals "only vitality
  // damage" — SWN's hit points have none, so it would be −4 to hit for full, lethal damage.
  ownRows: ["improvised"],
});
