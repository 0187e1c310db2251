/**
 * Side initiative against the combat: which sides exist, rolling them in one batch, the order of combatants and
 * the phases of the round. The Combat subclass calls these with its documents; tests call them with fakes of the
 * same small interfaces (CombatView and InitiativePorts).
 */
import type { SideSystem } from "../../data/combatant-group/side.js";
import {
  type AlphaDawnVariant,
  memberOrder,
  orderKeys,
  type Phase,
  rankSides,
  roundPhases,
  type SideKey,
  type SideMember,
  type SideOrder,
  sideKey,
} from "../../rules/index.js";

export interface MemberView {
  readonly id: string;
  readonly name: string;
  readonly sideId: string | null;
  readonly isPlayerCharacter: boolean;
  readonly sort: number;
  readonly rs: number;
  readonly initiativeModifier: number;
  readonly holstered: boolean;
  /** Token disposition: 1 friendly, 0 neutral, −1 hostile, −2 secret. */
  readonly disposition: number;
}

export interface SideView {
  readonly id: string;
  readonly name: string;
  readonly system: SideSystem;
}

export interface CombatView {
  readonly round: number;
  readonly sides: readonly SideView[];
  readonly members: readonly MemberView[];
}

/** One side's initiative card; `R` is the roll object the dice port gives (a Foundry Roll in production). */
export interface SideCard<R = unknown> {
  readonly sideId: string;
  readonly sideName: string;
  readonly d10: number;
  readonly modifier: number;
  readonly modifierSource: string;
  readonly holsteredPenalty: number;
  /** Highest single RS on the side (SF-B-05) and the round rolled for: what a sealed side's card carries. */
  readonly highestRs: number;
  readonly rolledRound: number;
  readonly total: number;
  readonly ruleId: string;
  /** The roll object to attach to the chat message (a Foundry Roll in production). */
  readonly roll: R;
  /** No player character on the side: the GM may hide its numbers from players. */
  readonly npcOnly: boolean;
}

export interface SideUpdate {
  readonly _id: string;
  readonly initiative: number;
  readonly system: Partial<SideSystem>;
}

/** Any change the GM writes to a side: the group's `initiative` and part of its system data. */
export interface SideChange {
  readonly _id: string;
  readonly initiative?: number | null;
  readonly system?: Partial<SideSystem>;
}

/** What rolling needs from Foundry: a d10, one batched group update, one batch of chat cards. */
export interface InitiativePorts<R = unknown> {
  rollD10(): Promise<{ total: number; roll: R }>;
  updateSides(updates: readonly SideUpdate[]): Promise<void>;
  postCards(cards: readonly SideCard<R>[]): Promise<void>;
}

export interface RollOptions {
  readonly variant: AlphaDawnVariant;
  /** The round the roll is for (the GM's next round rolls for round + 1 before the turn advances). */
  readonly round: number;
  readonly sideIds?: readonly string[];
  /** Re-roll sides that already rolled this round. */
  readonly force?: boolean;
}

/** A member as the rules read it. */
export const toSideMember = (m: MemberView): SideMember => ({
  id: m.id,
  name: m.name,
  rs: m.rs,
  initiativeModifier: m.initiativeModifier,
  holstered: m.holstered,
  isPlayerCharacter: m.isPlayerCharacter,
  sort: m.sort,
});

export function membersOf(combat: CombatView, sideId: string): MemberView[] {
  return combat.members.filter((m) => m.sideId === sideId);
}

/** Has the side a roll at all: its d10 on the group, or a sealed roll the GM keeps (R1-5d)? */
export function hasRoll(system: Pick<SideSystem, "roll" | "sealed">): boolean {
  return system.roll !== null || system.sealed;
}

/** Does this side still need a roll for `round`? Sides that already rolled are not re-rolled unless forced. */
export function needsRoll(side: SideView, round: number): boolean {
  return !hasRoll(side.system) || side.system.rolledRound !== round;
}

/**
 * Has this side rolled for the combat's current round (SF-B-04: sides roll again every round)? Before the combat
 * starts (round 0) a roll for round 1 counts.
 */
export function rolledThisRound(side: SideView, combatRound: number): boolean {
  return !needsRoll(side, Math.max(1, combatRound));
}

/** The combat as it will read once `changes` are written (and, if given, in another round). */
export function withSideChanges(
  combat: CombatView,
  changes: readonly SideChange[],
  round: number = combat.round,
): CombatView {
  const byId = new Map(changes.map((c) => [c._id, c]));
  return {
    ...combat,
    round,
    sides: combat.sides.map((s) => {
      const c = byId.get(s.id);
      return c?.system ? { ...s, system: { ...s.system, ...c.system } } : s;
    }),
  };
}

/**
 * The turn index that keeps `combatantId` acting once the order is `combat`'s (a side re-rolled, edited or
 * surprised mid-round re-sorts the turns; the turn stays with whoever was acting). Null without a current
 * combatant or when it is no longer in the combat.
 */
