/**
 * Running and disengaging in a d20 combat (SW-24, issue 15): full-round actions the acting combatant's owner or the
 * GM takes from its tracker row. Running moves up to four times the speed in a straight line and costs the runner its
 * Dex to Defense until its next turn (the d20 target facts read the Combatant's `system.running`; the active GM ends
 * it when that turn starts); after as many rounds in a row as its Constitution score, each round needs a Constitution
 * check (DC 10, then 11, 12 …), rolled here; a failure means a minute's rest. Disengaging moves up to twice the speed;
 * its first 2 m must clear every threatened area, and leaving them then provokes no attack of opportunity — the
 * movement is the player's on the canvas, the card says the rule. Either is the round's action (SW-13): no attack
 * follows it. One Combatant write (the round's ledger and the running mark) and one chat card.
 */

import { keyed, line, type RuleText } from "../../../data/chat/rule-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import type { MarkChange } from "../../../documents/combatant.js";
import { report } from "../../../helpers/report.js";
import {
  DISENGAGE_MULTIPLIER,
  disabledActionProblem,
  RUN_MULTIPLIER,
  RUN_REST_ROUNDS,
  RulesError,
  runCheck,
} from "../../../rules/index.js";
import { keepsNumbersSecret } from "../../../workflows/card/card-render.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { ownTurnAction } from "../../../workflows/turn/turn-ledger.js";

type CombatantI = Combatant.Implementation;

/** What the Combatant keeps of its running (SW-24): running now, the round it last ran, how many rounds in a row. */
export interface RunningFlag {
  readonly active: boolean;
  readonly round: number;
  readonly count: number;
}

/** SW-24: the combatant runs or disengages as its round's full-round action. */
export async function moveAction(combatant: CombatantI, kind: "run" | "disengage"): Promise<void> {
  try {
    const own = ownTurnAction(combatant);
    if (!own) return;
    const { actor, round, ledger } = own;
    // SW-10 (issue 31): disabled, its round is a single move or attack action — no run, no disengage.
    const disabled = disabledActionProblem(actorSystem(actor)?.d20?.wounds.value ?? 1, "fullRound");
    if (disabled) throw new RulesError(disabled, "Disabled: no full-round action");
    const sys = actor.system as {
      d20?: { abilities: { con: number } };
      derived?: { d20?: { mods: { con: number }; speed?: { move: number } | null; fatigued?: boolean } };
    };
    // SW-10, SW-12: "A fatigued character can't run or charge" (the pure `d20Speed` has no run for one): refused
    // before anything is written.
    if (kind === "run" && sys.derived?.d20?.fatigued)
      throw new RulesError("FT.D20.Move.fatigued", `${actor.name} is fatigued and can't run (SW-10)`, {
        name: actor.name ?? "",
      });
    const speed = sys.derived?.d20?.speed?.move ?? null;
    const name = actor.name ?? "";
    const lines: RuleText[] = [];
    const rolls: Roll[] = [];
    const marks: MarkChange = { turn: { ...ledger, aoo: ledger.aoo, round, action: kind } };
    if (kind === "run") {
      const prior = combatant.marks.running;
      const count = prior && prior.round === round - 1 ? prior.count + 1 : 1;
      marks.running = { active: true, round, count } satisfies RunningFlag;
      lines.push(
        keyed("FT.D20.Move.runs", {
          name,
          metres: speed === null ? "—" : String(speed * RUN_MULTIPLIER),
        }),
      );
      const con = sys.d20?.abilities.con ?? 10;
      const check = runCheck(count, con);
      if (check.needed && check.dc !== null) {
        const roll = await new Roll("1d20").evaluate();
        rolls.push(roll);
        const bonus = sys.derived?.d20?.mods.con ?? 0;
        const total = (roll.total ?? 0) + bonus;
        const passed = total >= check.dc;
        const shown = keepsNumbersSecret(actor)
          ? `d20 ${roll.total}`
          : `d20 ${roll.total} ${bonus < 0 ? "−" : "+"} ${Math.abs(bonus)} = ${total} vs DC ${check.dc}`;
        lines.push(
          keyed(passed ? "FT.D20.Move.keepsRunning" : "FT.D20.Move.mustRest", {
            round: String(count),
            // An NPC's Constitution stays off the card as its roll's bonus does (R1-5).
            con: keepsNumbersSecret(actor) ? "?" : String(con),
            roll: shown,
            rest: String(RUN_REST_ROUNDS),
          }),
        );
      }
    } else
      lines.push(
        keyed("FT.D20.Move.disengages", {
          name,
          metres: speed === null ? "—" : String(speed * DISENGAGE_MULTIPLIER),
        }),
      );
    // Its marks, as the ledger writes them (turn-ledger.ts `save`).
    await combatant.update({ system: marks });
    await postRuleCard(
      {
        kind: "ft-special-card",
        ruleId: "SW-24",
        title: keyed(`FT.D20.Move.${kind}Title`),
        lines: lines.map((l) => line(l)),
      },
      { speaker: ChatMessage.getSpeaker({ actor }), rolls },
    );
  } catch (e) {
    report(e);
  }
}
