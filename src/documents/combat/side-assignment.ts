/**
 * Which side a combatant without one joins (SF-X-05; architecture: "sides by token disposition by default"), pure.
 * Split from side-initiative.ts (issue 33: the first load): only the GM's side assignment uses it (sides-writes.ts,
 * loaded on first use). Moved unchanged.
 */
import type { CombatView } from "./side-initiative.js";

/** Side keys by token disposition. */
export const DISPOSITION_SIDES: Readonly<Record<number, { key: string; colour: string; label: string }>> = {
  1: { key: "friendly", colour: "#1f7a8c", label: "FT.Side.friendly" },
  0: { key: "neutral", colour: "#8a8a8a", label: "FT.Side.neutral" },
  [-1]: { key: "hostile", colour: "#b3261e", label: "FT.Side.hostile" },
  [-2]: { key: "secret", colour: "#6a4c93", label: "FT.Side.secret" },
};

export interface SideAssignment {
  /** Sides to create: key → initial data. */
  readonly create: { key: string; colour: string; label: string }[];
  /** Combatant id → side key (an existing side's id, or a key from `create`). */
  readonly assign: Record<string, string>;
}

/**
 * Sides by token disposition for combatants without one (architecture: "sides by token disposition by default").
 * With `individual` every character is its own side (SF-X-05).
 */
export function assignSides(combat: CombatView, individual = false): SideAssignment {
  const existing = new Map(combat.sides.map((s) => [s.system.key, s.id]));
  const create: SideAssignment["create"] = [];
  const assign: Record<string, string> = {};
  for (const m of combat.members) {
    if (m.sideId) continue;
    if (individual) {
      const key = `individual:${m.id}`;
      create.push({ key, colour: "#4f6d7a", label: m.name });
      assign[m.id] = key;
      continue;
    }
    const d = DISPOSITION_SIDES[m.disposition] ?? DISPOSITION_SIDES[0]!;
    if (!existing.has(d.key) && !create.some((c) => c.key === d.key)) create.push({ ...d });
    assign[m.id] = existing.get(d.key) ?? d.key;
  }
  return { create, assign };
}
