/**
 * What the squad sheet shows (SWN-17, SWN-19), built from the squad's data and its derived numbers by pure code, so
 * the template test and the screenshot previews build the same context the sheet does. Nothing here touches Foundry.
 */

import { staminaBar } from "../../../applications/sheets/context.js";
import type { SquadDerived } from "../../../data/actor/squad-derived.js";

/** What this reads of a squad's `system` (data/actor/specs.ts `SQUAD_SPEC`). */
export interface SquadSystemLike {
  readonly swn: {
    readonly hd: number;
    readonly ac: number;
    readonly ab: number;
    readonly save: number;
    readonly morale: number;
  };
  readonly units: { readonly value: number; readonly max: number };
  readonly hp: { readonly value: number };
  readonly weapon: {
    readonly name: string;
    readonly formula: string;
    readonly ap: number;
    readonly tl: number;
    readonly heavy: boolean;
  };
  readonly ledBy: string;
}

/** SWN-17: the squad's numbers — those of one NPC — with the bounds of the data (SQUAD_SPEC). */
const SQUAD_STATS = [
  { key: "hd", min: 0, max: 30 },
  { key: "ac", min: 0, max: 30 },
  { key: "ab", min: -10, max: 30 },
  { key: "save", min: 2, max: 20 },
  { key: "morale", min: 2, max: 12 },
] as const;

type Localize = (key: string, data?: Record<string, string | number>) => string;

/** A number as the sheet prints it: whole numbers as they are, others to one decimal (4.5). */
const shown = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The squad sheet's context: the units bar (standing / size, ruling 4f), the HP pool (value / derived maximum), the
 * readout "average × units = flat damage (half X)" or why there is none, the footprint and who leads the squad
 * (`leaderName`: the `ledBy` actor's name, "" when it is unset or cannot be found on this client).
 */
export function squadContext(
  system: SquadSystemLike,
  derived: SquadDerived,
  leaderName: string,
  localize: Localize,
) {
  const units = staminaBar(derived.living, system.units.max);
  const hp = staminaBar(system.hp.value, derived.hpMax);
  const damage = derived.damage;
  const readout = damage
    ? localize("FT.Squad.readout", {
        average: shown(damage.average),
        units: derived.living,
        full: damage.full,
        half: damage.half,
      })
    : derived.damageReason === "blank"
      ? localize("FT.Squad.noFormula")
      : localize("FT.Squad.badFormula", { reason: derived.damageReason ?? "" });
  return {
    units,
    hp,
    readout,
    readoutOk: !!damage,
    apText: localize("FT.Squad.apTotal", { per: system.weapon.ap, units: derived.living, ap: derived.ap }),
    stats: SQUAD_STATS.map(({ key, min, max }) => ({
      key,
      label: `FT.Squad.${key}`,
      value: system.swn[key],
      min,
      max,
      shown: key === "ab" && system.swn.ab >= 0 ? `+${system.swn.ab}` : String(system.swn[key]),
    })),
    hexes: localize(derived.hexes === 1 ? "FT.Squad.hex" : "FT.Squad.hexes", { n: derived.hexes }),
    leader: leaderName,
    ledBy: system.ledBy,
    wiped: derived.living === 0,
  };
}
