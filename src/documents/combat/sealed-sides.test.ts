/**
 * Sealed sides (trust review R1-5d): a hidden NPC side's numbers stay off the group, and the ranks the GM writes
 * order every side exactly as the numbers do (SF-X-04/05 Expanded, SF-B-03/05 Basic, SF-X-02 surprise in round 1).
 */
import { describe, expect, it } from "vitest";
import { sideView } from "../../../tests/fixtures/combat.js";
import type { SideSystem } from "../../data/combatant-group/side.js";
import { GMQueryError, NoGMError } from "../../helpers/gm-query.js";
import { trackerReport } from "../../helpers/tracker-report.js";
import type { AlphaDawnVariant } from "../../rules/index.js";
import {
  asSecret,
  type CombatView,
  type MemberView,
  type SideSecret,
  safeColour,
  sealSides,
  sideOrder,
  withSideChanges,
} from "./side-initiative.js";

const member = (id: string, sideId: string, pc: boolean): MemberView => ({
  id,
  name: id,
  sideId,
  isPlayerCharacter: pc,
  sort: 0,
  rs: 40,
  initiativeModifier: 4,
  holstered: false,
  disposition: pc ? 1 : -1,
});

interface Rolled {
  readonly id: string;
  readonly roll: number;
  readonly modifier: number;
  readonly highestRs: number;
  readonly surprised: boolean;
  readonly npc: boolean;
}

/** A combat whose sides rolled these numbers, as the GM's changes for it. */
function rolled(sides: readonly Rolled[], round: number) {
  const combat: CombatView = {
    round,
    sides: sides.map((s) => sideView(s.id, { surprised: s.surprised })),
    members: sides.map((s) => member(`m-${s.id}`, s.id, !s.npc)),
  };
  const changes = sides.map((s) => ({
    _id: s.id,
    initiative: s.roll + s.modifier,
    system: {
      roll: s.roll,
      modifier: s.modifier,
      modifierSource: `Captain of ${s.id}`,
      holsteredPenalty: 0,
      highestRs: s.highestRs,
      rolledRound: round,
    } satisfies Partial<SideSystem>,
  }));
  return { combat, changes };
}

/** A small deterministic generator, so the property below runs the same cases every time. */
function* cases(n: number): Generator<{ sides: Rolled[]; variant: AlphaDawnVariant; round: number }> {
  let seed = 12345;
  const next = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % k;
  };
  for (let i = 0; i < n; i++) {
    const count = 2 + next(4);
    yield {
      variant: next(2) ? "basic" : "expanded",
      round: 1 + next(2),
      sides: Array.from({ length: count }, (_, j) => ({
        id: `s${j}`,
        roll: 1 + next(10),
        modifier: next(4) + 3,
        highestRs: 30 + 10 * next(3),
        surprised: next(5) === 0,
        npc: next(2) === 0,
      })),
    };
  }
}

