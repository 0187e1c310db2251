import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareInitiative,
  forfeitAtRoundEnd,
  type InitiativeEntry,
  initiativeOrder,
  isFlatFooted,
  needsInitiative,
  nextTurn,
  roundTurns,
  startTurn,
  stateAtOwnTurn,
  turnIndexOf,
} from "./initiative.js";
import {
  actAfter,
  initiativeModifiers,
  joinLate,
  needsTieBreak,
  rankSecretEntries,
  rollAll,
  rollGroupInitiative,
  rollInitiative,
  surpriseRound,
  triggerReady,
  withTieBreaks,
} from "./initiative-rolls.js";

const entry = (id: string, count: number, over: Partial<InitiativeEntry> = {}): InitiativeEntry => ({
  id,
  count,
  modifier: 0,
  dexScore: 10,
  tieBreak: null,
  shift: 0,
  ...over,
});
const ids = (es: readonly { id: string }[]) => es.map((e) => e.id);

describe("SW-03 individual initiative", () => {
  it("SW-03: d20 + Dex modifier (+ misc): Dex 14 rolling 12 is 14; Dex 7 with misc +4 rolling 3 is 5", () => {
    expect(rollInitiative({ id: "a", dexScore: 14 }, 12)).toEqual(
      entry("a", 14, { modifier: 2, dexScore: 14 }),
    );
    const b = rollInitiative({ id: "b", dexScore: 7, misc: 4 }, 3);
    expect(b.count).toBe(5);
    expect(initiativeModifiers({ id: "b", dexScore: 7, misc: 4 }).map((m) => [m.id, m.value])).toEqual([
      ["dex", -2],
      ["misc", 4],
    ]);
    expect(() => rollInitiative({ id: "c", dexScore: 10 }, 21)).toThrow();
  });

  it("SW-03: sorted by total, then the higher Dexterity score, then the stored tie-break die, then the id", () => {
    const es = [
      entry("low", 9, { dexScore: 18 }),
      entry("dex12", 15, { dexScore: 12 }),
      entry("dex16", 15, { dexScore: 16 }),
      entry("tieA", 15, { dexScore: 12 }),
      entry("top", 20),
    ];
    // dex12 and tieA tie on 15 and Dex 12: only they need the die.
    expect(needsTieBreak(es)).toEqual(["dex12", "tieA"]);
    const rolled = withTieBreaks(es, { dex12: 4, tieA: 17 });
    expect(needsTieBreak(rolled)).toEqual([]);
    expect(ids(initiativeOrder(rolled))).toEqual(["top", "dex16", "tieA", "dex12", "low"]);
    // The dice tie as well: the id decides, so the order is still total.
    expect(ids(initiativeOrder(withTieBreaks(es, { dex12: 9, tieA: 9 })))).toEqual([
      "top",
      "dex16",
      "dex12",
      "tieA",
      "low",
    ]);
    expect(() => initiativeOrder([entry("x", 3), entry("x", 4)])).toThrow();
  });

  it("SW-03: one roll for a group uses its best member's bonus and is mirrored onto every member", () => {
    // An Imperial officer alone, seven stormtroopers as one group (the seed's example); the best trooper has Dex 14.
    const troopers = Array.from({ length: 7 }, (_, i) => ({ id: `st${i + 1}`, dexScore: i === 3 ? 14 : 10 }));
    const group = rollGroupInitiative(troopers, 11);
    expect(new Set(group.map((e) => e.count))).toEqual(new Set([13]));
    expect(group.find((e) => e.id === "st4")!.modifier).toBe(2);
    expect(group.find((e) => e.id === "st1")!.modifier).toBe(0);
    const officer = rollInitiative({ id: "officer", dexScore: 12 }, 12); // 13, Dex 12
    const order = initiativeOrder([...group, officer]);
    // All on 13: Dex 14 first, then the officer's Dex 12, then the Dex 10 troopers (tied: the die decides).
    expect(ids(order).slice(0, 2)).toEqual(["st4", "officer"]);
    expect(needsTieBreak(order)).toEqual(["st1", "st2", "st3", "st5", "st6", "st7"]);
    expect(rollGroupInitiative([], 5)).toEqual([]);
  });

  it("SW-03: late joiners roll on entry and act when their count comes up; nobody re-rolls at a new round", () => {
    const es = [entry("a", 18), entry("b", 12), entry("c", 6)];
    expect(needsInitiative(["a", "b", "c"], es)).toEqual([]); // round 2, 3, …: the counts stand
    // b is acting: a newcomer on 9 still acts this round, one on 15 waits for the next.
    const low = joinLate(es, rollInitiative({ id: "late", dexScore: 10 }, 9), "b");
    expect(ids(low.order)).toEqual(["a", "b", "late", "c"]);
    expect(low.actsThisRound).toBe(true);
    const high = joinLate(es, rollInitiative({ id: "late", dexScore: 10 }, 15), "b");
    expect(ids(high.order)).toEqual(["a", "late", "b", "c"]);
    expect(high.actsThisRound).toBe(false);
    expect(needsInitiative(["a", "b", "c", "late"], es)).toEqual(["late"]);
  });

  it("SW-03: a roll-all of 40 (34 alone, a group of 6) from its dice, then the tie-break dice for those still tied", () => {
    const solo = Array.from({ length: 34 }, (_, i) => ({
      id: `c${String(i).padStart(2, "0")}`,
      dexScore: 10 + (i % 5),
    }));
    const members = Array.from({ length: 6 }, (_, i) => ({ id: `g${i}`, dexScore: 10 }));
    const dice: Record<string, number> = { group: 7 };
    for (const [i, c] of solo.entries()) dice[c.id] = (i % 20) + 1;
    const es = rollAll({ solo, groups: [{ id: "group", members }] }, dice);
    expect(es).toHaveLength(40);
    expect(es.filter((e) => e.id.startsWith("g")).map((e) => e.count)).toEqual([7, 7, 7, 7, 7, 7]);
    const tied = needsTieBreak(es);
    // Every id named is tied with another on count, shift and Dex; once the dice are stored nothing more is needed.
    expect(tied.length).toBeGreaterThan(0);
    const stored = withTieBreaks(es, Object.fromEntries(tied.map((id, i) => [id, (i % 20) + 1])));
    expect(needsTieBreak(stored)).toEqual([]);
    expect(initiativeOrder(stored)).toHaveLength(40);
    expect(() => rollAll({ solo, groups: [] }, {})).toThrow(/No initiative die/);
  });

  it("SW-34 property: acting after a later combatant never raises a delayer's count and keeps everyone in the order", () => {
    const arb = fc
      .uniqueArray(
        fc.record({ id: fc.string({ minLength: 1, maxLength: 2 }), count: fc.integer({ min: 0, max: 25 }) }),
        { selector: (e) => e.id, minLength: 2, maxLength: 10 },
      )
      .chain((raw) =>
        fc.tuple(
          fc.constant(raw),
          fc.integer({ min: 0, max: raw.length - 2 }),
          fc.integer({ min: 1, max: 9 }),
        ),
      );
    fc.assert(
      fc.property(arb, ([raw, d, gap]) => {
        const es = raw.map((r) => entry(r.id, r.count));
        const order = initiativeOrder(es);
        const delayer = order[d]!;
        const anchor = order[Math.min(order.length - 1, d + gap)]!;
        const next = initiativeOrder(actAfter(es, [delayer.id], anchor.id));
        expect(ids(next).sort()).toEqual(ids(es).sort());
        const moved = next.find((e) => e.id === delayer.id)!;
        expect(moved.count).toBeLessThanOrEqual(delayer.count);
        expect(next.findIndex((e) => e.id === delayer.id)).toBe(
          next.findIndex((e) => e.id === anchor.id) + 1,
        );
      }),
    );
  });

  it("SW-03 property: the initiative order is a total order, the same whatever order the entries come in", () => {
    const arb = fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 3 }),
        count: fc.integer({ min: -2, max: 8 }),
        modifier: fc.integer({ min: -2, max: 4 }),
        dexScore: fc.integer({ min: 8, max: 11 }),
        tieBreak: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        shift: fc.integer({ min: 0, max: 2 }),
      }),
      { selector: (e) => e.id, minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (es) => {
        for (const a of es) {
          expect(compareInitiative(a, a)).toBe(0);
          for (const b of es) {
            if (a.id !== b.id) expect(compareInitiative(a, b)).not.toBe(0);
            expect(Math.sign(compareInitiative(a, b)) + Math.sign(compareInitiative(b, a))).toBe(0);
            for (const c of es)
              if (compareInitiative(a, b) < 0 && compareInitiative(b, c) < 0)
                expect(compareInitiative(a, c)).toBeLessThan(0);
          }
        }
        expect(ids(initiativeOrder([...es].reverse()))).toEqual(ids(initiativeOrder(es)));
      }),
    );
  });
});

