/**
 * The attack dialog's modifier rows, without Foundry (issue 13 "Attack dialog", review table-ux #5, #21).
 *
 * - A modifier every target has with the same label, rule and value (½ DEX, skill, a burst, the attacker's
 *   movement …) is one row in a "Shared" block, field `mod.*.<id>`; its override goes to the request's `"*"`
 *   overrides (`attack-plan.ts` applies them to every target). Only a burst's targets share: a single shot has one
 *   block, field `mod.<targetId>.<id>` as before.
 * - Each target's block lists only what differs. For a burst (SF-X-24: one roll with the worst of every modifier)
 *   each row says whether the burst takes it (`sets`: the burst's value for that modifier is this one) or drops it
 *   (`dropped`: a bonus not every target earns).
 * - Values are shown signed ("+20", "−10", U+2212 as `ftSigned` writes them) in text inputs, and what the user
 *   types is read back with {@link parseSigned}: "+20", "-10", "−10" (and the other dashes a keyboard or a paste
 *   may give) are numbers. A number input cannot do this: browsers sanitise "+20" and "−10" to "" (HTML's valid
 *   floating-point number has no "+" and only the ASCII hyphen).
 */
import type { Modifier } from "../rules/index.js";
import type { PreparedAttack } from "../workflows/attack/attack-plan.js";

/** What a burst does with a target's row: takes its value, drops it (a bonus not all earn), or neither. */
export type BurstRole = "sets" | "dropped" | null;

export interface ModifierRow {
  readonly id: string;
  readonly label: string;
  readonly ruleId: string;
  readonly value: number;
  /** The value as the input shows it: "+20", "−10", "0". */
  readonly shown: string;
  /** The form field: `mod.*.<id>` (shared) or `mod.<targetId>.<id>`. */
  readonly name: string;
  readonly overridden: boolean;
  /** The range row's distance ("12 m", "12–14 m"), shown after the band; null for other rows. */
  readonly detail: string | null;
  readonly burstRole: BurstRole;
  /**
   * Drawn read-only and never read as an edit: a term the user may not change (fixaim: a target's Dex to Defense, and
   * why it has none, in a player's d20 dialog — the GM's word, games/d20/applications/attack-dialog.ts).
   */
  readonly locked?: boolean;
}

/** The field name of a shared modifier. */
export const SHARED = "*";

/** Signed number: "+20", "−10", "0" (the same text as the `ftSigned` helper). */
export function signed(v: number): string {
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0";
}

/**
 * A typed modifier: a whole number with an optional sign ("+", "-", or a minus or dash such as "−" U+2212), or
 * empty (`null`: remove the modifier). Anything else is `undefined` (not a number).
 */
export function parseSigned(raw: unknown): number | null | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === "number") return Number.isFinite(raw) ? Math.trunc(raw) : undefined;
  const s = String(raw)
    .trim()
    .replace(/^[\u2212\u2012\u2013\u2014\uFE63\uFF0D]/, "-")
    .replace(/^\uFF0B/, "+");
  if (s === "") return null;
  if (!/^[+-]?\s*\d+(\.\d+)?$/.test(s)) return undefined;
  return Math.trunc(Number(s.replace(/\s+/g, "")));
}

/** Distance in the scene's unit, one decimal. */
const metres = (d: number) => Math.round(d * 10) / 10;

/** The modifier rows the dialog shows for a prepared attack: shared ones once, then each target's own. */
export function modifierRows(prep: PreparedAttack, unit = "m") {
  const req = prep.request;
  const targets = prep.targets;
  const distanceOf = (id: string) => metres(req.targets.find((x) => x.facts.id === id)?.facts.distance ?? 0);
  const sameEverywhere = (m: Modifier) =>
    targets.length > 1 &&
    targets.every((t) =>
      t.modifiers.some(
        (o) => o.id === m.id && o.label === m.label && o.ruleId === m.ruleId && o.value === m.value,
      ),
    );
  const sharedIds = new Set((targets[0]?.modifiers ?? []).filter(sameEverywhere).map((m) => m.id));
  const burst = prep.burst ? new Map(prep.burst.modifiers.map((m) => [m.id, m.value])) : null;

  const distances = targets.map((t) => distanceOf(t.id));
  const lo = Math.min(...distances);
  const hi = Math.max(...distances);
  const sharedDistance = lo === hi ? `${lo} ${unit}` : `${lo}–${hi} ${unit}`;

  const shared: ModifierRow[] = (targets[0]?.modifiers ?? [])
    .filter((m) => sharedIds.has(m.id))
    .map((m) => ({
      id: m.id,
      label: m.label,
      ruleId: m.ruleId,
      value: m.value,
      shown: signed(m.value),
      name: `mod.${SHARED}.${m.id}`,
      overridden: targets.some((t) => t.modifiers.find((o) => o.id === m.id)?.overridden),
      detail: m.id === "range" ? sharedDistance : null,
      burstRole: null,
    }));

  const perTarget: ModifierRow[][] = targets.map((t, i) =>
    t.modifiers
      .filter((m) => !sharedIds.has(m.id))
      .map((m) => {
        let burstRole: BurstRole = null;
        if (burst) {
          const v = burst.get(m.id);
          burstRole = v === undefined ? "dropped" : v === m.value ? "sets" : null;
        }
        return {
          id: m.id,
          label: m.label,
          ruleId: m.ruleId,
          value: m.value,
          shown: signed(m.value),
          name: `mod.${t.id}.${m.id}`,
          overridden: !!m.overridden,
          detail: m.id === "range" ? `${distances[i]} ${unit}` : null,
          burstRole,
        };
      }),
  );
  return { shared, perTarget, distances };
}
