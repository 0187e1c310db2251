/**
 * The SWN block of the actor sheet (issue 16, ruling 1), pure: what `templates/actor/swn.hbs` shows — AC, the
 * attack bonus the swn profile rolls with (SW-04 as SWN's AB), hit dice, Morale (SWN-12), Notice and Lead (the
 * skills Read Morale and Intimidate add, SWN-10, SWN-09), the Evasion save (SWN-16), hit points as a bar, and immunity to Morale.
 */

/** The SWN block's numbers as the sheet stores them (ruling 1). */
export interface SwnSheetSource {
  readonly hd: number;
  readonly ac: number;
  readonly ab: number;
  readonly morale: number;
  readonly hp: { readonly value: number; readonly max: number };
  readonly moraleImmune: boolean;
  /** SWN-06: a mech. */
  readonly mech?: boolean;
  /** SWN-10, SWN-09: the skills the GM adds to Read Morale and Intimidate. */
  readonly notice: number;
  readonly lead: number;
  /** SWN-16: the Evasion save's target (an NPC's one save). */
  readonly save: number;
}

export function swnSheetContext(swn: SwnSheetSource) {
  const stat = (key: string, label: string, value: number, min: number, max: number) => ({
    key,
    label,
    value,
    min,
    max,
  });
  return {
    stats: [
      stat("ac", "FT.SWN.ac", swn.ac, 0, 30),
      stat("ab", "FT.SWN.ab", swn.ab, -10, 30),
      stat("hd", "FT.SWN.hd", swn.hd, 0, 30),
      stat("morale", "FT.SWN.morale", swn.morale, 2, 12),
      stat("notice", "FT.SWN.notice", swn.notice, -1, 4),
      stat("lead", "FT.SWN.lead", swn.lead, -1, 4),
      stat("save", "FT.SWN.save", swn.save, 2, 20),
    ],
    hp: {
      value: swn.hp.value,
      max: swn.hp.max,
      pct: swn.hp.max > 0 ? Math.max(0, Math.min(100, Math.round((swn.hp.value / swn.hp.max) * 100))) : 0,
    },
    immune: swn.moraleImmune,
    mech: !!swn.mech,
  };
}
