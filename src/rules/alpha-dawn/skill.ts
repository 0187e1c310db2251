/**
 * The skill's part of a Star Frontiers chance to hit (SF-X-13), on its own: the character sheet shows it and loads with
 * the system; the rest of the chance to hit (to-hit.ts, which re-exports it) loads with the engines (issue 33).
 */
import { ALPHA_DAWN_TABLE, type AlphaDawnTable } from "./tables.js";

/**
 * Heavy weapons (SF-X-13): skill level − 1; untrained −10. Returns the modifier value from the skill.
 * Level 3 gyrojet with a grenade mortar → +20; untrained with a heavy laser → −10.
 */
export function skillModifier(
  level: number,
  heavy: boolean,
  table: AlphaDawnTable = ALPHA_DAWN_TABLE,
): number {
  if (!Number.isInteger(level) || level < 0)
    throw new RangeError(`Skill level must be 0 or more, not ${level}`);
  if (!heavy) return level * table.perSkillLevel;
  if (level === 0) return table.heavyUntrained;
  return (level - 1) * table.perSkillLevel;
}