describe("SW-02 surprise round and SW-01 flat-footed", () => {
  const five = ["sia", "deel", "j1", "j2", "j3"];

  it("SW-02: 2 of 5 aware → a surprise round of 2 turns, one action each; the 3 unaware roll after it", () => {
    const start = surpriseRound(five.map((id) => ({ id, aware: id === "sia" || id === "j1" })));
    expect(start).toEqual({ surprise: true, rollers: ["sia", "j1"] });
    const first = [
      rollInitiative({ id: "sia", dexScore: 14 }, 8),
      rollInitiative({ id: "j1", dexScore: 12 }, 15),
    ];
    const aware = new Set(start.rollers);
    expect(roundTurns(first, 1, true, aware)).toEqual([
      { id: "j1", allowance: "surprise" },
      { id: "sia", allowance: "surprise" },
    ]);
    // Seed step 3: those who have not rolled roll now; round 2 is the first regular round, everyone acts fully.
    expect(needsInitiative(five, first)).toEqual(["deel", "j2", "j3"]);
    const all = [
      ...first,
      rollInitiative({ id: "deel", dexScore: 10 }, 20),
      rollInitiative({ id: "j2", dexScore: 10 }, 2),
      rollInitiative({ id: "j3", dexScore: 10 }, 5),
    ];
    expect(roundTurns(all, 2, true, aware)).toEqual([
      { id: "deel", allowance: "full" },
      { id: "j1", allowance: "full" },
      { id: "sia", allowance: "full" },
      { id: "j3", allowance: "full" },
      { id: "j2", allowance: "full" },
    ]);
    // The unaware are flat-footed through the surprise round and until their own first turn starts.
    let started: string[] = [];
    for (const t of roundTurns(first, 1, true, aware)) started = startTurn(started, t.id);
    expect(five.filter((id) => isFlatFooted(true, started, id))).toEqual(["deel", "j2", "j3"]);
  });

  it("SW-02: everyone aware, or nobody, → no surprise round; everyone rolls at the start", () => {
    expect(surpriseRound(five.map((id) => ({ id, aware: true })))).toEqual({
      surprise: false,
      rollers: five,
    });
    expect(surpriseRound(five.map((id) => ({ id, aware: false })))).toEqual({
      surprise: false,
      rollers: five,
    });
    const es = five.map((id, i) => entry(id, 10 + i));
    expect(roundTurns(es, 1, false, new Set()).every((t) => t.allowance === "full")).toBe(true);
    expect(roundTurns(es, 1, false, new Set())).toHaveLength(5);
  });

  it("SW-01: flat-footed until the combatant's first turn starts, derived from the combat, never before it starts", () => {
    expect(isFlatFooted(false, [], "a")).toBe(false); // no combat yet
    expect(isFlatFooted(true, [], "a")).toBe(true);
    const afterA = startTurn([], "a");
    expect(isFlatFooted(true, afterA, "a")).toBe(false); // clears as its first turn starts
    expect(isFlatFooted(true, afterA, "b")).toBe(true);
    expect(startTurn(afterA, "a")).toEqual(["a"]); // a second turn records nothing new
  });
});

