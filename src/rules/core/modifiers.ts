import type { Modifier, RuleId } from "./types.js";

/** Build a modifier; a helper so rule code reads as a list of terms. */
export function mod(id: string, label: string, value: number, ruleId: RuleId): Modifier {
  return { id, label, value, ruleId };
}

/** Sum of the values. */
export function total(mods: readonly Modifier[]): number {
  return mods.reduce((sum, m) => sum + m.value, 0);
}

/**
 * Apply user overrides by modifier id: a number replaces the value, `null` removes the term.
 * Overrides for ids that are not in the list are added as manual modifiers (`SF-X-33` referee's call is not
 * implied: they carry the rule ID given with them).
 */
export function applyOverrides(
  mods: readonly Modifier[],
  overrides: Readonly<Record<string, number | null>> = {},
  extra: readonly Modifier[] = [],
): Modifier[] {
  const out: Modifier[] = [];
  for (const m of mods) {
    if (!(m.id in overrides)) {
      out.push(m);
      continue;
    }
    const v = overrides[m.id];
    if (v === null || v === undefined) continue;
    if (!Number.isFinite(v)) throw new TypeError(`Override for ${m.id} is not a number`);
    out.push(v === m.value ? m : { ...m, value: Math.trunc(v), overridden: true });
  }
  return out.concat(extra);
}
