/**
 * The attack dialog's situation controls, without Foundry: what the scene cannot see, set by the user as facts
 * (the rules' `situation.ts`), never as typed numbers.
 *
 * Form fields: per target (by its index in the request) `sit.<i>.<fact>` carries the situation the dialog shows
 * (hidden inputs, so a redraw keeps it) and `add.<i>` the "add a modifier" choice (`fact.value`), which wins; for
 * the attacker `attacker.vehicle` (Expanded, SF-X-19), `attacker.visionAid` (Expanded, SF-X-23) and
 * `attacker.conveyance` (Basic, SF-B-21).
 */
import {
  parseSituationKey,
  parseSituationValue,
  SITUATION_VALUES,
  type SituationFact,
  situationChoices,
  situationOf,
  type TargetSituation,
  withConveyance,
  withSituation,
  withVisionAid,
} from "../rules/index.js";
import type { AttackRequest, PreparedAttack } from "../workflows/attack/attack-plan.js";

const FACTS = Object.keys(SITUATION_VALUES) as SituationFact[];

/** The request with the situation the form sets: the attacker's vehicle or conveyance, each target's facts. */
export function situationFromForm(
  base: AttackRequest,
  form: Readonly<Record<string, unknown>>,
): AttackRequest {
  const conveyed = withConveyance(base.attacker, {
    vehicle: form["attacker.vehicle"],
    conveyance: form["attacker.conveyance"],
  });
  // SF-X-23: the attacker's infrared or light amplification goggles.
  const attacker = withVisionAid(conveyed, form["attacker.visionAid"]);
  const targets = base.targets.map((t, i) => {
    const set: Partial<Record<SituationFact, unknown>> = {};
    for (const fact of FACTS) {
      const v = parseSituationValue(fact, form[`sit.${i}.${fact}`]);
      if (v !== undefined) set[fact] = v;
    }
    const added = parseSituationKey(form[`add.${i}`]);
    if (added) set[added.fact] = added.value;
    if (Object.keys(set).length === 0) return t;
    return { ...t, facts: withSituation(t.facts, set as Partial<TargetSituation>) };
  });
  return { ...base, attacker, targets };
}

/** What the dialog draws for the situation: per target its facts (hidden) and what may be added; the attacker's. */
export function situationContext(prep: PreparedAttack) {
  const req = prep.request;
  const options = { variant: req.variant };
  const expanded = req.variant === "expanded";
  return {
    attackerVehicle: expanded ? req.attacker.vehicle : null,
    vehicleChoices: {
      none: "FT.Situation.vehicle.none",
      slow: "FT.Situation.vehicle.slow",
      fast: "FT.Situation.vehicle.fast",
    },
    /** SF-X-23: the attacker's vision aid (Expanded). */
    attackerVisionAid: expanded ? (req.attacker.visionAid ?? "none") : null,
    visionAidChoices: {
      none: "FT.Situation.visionAid.none",
      infrared: "FT.Situation.visionAid.infrared",
      lightAmp: "FT.Situation.visionAid.lightAmp",
    },
    attackerConveyance: expanded ? null : (req.attacker.conveyance ?? "onFoot"),
    conveyanceChoices: {
      onFoot: "FT.Situation.conveyance.onFoot",
      skimmerRider: "FT.Situation.conveyance.skimmerRider",
      skimmerDriver: "FT.Situation.conveyance.skimmerDriver",
      monorail: "FT.Situation.conveyance.monorail",
    },
    /** SF-X-21: a machine gun earns the burst's +20 only from a bipod, tripod or swivel mount. */
    canMount: expanded && !!req.weapon.burst?.bonusNeedsMount,
    situations: req.targets.map((t, i) => {
      const facts = {
        attacker: req.attacker,
        weapon: req.weapon,
        target: t.facts,
        declarations: req.declarations,
      };
      const now = situationOf(t.facts);
      return {
        index: i,
        hidden: FACTS.map((fact) => ({ name: `sit.${i}.${fact}`, value: String(now[fact]) })),
        choices: situationChoices(req.engine, facts, options),
        note: t.movementNote ?? null,
      };
    }),
  };
}