describe("SW-34 delay and ready", () => {
  it("SW-34: the seed's example — Deel readies on 14, Sia-Lan on 10, the Raiders charge on 7; from then on both act on 7, before the Raiders", () => {
    const raiders = rollGroupInitiative(
      [
        { id: "raider1", dexScore: 16 },
        { id: "raider2", dexScore: 16 },
        { id: "raider3", dexScore: 16 },
      ],
      4,
    ); // 4 + 3 = 7, and Dex 16 beats both heroes on a tie
    const es = [
      rollInitiative({ id: "deel", dexScore: 12 }, 13), // 14
      rollInitiative({ id: "siaLan", dexScore: 10 }, 10), // 10
      ...withTieBreaks(raiders, { raider1: 18, raider2: 11, raider3: 3 }),
    ];
    expect(initiativeOrder(es).map((e) => [e.id, e.count])).toEqual([
      ["deel", 14],
      ["siaLan", 10],
      ["raider1", 7],
      ["raider2", 7],
      ["raider3", 7],
    ]);
    // The lead Raider raises his weapon: Deel fires; the first Raider reaches Sia-Lan: she swings.
    const afterDeel = triggerReady(es, "deel", "raider1");
    const afterBoth = triggerReady(afterDeel, "siaLan", "raider1");
    const order = initiativeOrder(afterBoth);
    expect(order.map((e) => [e.id, e.count])).toEqual([
      ["deel", 7],
      ["siaLan", 7],
      ["raider1", 7],
      ["raider2", 7],
      ["raider3", 7],
    ]);
    // Next round the order stands (no re-roll) and the current Raider was never displaced from his place.
    expect(ids(roundTurns(afterBoth, 3, false, new Set()))).toEqual(ids(order));
    // An unused readied action lapses when the combatant's own turn comes round.
    expect(stateAtOwnTurn("readied")).toBe("none");
    expect(stateAtOwnTurn("delaying")).toBe("delaying");
    expect(() => triggerReady(es, "deel", "deel")).toThrow();
  });

  it("SW-34: several delayers acting on the same count go highest initiative bonus first, and take that count", () => {
    const es = [
      entry("a", 18, { modifier: 3 }),
      entry("b", 15, { modifier: 1 }),
      entry("c", 12, { modifier: 4 }),
      entry("x", 9),
      entry("y", 5),
    ];
    // a, b and c delay; after x has acted all three act: c (+4), a (+3), b (+1), each now on count 9.
    const next = initiativeOrder(actAfter(es, ["a", "b", "c"], "x"));
    expect(next.map((e) => [e.id, e.count])).toEqual([
      ["x", 9],
      ["c", 9],
      ["a", 9],
      ["b", 9],
      ["y", 5],
    ]);
    // Next round they keep the lowered counts.
    expect(ids(roundTurns(next, 4, false, new Set()))).toEqual(["x", "c", "a", "b", "y"]);
  });

  it("SW-34: delayers going after everyone else has acted: the highest initiative bonus goes last; a tie on the bonus goes to Dexterity", () => {
    const es = [
      entry("a", 18, { modifier: 3, dexScore: 16 }),
      entry("b", 15, { modifier: 3, dexScore: 12 }),
      entry("c", 12, { modifier: 4 }),
      entry("x", 9),
      entry("y", 5),
    ];
    const end = initiativeOrder(actAfter(es, ["a", "b", "c"], "y"));
    expect(end.map((e) => [e.id, e.count])).toEqual([
      ["x", 9],
      ["y", 5],
      ["b", 5],
      ["a", 5],
      ["c", 5],
    ]);
    // A delayer can only move down the order, never act after itself.
    expect(() => actAfter(es, ["y"], "x")).toThrow();
    expect(() => actAfter(es, ["x"], "x")).toThrow();
  });

  it("SW-34: a readied action taken next round before the combatant's own turn raises its count, and it loses that round's regular turn", () => {
    const es = [entry("deel", 14), entry("siaLan", 10), entry("raider", 7)];
    // Round 2, Deel's turn: Sia-Lan's readied strike goes off first; she now acts on 14, before Deel.
    const moved = initiativeOrder(triggerReady(es, "siaLan", "deel"));
    expect(moved.map((e) => [e.id, e.count])).toEqual([
      ["siaLan", 14],
      ["deel", 14],
      ["raider", 7],
    ]);
    // The turn passes on from Deel: Sia-Lan's place (before him) is behind the pointer, so no second turn at 10.
    expect(moved.findIndex((e) => e.id === "siaLan")).toBeLessThan(moved.findIndex((e) => e.id === "deel"));
  });

  it("SW-34: a delayer who has not acted when everyone else has forfeits the round's action; its count stands", () => {
    const r = forfeitAtRoundEnd({ a: "delaying", b: "readied", c: "none" });
    expect(r.forfeited).toEqual(["a"]);
    expect(r.states).toEqual({ a: "none", b: "readied", c: "none" });
  });

  it("SW-34 SW-02: the pointer — the current Raider stays current after Deel and Sia-Lan move before him; the surprise round's end asks for the late rolls", () => {
    const es = [entry("deel", 14), entry("siaLan", 10), entry("raider", 7)];
    expect(turnIndexOf(es, "raider", 2, false, new Set())).toBe(2);
    const moved = triggerReady(triggerReady(es, "deel", "raider"), "siaLan", "raider");
    expect(turnIndexOf(moved, "raider", 2, false, new Set())).toBe(2);
    expect(nextTurn({ round: 2, turn: 2 }, 3, true)).toEqual({
      round: 3,
      turn: 0,
      newRound: true,
      surpriseEnded: false,
    });
    expect(nextTurn({ round: 2, turn: 0 }, 3, true)).toEqual({
      round: 2,
      turn: 1,
      newRound: false,
      surpriseEnded: false,
    });
    // The surprise round of 2 aware: after the second, round 2 begins and the unaware roll.
    expect(nextTurn({ round: 1, turn: 1 }, 2, true)).toEqual({
      round: 2,
      turn: 0,
      newRound: true,
      surpriseEnded: true,
    });
    expect(nextTurn({ round: 1, turn: 1 }, 2, false).surpriseEnded).toBe(false);
    // An unaware combatant has no turn in the surprise round.
    expect(turnIndexOf(es, "raider", 1, true, new Set(["deel", "siaLan"]))).toBe(-1);
  });
});

