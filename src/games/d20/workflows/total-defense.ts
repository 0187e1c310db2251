/**
 * SW-17 total defense (issue 31): "As an attack action, you can defend yourself (you don't actually make an attack,
 * but you can take a move action). Using total defense provides you with a +4 dodge bonus to your Defense for 1
 * round." The acting combatant's owner or the GM takes it from its tracker row (applications/tracker.ts): it is the
 * round's action (SW-13: no attack follows it) and its +4 is kept on the Combatant's `defending` mark until its next
 * turn starts (documents/combat/turn-events.ts ends it), so every attacker's facts read it — no attacker ticks it.
 * One Combatant write and one chat card.
 */
import { keyed, line } from "../../../data/chat/rule-card.js";
import type { MarkChange } from "../../../documents/combatant.js";
import { report } from "../../../helpers/report.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import { ownTurnAction } from "../../../workflows/turn/turn-ledger.js";
import { disabledStrainAfter } from "./dying.js";

/** SW-17: the combatant takes total defense as its round's attack action. */
export async function totalDefense(combatant: Combatant.Implementation): Promise<void> {
  try {
    const own = ownTurnAction(combatant);
    if (!own) return;
    const { actor, round, ledger } = own;
    const marks: MarkChange = {
      turn: { ...ledger, aoo: ledger.aoo, round, action: "totalDefense" },
      defending: {
        round,
        totalDefense: true,
        fightingDefensively: false,
        charging: false,
        aiming: undefined,
      },
    };
    await combatant.update({ system: marks });
    await postRuleCard(
      {
        kind: "ft-special-card",
        ruleId: "SW-17",
        title: keyed("FT.D20.TotalDefense.title"),
        lines: [line(keyed("FT.D20.TotalDefense.takes", { name: actor.name ?? "" }))],
      },
      { speaker: ChatMessage.getSpeaker({ actor }), rolls: [] },
    );
    // SW-10: "As an attack action" — it costs a disabled character 1 wound point (dying.ts).
    await disabledStrainAfter(actor);
  } catch (e) {
    report(e);
  }
}
