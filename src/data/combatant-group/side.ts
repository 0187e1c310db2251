/**
 * The `side` CombatantGroup subtype (SF-X-04, SF-X-05): the side's d10, its modifier and whose it is, surprise,
 * the round it last rolled and its colour. The total is also written to the group's own `initiative` field.
 */
import { bool, initialData, int, type ModelSpec, str } from "../spec.js";

export const SIDE_SPEC = {
  fields: {
    roll: int(null, { min: 1, max: 10, nullable: true }),
    modifier: int(0, { min: -20, max: 20 }),
    modifierSource: str(""),
    holsteredPenalty: int(0, { min: -3, max: 0 }),
    /** Highest single Reaction Speed on the side (Basic-game tie-break, SF-B-05). */
    highestRs: int(0, { min: 0, max: 100 }),
    surprised: bool(false),
    rolledRound: int(0, { min: 0 }),
    colour: str("#1f7a8c"),
    /** Disposition key the side was created for (friendly, hostile, neutral, secret) or "custom". */
    key: str("custom"),
  },
} satisfies ModelSpec;

export interface SideSystem {
  roll: number | null;
  modifier: number;
  modifierSource: string;
  holsteredPenalty: number;
  highestRs: number;
  surprised: boolean;
  rolledRound: number;
  colour: string;
  key: string;
}

/** A side as the schema creates it (no roll yet). */
export function defaultSide(): SideSystem {
  return initialData(SIDE_SPEC.fields) as unknown as SideSystem;
}