export function turnKeeping(
  combat: CombatView,
  variant: AlphaDawnVariant,
  combatantId: string | null,
): number | null {
  if (!combatantId) return null;
  const i = turnOrder(combat, variant).indexOf(combatantId);
  return i < 0 ? null : i;
}

/**
 * Does ending turn `turn` end the round? As v13's `Combat#nextTurn` decides it: the next turn is the next index,
 * or with "skip defeated" the next combatant not defeated; past the last one the round advances.
 */
export function endsRound(turn: number | null, defeated: readonly boolean[], skipDefeated: boolean): boolean {
  const from = turn ?? -1;
  if (!skipDefeated) return from + 1 >= defeated.length;
  return !defeated.some((d, i) => i > from && !d);
}

/**
 * The order sides act in this round; sides without a roll come last, in a stable order. While any side is sealed
 * (its numbers kept from players), every rolled side is ordered by the ranks the GM wrote (`sealSides`), which order
 * exactly as the numbers do; otherwise by the numbers on the groups.
 */
export function sideOrder(combat: CombatView, variant: AlphaDawnVariant): SideOrder {
  const rolled = combat.sides.filter((s) => hasRoll(s.system));
  const ranked = rolled.some((s) => s.system.sealed);
  const keys: SideKey[] = rolled.map((s) =>
    ranked
      ? { id: s.id, total: s.system.rank, tieBreak: s.system.rankTie, surprised: s.system.surprised }
      : sideKey(
          {
            id: s.id,
            d10: s.system.roll!,
            modifier: s.system.modifier,
            highestRs: s.system.highestRs,
            surprised: s.system.surprised,
          },
          variant,
        ),
  );
  const order = orderKeys(keys, variant, combat.round);
  const unrolled = combat.sides.filter((s) => !hasRoll(s.system)).map((s) => s.id);
  return { ...order, moveOrder: [...order.moveOrder, ...unrolled] };
}

/** A sealed side's roll as only the GM knows it: kept in the GM's browser, never in any document (R1-5d). */
export interface SideSecret {
  readonly roll: number;
  readonly modifier: number;
  readonly modifierSource: string;
  readonly holsteredPenalty: number;
  readonly highestRs: number;
  readonly rolledRound: number;
}

/** The secret of a side from its (revealed) system data. */
export function secretOf(system: SideSystem): SideSecret | null {
  if (system.roll === null) return null;
  const { roll, modifier, modifierSource, holsteredPenalty, highestRs, rolledRound } = system;
  return { roll, modifier, modifierSource, holsteredPenalty, highestRs, rolledRound };
}

/** A sealed side's numbers with the seal id of the roll they belong to (what the GM's browser keeps). */
export interface KeptSecret extends SideSecret {
  readonly sealId: string;
}

/** A value read back from the GM's browser storage: a secret only if every field has the shape the schema allows. */
export function asSecret(value: unknown): SideSecret | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const int = (x: unknown, min: number, max: number) =>
    Number.isInteger(x) && (x as number) >= min && (x as number) <= max;
  if (
    !int(v.roll, 1, 10) ||
    !int(v.modifier, -20, 20) ||
    typeof v.modifierSource !== "string" ||
    !int(v.holsteredPenalty, -3, 0) ||
    !int(v.highestRs, 0, 100) ||
    !int(v.rolledRound, 0, Number.MAX_SAFE_INTEGER)
  )
    return null;
  return {
    roll: v.roll as number,
    modifier: v.modifier as number,
    modifierSource: v.modifierSource,
    holsteredPenalty: v.holsteredPenalty as number,
    highestRs: v.highestRs as number,
    rolledRound: v.rolledRound as number,
  };
}

/** The roll fields a sealed side shows every client: none of its numbers, only that it rolled (and its rank). */
const SEALED_BLANK = {
  roll: null,
  modifier: 0,
  modifierSource: "",
  holsteredPenalty: 0,
  highestRs: 0,
} as const;

export interface SealOptions {
  readonly variant: AlphaDawnVariant;
  /** The round the changes are for (the next round's rolls are written before the round advances). */
  readonly round?: number;
  /** What the GM's browser knows of the sides that are sealed now. */
  readonly secrets: ReadonlyMap<string, SideSecret>;
  /** Is a side whose roll is being written to be sealed ("hide NPC initiative" and no player character on it)? */
  readonly seal: (sideId: string) => boolean;
  /** A fresh seal id for a roll sealed now (random in production). */
  readonly newSealId: () => string;
}

export interface Sealed {
  /** What to write to the groups: sealed sides without their numbers, every rolled side's rank. */
  readonly changes: SideChange[];
  /** The numbers of every side sealed once the changes are written, under their seal ids (for the GM's browser). */
  readonly secrets: Map<string, KeptSecret>;
  /** Sealed sides whose numbers this GM's browser does not have: their rank is left as it was. */
  readonly lost: string[];
}