describe("T2-1D secret entries ranked", () => {
  it("a hidden NPC's rank sorts it between Kara 14 and the Thug 9 with no count, die or modifier of its own", () => {
    const order = initiativeOrder([
      entry("kara", 14),
      entry("guard", 12, { modifier: 2, dexScore: 14 }),
      entry("thug", 9),
    ]);
    const ranks = rankSecretEntries(order, new Set(["guard"]));
    expect(ranks.get("guard")).toEqual({
      id: "guard",
      count: 11.5,
      modifier: 0,
      dexScore: 0,
      tieBreak: null,
      shift: 0,
    });
  });

  it("with the secret entries replaced by their ranks, every order sorts exactly as the real one", () => {
    const arb = fc
      .array(
        fc.record({
          count: fc.integer({ min: 1, max: 8 }),
          shift: fc.integer({ min: -1, max: 1 }),
          dexScore: fc.integer({ min: 9, max: 11 }),
          tieBreak: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
          secret: fc.boolean(),
        }),
        { minLength: 1, maxLength: 8 },
      )
      .map((rs) => rs.map((r, i) => ({ ...r, id: `c${i}` })));
    fc.assert(
      fc.property(arb, (rs) => {
        const real = rs.map(({ secret: _s, ...e }) => ({ ...e, modifier: 3 }));
        const secret = new Set(rs.filter((r) => r.secret).map((r) => r.id));
        const order = initiativeOrder(real);
        const ranks = rankSecretEntries(order, secret);
        const stored = real.map((e) => ranks.get(e.id) ?? e);
        expect(ids(initiativeOrder(stored))).toEqual(ids(order));
        for (const id of secret) expect(ranks.get(id)?.modifier).toBe(0);
      }),
    );
  });
});
