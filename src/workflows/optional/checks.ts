/**
 * Checks from the sheet, posted with the user's roll mode:
 * - ability checks (SF-B-24): d100 at or under the score, ±5, 10 or 15 for an easy or hard action;
 * - the NPC reaction roll (SF-B-25): d100 at or under the character's Personality, the NPC is friendly;
 * - Zebulon skill checks (SF-Z-01, SF-Z-02, SF-Z-04, SF-Z-05, SF-Z-07): the skill level's column, shifted, read
 *   into a colour, moved by a result shift, against a colour the task may need.
 * Every input is checked before the dice are rolled; a bad one is refused with the rule in the message.
 */
import { SYSTEM_ID } from "../../constants.js";
import { actorSystem, isItemType } from "../../data/subtypes.js";
import { currentGame } from "../../helpers/game.js";
import { notify } from "../../helpers/report.js";
import { chatRollMode, pickedRollMode } from "../../helpers/roll-mode.js";
import { currentZebulonTable } from "../../helpers/settings.js";
import {
  CHECK_ADJUSTMENTS,
  clampColumn,
  meetsColour,
  RulesError,
  readColumn,
  resultShift,
  validateColour,
  validateColumnShift,
  validateResultShift,
} from "../../rules/index.js";
import type { CheckFlag, SkillCheckFlag } from "./check-verdict.js";

/** The easy/hard adjustment of an ability check, checked before anything is rolled (SF-B-24). */
export function validateAdjustment(adjustment: unknown): number {
  const n = typeof adjustment === "number" ? adjustment : Number.NaN;
  if (!(CHECK_ADJUSTMENTS as readonly number[]).includes(n)) {
    throw new RulesError("FT.Error.checkAdjustment", `Adjustment must be ±5, 10 or 15, not ${adjustment}`, {
      value: String(adjustment).slice(0, 20),
    });
  }
  return n;
}

/**
 * An ability check (SF-B-24) with the easy (+) or hard (−) adjustment the players agreed on; the card's flavor names
 * the ability and the adjustment, the verdict is rendered from the Roll.
 */
export async function rollAbilityCheck(
  actor: Actor.Implementation,
  key: string,
  adjustment: number = 0,
  /** Issue 33: the roll mode the prompt picked; absent = the chat's (helpers/roll-mode.ts). */
  rollMode?: string,
): Promise<void> {
  const adj = validateAdjustment(adjustment);
  const score = actorSystem(actor)?.abilities[key]?.value;
  // Review-trust 3.1 (fixa): a bad ability name (api.check, a macro, @Check[xyz]) is told, not silent.
  if (score === undefined)
    return notify("warn", "FT.Api.noAbility", { actor: actor.name ?? "", ability: String(key).slice(0, 20) });
  const roll = await new Roll("1d100").evaluate();
  const check: CheckFlag = { key, adjustment: adj };
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      // Issue 33: the ability's name and the adjustment are written on each reader's page in their language, from the
      // flag (check-verdict.ts `checkTitleHTML`); the score and the verdict are rendered from the Roll.
      flavor: "SF-B-24",
      flags: { [SYSTEM_ID]: { check } },
    },
    { rollMode: pickedRollMode(rollMode) },
  );
}

/** The NPC reaction roll (SF-B-25): the character's Personality, no adjustment; the card says friendly or not. */
export async function rollNpcReaction(actor: Actor.Implementation): Promise<void> {
  const score = actorSystem(actor)?.abilities.per?.value;
  if (score === undefined) return;
  const roll = await new Roll("1d100").evaluate();
  const check: CheckFlag = { key: "per", adjustment: 0, reaction: true };
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: "SF-B-25",
      flags: { [SYSTEM_ID]: { check } },
    },
    { rollMode: chatRollMode() },
  );
}

/** What a Zebulon skill check may be given (SF-Z-02, SF-Z-05, SF-Z-07). */
export interface SkillCheckOptions {
  /** Column shifts the referee gives the task: + easier, − harder (SF-Z-02). */
  readonly shifts?: number;
  /** A result shift (SF-Z-07). */
  readonly resultShift?: number;
  /** The colour the task needs, that colour or better succeeds (SF-Z-05); none: any colour succeeds. */
  readonly required?: string | null;
  /** Issue 33: the roll mode the prompt picked; absent = the chat's. */
  readonly rollMode?: string;
}

/**
 * Skill check on the Zebulon's Guide table (SF-Z-01, SF-Z-04, SF-Z-05): d100 read on the column of the skill's
 * level, shifted by the GM's column shifts. Under Alpha Dawn, skill success rates are per skill and not in our
 * sources: the sheet offers ability checks instead.
 */
export async function rollSkillCheck(
  actor: Actor.Implementation,
  skill: Item.Implementation,
  options: SkillCheckOptions | number = {},
): Promise<void> {
  const opts = typeof options === "number" ? { shifts: options } : options;
  if (currentGame().skillCheck !== "zebulonColumns") {
    ui.notifications?.info(game.i18n?.localize("FT.Check.skillNeedsZebulon") ?? "");
    return;
  }
  // Every input is checked before the roll (a refused check rolls nothing).
  const shifts = validateColumnShift(opts.shifts ?? 0);
  const rs = validateResultShift(opts.resultShift ?? 0);
  const required = opts.required ? validateColour(opts.required) : null;
  const table = currentZebulonTable();
  const level = isItemType(skill, "skill") ? skill.system.level : 0;
  const column = clampColumn(level + shifts);
  const roll = await new Roll("1d100").evaluate();
  const read = readColumn(table, column, roll.total ?? 100);
  const colour = resultShift(read, rs);
  // Issue 33: the reading as keys and numbers; each reader's page writes its title line (check-verdict.ts).
  const skillCheck: SkillCheckFlag = {
    skill: skill.name ?? "",
    column,
    shifts,
    resultShift: rs,
    read,
    colour,
    required,
    success: required ? meetsColour(colour, required) : null,
  };
  await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: "SF-Z-04",
      flags: { [SYSTEM_ID]: { skillCheck } },
    },
    { rollMode: pickedRollMode(opts.rollMode) },
  );
}
