/**
 * What the tracker rows show of the declare phase (SF-X-07) and melee distance (SF-X-09): each combatant's
 * declaration this round ("3 shots (1 fired) · area 4 m"), a Declare button for the combatant's owner in the
 * declare phase, a hint on a character held in melee, and which side declares now (side B first).
 */
import { SYSTEM_ID } from "../constants.js";
import { currentVariant } from "../helpers/settings.js";
import { declaredParts } from "../workflows/turn/declarations.js";
import { declaredOf, declaringSide, heldInMelee } from "../workflows/turn/phase-gate.js";

type TurnContext = foundry.applications.sidebar.tabs.CombatTracker.TurnContext;

/**
 * Adds `ftDeclared`, `ftHeld` and `ftCanDeclare` to core's rows; returns the text naming the side to declare. A
 * failure here (stored data the rules refuse) costs only these hints, never the side headers (H2): it is logged.
 */
export function decorateTurns(combat: Combat.Implementation, turns: readonly TurnContext[]): string {
  try {
    return decorate(combat, turns);
  } catch (e) {
    console.error(`${SYSTEM_ID} | the tracker shows no declarations:`, e);
    return "";
  }
}

function decorate(combat: Combat.Implementation, turns: readonly TurnContext[]): string {
  const i18n = game.i18n;
  const say = (key: string, data?: Record<string, unknown>) =>
    (data
      ? i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])))
      : i18n?.localize(key)) ?? key;
  const declarePhase = combat.started && combat.ftPhases[combat.phaseIndex]?.kind === "declare";
  const expanded = currentVariant() === "expanded";
  for (const turn of turns) {
    const c = combat.combatants.get(turn.id);
    if (!c) continue;
    const d = combat.started ? declaredOf(combat, c) : null;
    const holder = combat.started ? heldInMelee(combat, c) : null;
    Object.assign(turn, {
      ftDeclared: d
        ? declaredParts(d)
            .map((p) => say(p.key, p.data))
            .join(" · ")
        : "",
      ftHeld: holder ? say("FT.Phases.heldHint", { by: holder.name ?? "" }) : "",
      ftCanDeclare: declarePhase && expanded && c.isOwner,
    });
  }
  const side = declaringSide(combat);
  const name = side ? combat.groups.get(side)?.name : null;
  return name ? say("FT.Phases.declaring", { side: name }) : "";
}
