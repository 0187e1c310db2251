/**
 * Issue 33 (review-play 2.4): an `@Check[skill=Notice]` (or `@Check[wis skill=Notice dc=8]`) in a Stars Without Number
 * world — the skill check of ruling 1 and seed 003: 2d6 + the skill's level + an attribute's modifier
 * (`swnAttributeMod`), meeting the difficulty succeeds (`swnCheck`). The SWN sheet keeps two skills, Notice and Lead
 * (data/actor/specs.ts: what Read Morale and Intimidate add); the attribute is the one the text names, else Notice's
 * Wisdom and Lead's Charisma. SWN has no bare attribute check (its checks are skill checks), so `@Check[str]` stays
 * drawn disabled there. Posted as the d20 check's card (games/d20/workflows/enricher-check.ts), in the chat's roll mode.
 */
import { keyed } from "../../../data/chat/rule-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { notify } from "../../../helpers/report.js";
import { swnAttributeMod, swnCheck } from "../../../rules/index.js";
import { type AskedCheck, postCheckCard } from "../../d20/workflows/enricher-check.js";

/** The skills the SWN sheet keeps, by the name an `@Check` writes (any case), and the attribute each uses by default. */
const SKILLS = { notice: "wis", lead: "cha" } as const;
const ATTRIBUTES = ["str", "dex", "con", "int", "wis", "cha"] as const;
const isSkill = (k: string): k is keyof typeof SKILLS => Object.hasOwn(SKILLS, k);

/** Roll the SWN skill check an `@Check` asks. */
export async function rollSwnCheck(actor: Actor.Implementation, check: AskedCheck): Promise<void> {
  const skill = check.skill.trim().toLowerCase();
  const sys = actorSystem(actor);
  // Final trust review 3.4: an actor whose sheet keeps no SWN skills (a creature, a vehicle) is told, not rolled as NaN.
  if (!sys || !isSkill(skill) || typeof sys.swn?.[skill] !== "number")
    return notify("warn", "FT.Enricher.noItem", { name: actor.name ?? "", item: check.skill.slice(0, 40) });
  const ability = (ATTRIBUTES as readonly string[]).includes(check.ability) ? check.ability : SKILLS[skill];
  const score = sys.d20.abilities[ability] ?? 10;
  const bonus = sys.swn[skill] + swnAttributeMod(score);
  const roll = await new Roll(`2d6 ${bonus < 0 ? "-" : "+"} ${Math.abs(bonus)}`).evaluate();
  const dice = roll.dice[0]?.results.map((r) => r.result).join(", ") ?? "";
  const what = keyed("FT.Enricher.swnSkillCheck", {
    skill: { key: `FT.Enricher.swnSkill.${skill}` },
    ability: { key: `FT.Enricher.ability.${ability}` },
  });
  // Ruling 1: meeting the difficulty succeeds.
  const success = check.dc === null ? null : swnCheck(roll.total ?? 0, check.dc).success;
  await postCheckCard(actor, roll, what, `2d6 [${dice}]`, bonus, check.dc, success);
}
