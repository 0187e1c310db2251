/**
 * The attack's gate by phase (SF-X-01, SF-B-03, SF-B-05), its opportunity shots (SF-X-31, SF-X-32) and its declared
 * shots (SF-X-07, SF-X-30): `gateAttack`, what the attack dialog asks before it opens, and the metres a token walked
 * this round (SF-X-17). Split from phase-gate.ts (issue 33: the first load): only the attack workflows call it
 * (workflows/attack/*, workflows/optional/structure.ts), which load on first use; the token-move hook, the
 * declaration and dodging checks and the tracker's reads stay in phase-gate.ts. Moved unchanged.
 */
import { walkedPath } from "../../canvas/movement-path.js";
import { isDodging } from "../../documents/combatant/dodging.js";
import type { MarkChange } from "../../documents/combatant.js";
import { sideIdOf } from "../../documents/subtypes.js";
import { notify } from "../../helpers/report.js";
import {
  type Declarations,
  type Movement,
  opportunityEligible,
  opportunityShots,
  type Phase,
  RulesError,
} from "../../rules/index.js";
import type { AttackRequest } from "../attack/attack-plan.js";
import type { Declared } from "./declarations.js";
import { shotsLeft } from "./declarations.js";
import {
  centreAt,
  combatOf,
  currentPhase,
  declaredOf,
  enforced,
  history,
  phaseVerdict,
  type Refusal,
  refused,
} from "./phase-gate.js";

type TokenP = foundry.canvas.placeables.Token.Implementation;
type TokenD = TokenDocument.Implementation;
type CombatantI = Combatant.Implementation;
type CombatI = Combat.Implementation;

/**
 * Metres a token has moved this round by its own means, along its recorded waypoints: a GM's displacement or a
 * blink does not count (SF-X-17, canvas/movement-path.ts).
 */
export function movedMetres(doc: TokenD): number {
  const h = history(doc);
  const grid = canvas?.grid;
  if (h.length < 2 || !grid) return 0;
  return walkedPath(h, (run) =>
    grid.measurePath(
      run.map((w) => centreAt(doc, w)),
      {},
    ),
  ).distance;
}

/**
 * Walked, ran or dodged this round (SF-X-17): up to the walking speed is a walk; a token marked dodging that moved
 * dodged (SF-X-10), so an opportunity shot at it needs 5 m, as at a runner (SF-X-31).
 */
function movementClass(doc: TokenD, metres: number): Movement {
  if (metres <= 0) return "stationary";
  if (isDodging(doc.combatant)) return "dodged";
  const walk = (doc.actor?.system as { derived?: { walk?: number } } | undefined)?.derived?.walk ?? 10;
  return metres <= walk ? "walked" : "ran";
}

/* -------------------------------------------- */
/*  The attack                                  */
/* -------------------------------------------- */

export interface AttackGate {
  /** Declarations made in the declare phase, carried into the attack (SF-X-07). */
  readonly declarations: Partial<Declarations>;
  /** The dialog's answer, checked against the shots declared (SF-X-30); throws a RulesError when it asks more. */
  confirmed(request: AttackRequest | null): AttackRequest | null;
  /**
   * The combatant flags that count the shots just fired on the declaration, or null when nothing was declared. The
   * turn ledger writes them in its one Combatant update per attack (turn-ledger.ts).
   */
  flags(shots: number): MarkChange | null;
  /**
   * SF-X-30: the shots a player may still ask, for the dialog to offer no more and to refuse more before it closes
   * (review 13b L4); absent when nothing was declared, and for the GM, who may override.
   */
  readonly shotsLimit?: { readonly left: number; readonly declared: number };
}

const FREE: AttackGate = {
  declarations: {},
  confirmed: (r) => r,
  flags: () => null,
};

