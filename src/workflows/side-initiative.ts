/**
 * Side initiative against the combat: which sides exist, rolling them in one batch, the order of combatants and
 * the phases of the round. The Combat subclass calls these with its documents; tests call them with fakes of the
 * same small interfaces (CombatView and InitiativePorts).
 */
import { defaultSide, type SideSystem } from "../data/combatant-group/side.js";
import {
  type AlphaDawnVariant,
  memberOrder,
  orderSides,
  type Phase,
  roundPhases,
  type SideMember,
  type SideOrder,
  sideModifier,
  sideTotal,
} from "../rules/index.js";

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

const toSideMember = (m: MemberView): SideMember => ({
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

/** Does this side still need a roll for `round`? Sides that already rolled are not re-rolled unless forced. */
export function needsRoll(side: SideView, round: number): boolean {
  return side.system.roll === null || side.system.rolledRound !== round;
}

/**
 * Has this side rolled for the combat's current round (SF-B-04: sides roll again every round)? Before the combat
 * starts (round 0) a roll for round 1 counts.
 */
export function rolledThisRound(side: SideView, combatRound: number): boolean {
  return !needsRoll(side, Math.max(1, combatRound));
}

/** The roll fields of a side as the schema creates them: what "reset initiative" writes (surprise stays). */
export function clearedRoll(): Partial<SideSystem> {
  const { roll, modifier, modifierSource, holsteredPenalty, highestRs, rolledRound } = defaultSide();
  return { roll, modifier, modifierSource, holsteredPenalty, highestRs, rolledRound };
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

/** The first turn of a new round in `order` (v13 `Combat#nextRound`): 0, or the first not defeated; null if nobody. */
export function firstTurn(
  order: readonly string[],
  isDefeated: (id: string) => boolean,
  skipDefeated: boolean,
): { turn: number | null; noneLeft: boolean } {
  if (!order.length) return { turn: null, noneLeft: false };
  if (!skipDefeated) return { turn: 0, noneLeft: false };
  const i = order.findIndex((id) => !isDefeated(id));
  return i < 0 ? { turn: 0, noneLeft: true } : { turn: i, noneLeft: false };
}

/**
 * Roll every side that needs it (SF-B-04, SF-X-04, SF-X-06): one d10 each, the modifier from its members,
 * then ONE batched group update and ONE batch of chat cards (one per side rolled).
 */
export async function rollSides<R>(
  combat: CombatView,
  ports: InitiativePorts<R>,
  opts: RollOptions,
): Promise<SideCard<R>[]> {
  const wanted = combat.sides.filter(
    (s) => (!opts.sideIds || opts.sideIds.includes(s.id)) && (opts.force || needsRoll(s, opts.round)),
  );
  const updates: SideUpdate[] = [];
  const cards: SideCard<R>[] = [];
  for (const side of wanted) {
    const members = membersOf(combat, side.id);
    const mod = sideModifier(members.map(toSideMember), opts.variant);
    const { total: d10, roll } = await ports.rollD10();
    const total = sideTotal(d10, mod.value);
    const highestRs = Math.max(0, ...members.map((m) => m.rs));
    updates.push({
      _id: side.id,
      initiative: total,
      system: {
        roll: d10,
        modifier: mod.value,
        modifierSource: mod.memberName,
        holsteredPenalty: mod.holsteredPenalty,
        highestRs,
        rolledRound: opts.round,
      },
    });
    cards.push({
      sideId: side.id,
      sideName: side.name,
      d10,
      modifier: mod.value,
      modifierSource: mod.memberName,
      holsteredPenalty: mod.holsteredPenalty,
      total,
      ruleId: mod.ruleId,
      roll,
      npcOnly: !members.some((m) => m.isPlayerCharacter),
    });
  }
  if (updates.length) {
    await ports.updateSides(updates);
    await ports.postCards(cards);
  }
  return cards;
}

/** The order sides act in this round; sides without a roll come last, in a stable order. */
export function sideOrder(combat: CombatView, variant: AlphaDawnVariant): SideOrder {
  const rolled = combat.sides.filter((s) => s.system.roll !== null);
  const order = orderSides(
    rolled.map((s) => ({
      id: s.id,
      d10: s.system.roll!,
      modifier: s.system.modifier,
      highestRs: s.system.highestRs,
      surprised: s.system.surprised,
    })),
    variant,
    combat.round,
  );
  const unrolled = combat.sides.filter((s) => s.system.roll === null).map((s) => s.id);
  return { ...order, moveOrder: [...order.moveOrder, ...unrolled] };
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

/** Sides left without members (to delete after a combatant leaves). */
export function emptySides(combat: CombatView): string[] {
  return combat.sides.filter((s) => membersOf(combat, s.id).length === 0).map((s) => s.id);
}
