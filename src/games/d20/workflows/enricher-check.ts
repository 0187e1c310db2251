/**
 * Issue 33 (review-play 2.4): an `@Check[dex]` (or `@Check[dex dc=12]`) in a Star Wars d20 world — d20 + the ability's
 * modifier as the sheet derives it (⌊(score − 10) ÷ 2⌋, Str and Dex after fatigue: data/actor/d20-derived.ts), posted
 * as a rule card in each reader's language, in the chat's roll mode (as the `@Damage` enricher's roll; v13
 * client/documents/chat-message.mjs `applyRollMode`, code index id 18719148835, whispers a private or blind one to
 * the GM users). With a DC the card says whether the total meets it. Loaded on the first click (the table's
 * `rollCheck`).
 */

import { D20_ABILITIES, type D20Ability } from "../../../data/actor/d20-derived.js";
import { keyed, line, literal, type RuleText } from "../../../data/chat/rule-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { notify } from "../../../helpers/report.js";
import { chatRollMode } from "../../../helpers/roll-mode.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";

/**
 * What an `@Check` button asks (applications/enricher-html.ts `EnricherCheck`, the same shape: that layer is above
 * this one, so the shape is written here too).
 */
export interface AskedCheck {
  readonly ability: string;
  readonly skill: string;
  readonly dc: number | null;
}

const isAbility = (k: string): k is D20Ability => (D20_ABILITIES as readonly string[]).includes(k);
const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`);

/**
 * The check's card: "{actor}: {what} {dice} ± {bonus} = {total}", then "vs DC {dc}: Success/Failure" when the text
 * gives one. `what` is an i18n piece; `dice` the dice as read ("d20 13", "2d6 [4, 3]"), `bonus` the terms added.
 */
export async function postCheckCard(
  actor: Actor.Implementation,
  roll: Roll,
  what: RuleText,
  dice: string,
  bonus: number,
  dc: number | null,
  success: boolean | null,
): Promise<void> {
  const total = roll.total ?? 0;
  const parts: RuleText[] = [
    literal(`${actor.name ?? ""}:`),
    what,
    literal(`${dice} ${signed(bonus)} = ${total}`),
  ];
  if (dc !== null && success !== null)
    parts.push(
      keyed("FT.Enricher.vsDc", {
        dc: String(dc),
        verdict: { key: success ? "FT.Check.success" : "FT.Check.failure" },
      }),
    );
  await postRuleCard(
    { kind: "ft-check-roll", ruleId: "", title: [], lines: [line(parts, "")] },
    { speaker: ChatMessage.getSpeaker({ actor }), rolls: [roll], rollMode: chatRollMode() },
  );
}

/** Roll the d20 ability check an `@Check` asks (d20 + the ability's modifier). */
export async function rollD20Check(actor: Actor.Implementation, check: AskedCheck): Promise<void> {
  const mod = isAbility(check.ability) ? actorSystem(actor)?.derived?.d20?.mods[check.ability] : undefined;
  if (mod === undefined)
    return notify("warn", "FT.Api.noAbility", {
      actor: actor.name ?? "",
      ability: check.ability.slice(0, 20),
    });
  const roll = await new Roll(`1d20 ${signed(mod)}`).evaluate();
  const die = roll.dice[0]?.total ?? 0;
  const what = keyed("FT.Enricher.abilityCheck", {
    ability: { key: `FT.Enricher.ability.${check.ability}` },
  });
  // A d20 check meets or beats its DC (as the Fortitude save does: rules/d20/health.ts `fortitudeSave`).
  const success = check.dc === null ? null : (roll.total ?? 0) >= check.dc;
  await postCheckCard(actor, roll, what, `d20 ${die}`, mod, check.dc, success);
}