/** Why an opportunity shot at these targets is not allowed now (SF-X-31, SF-X-32), or null. */
function opportunityProblem(
  combat: CombatI,
  combatant: CombatantI,
  declared: Declared | null,
  rof: number,
  phase: Phase,
  targets: readonly TokenP[],
): Refusal | null {
  const name = combatant.name ?? "";
  if (!declared) return { key: "FT.Phases.refuse.noDeclaration", data: { name } };
  const allowed = opportunityShots(declared.shots, rof);
  if (allowed === 0) return { key: "FT.Phases.refuse.noOpportunity", data: { name, shots: declared.shots } };
  if (declared.opportunity >= allowed)
    return { key: "FT.Phases.refuse.opportunityUsed", data: { name, max: allowed, shots: declared.shots } };
  const own = combatant.token;
  if (own && movedMetres(own) > 0) return { key: "FT.Phases.refuse.attackerMoved", data: { name } };
  for (const target of targets) {
    const other = combat.combatants.find((c) => c.tokenId === target.id);
    const target_ = target.name ?? "";
    if (!other || !phase.sides.includes(sideIdOf(other) ?? ""))
      return { key: "FT.Phases.refuse.notMoving", data: { target: target_ } };
    const metres = Math.round(movedMetres(target.document) * 10) / 10;
    if (declared.areaWidth > 0) {
      if (metres <= 0) return { key: "FT.Phases.refuse.areaStationary", data: { target: target_ } };
      continue;
    }
    if (!opportunityEligible(movementClass(target.document, metres), metres))
      return { key: "FT.Phases.refuse.tooLittle", data: { target: target_, metres } };
  }
  return null;
}

/**
 * Gate an attack by `token` at `targets` with a weapon of rate of fire `rof`. Null when refused (the user was
 * told why, naming the rule); otherwise what the attack carries from the declaration and counts against it.
 */
export function gateAttack(token: TokenP, targets: readonly TokenP[], rof: number): AttackGate | null {
  const found = combatOf(token.id);
  if (!found) return FREE;
  const { combat, combatant } = found;
  const declared = declaredOf(combat, combatant);
  const { phase, together } = currentPhase(combat);
  let opportunity = false;
  if (enforced()) {
    const verdict = phaseVerdict(phase, sideIdOf(combatant), "attack", together);
    if (!verdict.ok) {
      if (refused(verdict)) return null;
    } else if (verdict.opportunity && phase) {
      const problem = opportunityProblem(combat, combatant, declared, rof, phase, targets);
      if (refused(problem)) return null;
      opportunity = !problem;
    }
  }
  if (!declared) return FREE;
  const left = shotsLeft(declared);
  if (
    left === 0 &&
    refused({ key: "FT.Phases.refuse.allFired", data: { name: combatant.name ?? "", shots: declared.shots } })
  )
    return null;
  const limit = opportunity
    ? Math.min(left, opportunityShots(declared.shots, rof) - declared.opportunity)
    : left;
  return {
    ...(game.user?.isGM ? {} : { shotsLimit: { left: limit, declared: declared.shots } }),
    declarations: {
      shots: declared.burst ? 1 : Math.max(1, limit),
      burst: declared.burst,
      carefulAim: declared.carefulAim,
      ...(declared.powerSetting !== null ? { powerSetting: declared.powerSetting } : {}),
    },
    confirmed: (request) => {
      if (!request) return request;
      const d = request.declarations;
      const shots = d.burst ? 1 : d.shots;
      if (shots > limit && !game.user?.isGM)
        throw new RulesError("FT.Phases.refuse.moreThanDeclared", "more shots than declared", {
          shots,
          left: limit,
          declared: declared.shots,
        });
      if (shots > limit)
        notify("info", "FT.Phases.gmOverride", {
          reason: game.i18n?.format("FT.Phases.refuse.moreThanDeclared", {
            shots: String(shots),
            left: String(limit),
            declared: String(declared.shots),
          }),
        });
      return request;
    },
    flags: (shots) => {
      // Read again: the declaration as it is now (another attack of the same user may have counted meanwhile).
      const now = declaredOf(combat, combatant);
      if (!now) return null;
      return {
        declared: {
          ...now,
          fired: now.fired + shots,
          opportunity: now.opportunity + (opportunity ? shots : 0),
        },
      };
    },
  };
}