/**
 * GM: turn side changes carrying real numbers into what may be written to the groups, which every client receives
 * (R1-5d). A side rolled while it is to be sealed keeps only `sealed`, its round and its rank; every rolled side
 * gets a rank (`rankSides`) from the real numbers, so all clients order the sides exactly as the rules do
 * (SF-B-03..05, SF-X-01, SF-X-02, SF-X-04, SF-X-05) without seeing the sealed numbers. Sides whose rank and seal
 * do not change are left out.
 */
export function sealSides(combat: CombatView, changes: readonly SideChange[], opts: SealOptions): Sealed {
  const round = opts.round ?? combat.round;
  const lost: string[] = [];
  // The combat as the GM knows it: sealed sides with their numbers back.
  const revealed: CombatView = {
    ...combat,
    sides: combat.sides.map((s) => {
      if (!s.system.sealed) return s;
      const secret = opts.secrets.get(s.id);
      if (!secret) return s;
      return { ...s, system: { ...s.system, ...secret } };
    }),
  };
  const byId = new Map(changes.map((c) => [c._id, c]));
  const real = withSideChanges(revealed, changes, round);
  const sealedAfter = new Map<string, boolean>();
  const sealedNow = new Set<string>();
  for (const s of real.sides) {
    const c = byId.get(s.id)?.system;
    const rolledNow = !!c && "roll" in c;
    const sealed = rolledNow ? c.roll !== null && c.roll !== undefined && opts.seal(s.id) : s.system.sealed;
    sealedAfter.set(s.id, sealed);
    if (rolledNow && sealed) sealedNow.add(s.id);
  }
  const keys: SideKey[] = [];
  for (const s of real.sides) {
    if (s.system.roll === null) {
      if (s.system.sealed && sealedAfter.get(s.id)) lost.push(s.id);
      continue;
    }
    keys.push(
      sideKey(
        {
          id: s.id,
          d10: s.system.roll,
          modifier: s.system.modifier,
          highestRs: s.system.highestRs,
          surprised: s.system.surprised,
        },
        opts.variant,
      ),
    );
  }
  // Ranks are read only while some side is sealed (`sideOrder`); otherwise the groups keep the numbers alone.
  const ranked = [...sealedAfter.values()].some(Boolean);
  const ranks = rankSides(keys, opts.variant);
  const secrets = new Map<string, KeptSecret>();
  const out: SideChange[] = [];
  for (const s of real.sides) {
    const stored = combat.sides.find((o) => o.id === s.id)!.system;
    const change = byId.get(s.id);
    const sealed = sealedAfter.get(s.id)!;
    const system: Partial<SideSystem> = { ...(change?.system ?? {}) };
    let initiative = change?.initiative;
    if (sealed && !lost.includes(s.id)) {
      // A roll sealed now gets a new seal id; a side sealed before keeps its own.
      const sealId = sealedNow.has(s.id) ? opts.newSealId() : stored.sealId;
      const secret = secretOf(s.system);
      if (secret) secrets.set(s.id, { ...secret, sealId });
      Object.assign(system, SEALED_BLANK, { sealed: true, sealId });
      // The group's own initiative would be the total: a sealed side has none (core copies it to members).
      if (initiative !== undefined) initiative = null;
    } else if (!sealed && stored.sealed) Object.assign(system, { sealed: false, sealId: "" });
    if (ranked && !lost.includes(s.id)) {
      const r = ranks.get(s.id);
      system.rank = r?.total ?? 0;
      system.rankTie = r?.tieBreak ?? 0;
    }
    const differs = Object.entries(system).some(([k, v]) => stored[k as keyof SideSystem] !== v);
    if (!change && !differs) continue;
    out.push({
      _id: s.id,
      ...(initiative !== undefined ? { initiative } : {}),
      system,
    });
  }
  return { changes: out, secrets, lost };
}

/** Turn order of combatants: by side (first mover first), then player characters first, then stable. */
export function turnOrder(combat: CombatView, variant: AlphaDawnVariant): string[] {
  const order = sideOrder(combat, variant).moveOrder;
  const out: string[] = [];
  for (const sideId of order)
    out.push(...memberOrder(membersOf(combat, sideId).map(toSideMember)).map((m) => m.id));
  const placed = new Set(out);
  out.push(
    ...memberOrder(combat.members.filter((m) => !placed.has(m.id)).map(toSideMember)).map((m) => m.id),
  );
  return out;
}

export function phasesOf(combat: CombatView, variant: AlphaDawnVariant): Phase[] {
  return roundPhases(sideOrder(combat, variant), variant);
}

/** A CSS colour the system writes into a style attribute: a hex colour, or nothing (H5). */
export function safeColour(value: unknown): string {
  return typeof value === "string" && /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)
    ? value
    : "";
}

/** Sides left without members (to delete after a combatant leaves). */
export function emptySides(combat: CombatView): string[] {
  return combat.sides.filter((s) => membersOf(combat, s.id).length === 0).map((s) => s.id);
}
