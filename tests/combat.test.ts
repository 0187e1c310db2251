/**
 * FrontierCombat against a fake Foundry. The fakes stand for: `Combat` (embedded groups and combatants, the
 * embedded-document writes, flags, and core's setupTurns that sorts with an unbound _sortCombatants), `Roll`
 * (scripted d10s), `ChatMessage.create`, `renderTemplate`, and `game` (user, users, settings).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { defaultSide } from "../src/data/combatant-group/side.js";

interface Writes {
  create: { type: string; data: Record<string, unknown>[] }[];
  update: { type: string; updates: Record<string, unknown>[] }[];
  /** Combat#update calls (sides are written through the combat, with the turn). */
  combat: { data: Record<string, unknown>; options: Record<string, unknown> }[];
  chat: unknown[][];
}
const writes: Writes = { create: [], update: [], combat: [], chat: [] };
const d10s: number[] = [];

class FakeCollection<T extends { id: string }> {
  constructor(public contents: T[] = []) {}
  get(id: string) {
    return this.contents.find((x) => x.id === id);
  }
  filter(f: (x: T) => boolean) {
    return this.contents.filter(f);
  }
  map<U>(f: (x: T) => U) {
    return this.contents.map(f);
  }
  find(f: (x: T) => boolean) {
    return this.contents.find(f);
  }
  [Symbol.iterator]() {
    return this.contents[Symbol.iterator]();
  }
}

interface FakeGroup {
  id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  initiative: number | null;
}
interface FakeCombatant {
  id: string;
  name: string;
  groupId: string | null;
  hasPlayerOwner: boolean;
  isOwner: boolean;
  parent: unknown;
  actor: { type: string; system: Record<string, unknown> };
  token: { disposition: number };
  readonly group: FakeGroup | null;
}

let FrontierCombat: new (
  ...a: unknown[]
) => Record<string, unknown> & {
  startCombat(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  rollSides(o?: object): Promise<void>;
  editSide(id: string, roll: number, modifier: number): Promise<void>;
  turns: FakeCombatant[];
  round: number;
  turn: number | null;
  combatant: FakeCombatant | null;
};

beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  g.Hooks = { callAll: vi.fn() };
  g.Combat = class {
    groups = new FakeCollection<FakeGroup>();
    combatants = new FakeCollection<FakeCombatant>();
    round = 0;
    turn: number | null = null;
    turns: FakeCombatant[] = [];
    current: unknown = null;
    settings = { skipDefeated: false };
    get started() {
      return this.round > 0;
    }
    get combatant() {
      return this.turn === null ? null : (this.turns[this.turn] ?? null);
    }
    getTimeDelta() {
      return 0;
    }
    flags: Record<string, unknown> = {};
    id = "combat1";
    getFlag(_s: string, k: string) {
      return this.flags[k];
    }
    async setFlag(_s: string, k: string, v: unknown) {
      this.flags[k] = v;
    }
    async unsetFlag(_s: string, k: string) {
      delete this.flags[k];
    }
    async createEmbeddedDocuments(type: string, data: Record<string, unknown>[]) {
      writes.create.push({ type, data });
      return data.map((d, i) => {
        const grp = {
          id: `g${this.groups.contents.length + i}`,
          name: String(d.name),
          type: String(d.type),
          initiative: null,
          // Foundry fills the schema's defaults under what was given.
          system: { ...defaultSide(), ...(d.system as object) },
        };
        this.groups.contents.push(grp);
        return grp;
      });
    }
    async updateEmbeddedDocuments(type: string, updates: Record<string, unknown>[]) {
      writes.update.push({ type, updates });
      for (const u of updates) {
        if (type === "Combatant")
          (this.combatants.get(String(u._id)) as FakeCombatant).groupId = u.group as string;
        if (type === "CombatantGroup") {
          const grp = this.groups.get(String(u._id))!;
          grp.initiative = u.initiative as number;
          Object.assign(grp.system, u.system);
        }
      }
    }
    async deleteEmbeddedDocuments() {}
    // Combat#update: side changes ride in `groups` (partial, by _id), then round/turn; then `_onUpdate`.
    async update(data: Record<string, unknown>, options: Record<string, unknown> = {}) {
      writes.combat.push({ data, options });
      for (const c of (data.groups ?? []) as { _id: string; initiative?: number; system?: object }[]) {
        const grp = this.groups.get(c._id)!;
        if ("initiative" in c) grp.initiative = c.initiative ?? null;
        Object.assign(grp.system, c.system);
      }
      if ("round" in data) this.round = data.round as number;
      if ("turn" in data) this.turn = data.turn as number | null;
      (this as unknown as { _onUpdate(c: object, o: object, u: string): void })._onUpdate(
        data,
        options,
        "gm",
      );
      return this;
    }
    // v13 _onUpdate: re-sorts only when combatants changed, otherwise reads the current state.
    _onUpdate(changed: Record<string, unknown>) {
      if ("combatants" in changed) this.setupTurns();
      this.current = { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null };
    }
    // Core sorts with the method unbound, as v13 does.
    setupTurns() {
      const sort = (this as unknown as { _sortCombatants(a: unknown, b: unknown): number })._sortCombatants;
      this.turns = [...this.combatants.contents].sort(sort);
      return this.turns;
    }
    // v13 startCombat: one update to round 1, turn 0.
    async startCombat() {
      await this.update({ round: 1, turn: 0 });
      return this;
    }
    _onUpdateDescendantDocuments() {}
    _onDeleteDescendantDocuments() {}
    _onCreateDescendantDocuments() {}
  };
  g.Roll = class {
    total = 0;
    constructor(public formula: string) {}
    async evaluate() {
      this.total = d10s.shift() ?? 1;
      return this;
    }
  };
  g.ChatMessage = {
    create: vi.fn(async (m: unknown[]) => {
      writes.chat.push(m);
      return m;
    }),
  };
  (g.foundry as Record<string, unknown>) = {
    applications: { handlebars: { renderTemplate: async () => "<div></div>" } },
  };
  const game = g.game as Record<string, unknown>;
  game.user = { id: "gm", isGM: true, isActiveGM: true };
  game.users = { filter: () => [{ id: "gm" }], activeGM: null };
  const values: Record<string, unknown> = { variant: "expanded", hideNpcInitiative: true };
  game.settings = { get: (_ns: string, k: string) => values[k] };
  game.i18n = { ...(game.i18n as object), localize: (k: string) => k };
  ({ FrontierCombat } = (await import("../src/documents/combat.js")) as never);
});