describe("Sealed sides (R1-5d)", () => {
  it("SF-X-04 SF-X-05 SF-B-05 SF-X-02 for 400 rolled combats, every client's order from the written groups equals the rules' order from the numbers", () => {
    let sealedCases = 0;
    for (const { sides, variant, round } of cases(400)) {
      const { combat, changes } = rolled(sides, round);
      const npc = new Set(sides.filter((s) => s.npc).map((s) => s.id));
      let n = 0;
      const written = sealSides(combat, changes, {
        variant,
        secrets: new Map(),
        seal: (id) => npc.has(id),
        newSealId: () => `seal${++n}`,
      });
      const seen = sideOrder(withSideChanges(combat, written.changes), variant);
      const truth = sideOrder(withSideChanges(combat, changes), variant);
      expect(seen).toEqual(truth);
      if (npc.size) sealedCases++;
      // Nothing of a sealed side's roll is written.
      for (const c of written.changes.filter((c) => npc.has(c._id))) {
        expect(c.initiative).toBeNull();
        expect(c.system).toMatchObject({
          roll: null,
          modifier: 0,
          modifierSource: "",
          highestRs: 0,
          sealed: true,
        });
        // Each sealed roll gets its own new seal id, under which the GM's browser keeps its numbers.
        expect(c.system?.sealId).toMatch(/^seal\d+$/);
        expect(written.secrets.get(c._id)?.sealId).toBe(c.system?.sealId);
      }
    }
    expect(sealedCases).toBeGreaterThan(300);
  });

  it("SF-X-04 a later roll of a player side is ranked against the sealed side's numbers the GM keeps", () => {
    // Round 2: pirates sealed with 8 + 7 = 15; then the friendly side rolls 9 + 4 = 13 and moves first.
    const first = rolled(
      [
        { id: "pirates", roll: 8, modifier: 7, highestRs: 70, surprised: false, npc: true },
        { id: "pcs", roll: 1, modifier: 4, highestRs: 40, surprised: false, npc: false },
      ],
      2,
    );
    const seal = (id: string) => id === "pirates";
    const newSealId = () => "sealA";
    const once = sealSides(first.combat, [first.changes[0]!], {
      variant: "expanded",
      secrets: new Map(),
      seal,
      newSealId,
    });
    const after = withSideChanges(first.combat, once.changes);
    expect(once.secrets.get("pirates")).toEqual({
      roll: 8,
      modifier: 7,
      modifierSource: "Captain of pirates",
      holsteredPenalty: 0,
      highestRs: 70,
      rolledRound: 2,
      sealId: "sealA",
    });
    const pcs = {
      _id: "pcs",
      initiative: 13,
      system: { roll: 9, modifier: 4, highestRs: 40, rolledRound: 2 },
    };
    // A later write keeps the sealed side's seal id (no new roll of it).
    const twice = sealSides(after, [pcs], {
      variant: "expanded",
      secrets: once.secrets,
      seal,
      newSealId: () => "never",
    });
    expect(twice.secrets.get("pirates")?.sealId).toBe("sealA");
    expect(sideOrder(withSideChanges(after, twice.changes), "expanded").moveOrder).toEqual([
      "pcs",
      "pirates",
    ]);
    expect(twice.lost).toEqual([]);
    // Without the GM's numbers (another GM's browser, cleared storage) the sealed side keeps its rank and is
    // reported lost.
    const blind = sealSides(after, [pcs], { variant: "expanded", secrets: new Map(), seal, newSealId });
    expect(blind.lost).toEqual(["pirates"]);
    expect(blind.changes.find((c) => c._id === "pirates")).toBeUndefined();
  });

  it("no side sealed: the changes are written as they are, with no ranks", () => {
    const { combat, changes } = rolled(
      [
        { id: "a", roll: 3, modifier: 4, highestRs: 40, surprised: false, npc: true },
        { id: "b", roll: 5, modifier: 4, highestRs: 40, surprised: false, npc: false },
      ],
      1,
    );
    const written = sealSides(combat, changes, {
      variant: "basic",
      secrets: new Map(),
      seal: () => false,
      newSealId: () => "never",
    });
    expect(written.changes).toEqual(changes);
  });

  it("a kept secret is read back only in the schema's shape", () => {
    const good: SideSecret = {
      roll: 8,
      modifier: 7,
      modifierSource: "Pirate captain",
      holsteredPenalty: 0,
      highestRs: 70,
      rolledRound: 1,
    };
    expect(asSecret(good)).toEqual(good);
    expect(asSecret({ ...good, roll: 11 })).toBeNull();
    expect(asSecret({ ...good, modifierSource: 3 })).toBeNull();
    expect(asSecret(null)).toBeNull();
    expect(asSecret("8")).toBeNull();
  });

  it("H5 only a hex colour reaches a style attribute", () => {
    expect(["#1f7a8c", "#abc", "#ABCD", "#11223344"].map(safeColour)).toEqual([
      "#1f7a8c",
      "#abc",
      "#ABCD",
      "#11223344",
    ]);
    expect(["red;background:url(x)", "red", "#12345", "", null, 7].map(safeColour)).toEqual([
      "",
      "",
      "",
      "",
      "",
      "",
    ]);
  });

  it("R2-5 tracker failures are told in the tracker's words", () => {
    expect(trackerReport(new NoGMError())).toEqual({ level: "warn", key: "FT.Tracker.noGM", data: {} });
    expect(trackerReport(new GMQueryError("timeout"))).toEqual({
      level: "warn",
      key: "FT.Tracker.timeout",
      data: {},
    });
    expect(trackerReport(new GMQueryError("refused", "boom"))).toEqual({
      level: "error",
      key: "FT.Tracker.refused",
      data: { detail: "boom" },
    });
    expect(trackerReport(new Error("other"))).toBeNull();
  });
});