function makeCombat(n: number) {
  const combat = new FrontierCombat() as unknown as {
    combatants: FakeCollection<FakeCombatant>;
    groups: FakeCollection<FakeGroup>;
  } & InstanceType<typeof FrontierCombat>;
  for (let i = 0; i < n; i++) {
    const disposition = [1, -1, 0][i % 3]!;
    const c: FakeCombatant = {
      id: `c${i}`,
      name: `C${i}`,
      groupId: null,
      hasPlayerOwner: disposition === 1,
      isOwner: false,
      parent: combat,
      actor: {
        type: disposition === 1 ? "character" : "creature",
        system: {
          abilities: { rs: { value: 30 + i } },
          derived: { initiativeModifier: Math.ceil((30 + i) / 10) },
          holstered: false,
        },
      },
      token: { disposition },
      get group() {
        return combat.groups.get(this.groupId ?? "") ?? null;
      },
    };
    combat.combatants.contents.push(c);
  }
  return combat;
}

describe("FrontierCombat (side initiative in a Combat subclass)", () => {
  it("SF-X-04 SF-X-05 starting a combat of 40 makes 3 sides by disposition, rolls them in one group update and one chat batch, and orders turns by side", async () => {
    writes.create = [];
    writes.update = [];
    writes.combat = [];
    writes.chat = [];
    d10s.push(2, 9, 5); // friendly, hostile, neutral
    const combat = makeCombat(40);
    await combat.startCombat();
    expect(writes.create).toEqual([{ type: "CombatantGroup", data: expect.any(Array) }]);
    expect(writes.create[0]!.data).toHaveLength(3);
    const groupUpdates = writes.combat.filter((w) => w.data.groups);
    expect(groupUpdates).toHaveLength(1);
    expect(groupUpdates[0]!.data.groups).toHaveLength(3);
    expect(writes.chat).toHaveLength(1);
    expect(writes.chat[0]).toHaveLength(3);
    // Friendly 2+7=9, hostile 9+7=16, neutral 5+7=12 (IM of RS 69/68/67 → 7): friendly moves first, hostile last.
    const firstSide = combat.turns[0]!.group!.name;
    const lastSide = combat.turns.at(-1)!.group!.name;
    expect([firstSide, lastSide]).toEqual(["FT.Side.friendly", "FT.Side.hostile"]);
    // Player characters first within the friendly side.
    expect(combat.turns[0]!.hasPlayerOwner).toBe(true);
  });

  it("SF-X-05 someone joining mid-fight joins a side and is not re-rolled", async () => {
    writes.update = [];
    writes.chat = [];
    d10s.push(3, 3, 3);
    const combat = makeCombat(3);
    await combat.startCombat();
    writes.update = [];
    writes.combat = [];
    writes.chat = [];
    const late: FakeCombatant = {
      ...combat.combatants.contents[1]!,
      id: "late",
      groupId: null,
      get group() {
        return combat.groups.get(this.groupId ?? "") ?? null;
      },
    };
    combat.combatants.contents.push(late);
    await combat.rollSides();
    expect(late.groupId).not.toBeNull();
    expect(writes.combat).toHaveLength(0);
    expect(writes.chat).toHaveLength(0);
  });

  it("SF-B-04 the GM's next round re-rolls every side and advances in ONE update, from the new order's first turn", async () => {
    d10s.push(1, 1, 1);
    const combat = makeCombat(3);
    await combat.startCombat();
    writes.update = [];
    writes.combat = [];
    writes.chat = [];
    d10s.push(10, 4, 6);
    await combat.nextRound();
    expect(combat.round).toBe(2);
    expect(writes.combat).toHaveLength(1);
    const { data, options } = writes.combat[0]!;
    expect(data).toMatchObject({ round: 2, turn: 0, flags: { "frontier-tactics": { phase: 0 } } });
    expect(options).toMatchObject({ direction: 1 });
    const rolled = data.groups as { system: { rolledRound: number; roll: number } }[];
    expect(rolled.map((g) => [g.system.roll, g.system.rolledRound])).toEqual([
      [10, 2],
      [4, 2],
      [6, 2],
    ]);
    expect(writes.chat).toHaveLength(1);
    // Re-sorted for round 2 when the round changed: hostile rolled 4 + 4 = 8, the lowest, moves first.
    expect(combat.turns[0]!.token.disposition).toBe(-1);
    expect(combat.combatant?.token.disposition).toBe(-1);
  });

  it("SF-X-04 the GM's edit of a side mid-round re-sorts and keeps the turn with whoever is acting", async () => {
    d10s.push(2, 5, 8); // friendly 2+4, hostile 5+4, neutral 8+4
    const combat = makeCombat(3);
    await combat.startCombat();
    expect(combat.turns.map((t) => t.id)).toEqual(["c0", "c1", "c2"]);
    combat.turn = 1; // c1 (hostile) is acting
    writes.combat = [];
    const hostile = combat.turns[1]!.group!.id;
    await combat.editSide(hostile, 1, 0); // hostile now moves first
    expect(combat.turns.map((t) => t.id)).toEqual(["c1", "c0", "c2"]);
    expect(writes.combat).toEqual([
      {
        data: {
          groups: [{ _id: hostile, initiative: 1, system: { roll: 1, modifier: 0, rolledRound: 1 } }],
          turn: 0,
        },
        options: { turnEvents: false },
      },
    ]);
    expect(combat.combatant?.id).toBe("c1");
  });

  it("SF-B-04 a player ending the round's last turn asks the GM for the next round and writes nothing", async () => {
    const game = (globalThis as unknown as Record<string, Record<string, unknown>>).game!;
    const query = vi.fn(async () => true);
    d10s.push(3, 3, 3);
    const combat = makeCombat(3);
    await combat.startCombat();
    game.user = { id: "p1", isGM: false, isActiveGM: false };
    game.users = { filter: () => [], activeGM: { query } };
    writes.combat = [];
    await combat.nextRound();
    expect(query).toHaveBeenCalledWith(
      "frontier-tactics.nextRound",
      { combatId: "combat1", round: 1 },
      { timeout: 10000 },
    );
    expect(writes.combat).toHaveLength(0);
    expect(combat.round).toBe(1);
    game.user = { id: "gm", isGM: true, isActiveGM: true };
    game.users = { filter: () => [{ id: "gm" }], activeGM: null };
  });

  it("SF-X-04 a player's roll goes to the active GM as a query and writes nothing itself", async () => {
    const game = (globalThis as unknown as Record<string, Record<string, unknown>>).game!;
    const query = vi.fn(async () => true);
    game.user = { id: "p1", isGM: false, isActiveGM: false };
    game.users = { filter: () => [], activeGM: { query } };
    writes.update = [];
    writes.chat = [];
    const combat = makeCombat(3);
    await combat.rollSides({ sideIds: ["g0"] });
    expect(query).toHaveBeenCalledWith(
      "frontier-tactics.rollSide",
      { combatId: "combat1", sideIds: ["g0"], round: 1, userId: "p1" },
      { timeout: 10000 },
    );
    expect(writes.update).toHaveLength(0);
    game.user = { id: "gm", isGM: true, isActiveGM: true };
  });
});
