import { describe, expect, it, vi } from "vitest";
import { attacker, target } from "../../tests/fixtures/rules.js";
import { packWeapon } from "../../tests/pack-data.js";
import { asGM, type UserPorts } from "../helpers/gm-query.js";
import {
  createAlphaDawnEngine,
  createZebulonEngine,
  DEFAULT_DECLARATIONS,
  type DefenseState,
  RulesError,
} from "../rules/index.js";
import { type AppliedRecord, countWrites, type TargetState, type WriteBatch } from "./apply-damage.js";
import {
  AttackCancelled,
  type AttackCardData,
  type AttackPorts,
  type GMPorts,
  gmApplyDamage,
  gmUndoDamage,
  runAttack,
} from "./attack-flow.js";
import type { AttackRequest } from "./attack-plan.js";
import { appliedOf, mergeApplied } from "./card-data.js";

const autoPistol = packWeapon("weapons", "automatic-pistol");
const t = (id: string, distance: number, over = {}) => ({
  facts: target({ id, name: id, distance, ...over }),
  coverReason: null,
  inTheWay: [],
});

function burstRequest(over: Partial<AttackRequest> = {}): AttackRequest {
  return {
    engine: createAlphaDawnEngine(),
    variant: "expanded",
    attacker: attacker({ dex: 50, skillLevel: 1 }),
    weapon: autoPistol,
    ammo: { unit: "rounds", perShot: 1, perSeu: false, remaining: 20, capacity: 20, sourceId: "pistol" },
    targets: [t("tok1", 12), t("tok2", 14, { cover: "soft" }), t("tok3", 13)],
    declarations: { ...DEFAULT_DECLARATIONS, burst: true },
    ...over,
  };
}

/** Fakes of the Foundry side of an attack: scripted dice, and a count of every document write. */
function attackPorts(rolls: number[][]) {
  const writes = { ammo: [] as [string, number][], cards: [] as AttackCardData[] };
  const ports: AttackPorts = {
    confirm: vi.fn(async (p) => p.request),
    roll: vi.fn(async (formula: string) => {
      const dice = rolls.shift() ?? [];
      return { total: dice.reduce((a, b) => a + b, 0), dice, roll: { formula } };
    }),
    spendAmmo: vi.fn(async (id: string, left: number) => {
      writes.ammo.push([id, left]);
    }),
    createCard: vi.fn(async (card: AttackCardData) => {
      writes.cards.push(card);
      return "msg1";
    }),
  };
  return { ports, writes };
}

const npc = (id: string, stamina: number, defenses: DefenseState[] = []): TargetState => ({
  id,
  name: id,
  sceneId: "scene1",
  tokenId: `${id}-token`,
  actorId: `${id}-actor`,
  linked: false,
  stamina: { value: stamina, max: stamina },
  defenses,
});

/** Fakes of the GM side: the card store, the targets on the scene and the batched writes. */
function gmPorts(card: AttackCardData, targets: Record<string, TargetState | null>) {
  const store: { card: AttackCardData } = { card: structuredClone(card) };
  const batches: WriteBatch[] = [];
  const ports: GMPorts = {
    loadCard: async () => store.card,
    loadTargets: async (ids) => ids.map((id) => targets[id] ?? null),
    itemLevels: async () => ({}),
    write: vi.fn(async (b: WriteBatch) => {
      batches.push(b);
    }),
    saveApplied: vi.fn(async (_id: string, set: readonly AppliedRecord[], clear: readonly string[]) => {
      store.card = { ...store.card, applied: mergeApplied(store.card.applied, set, clear) };
    }),
  };
  return { ports, batches, store };
}

describe("Attack workflow against fakes", () => {
  it("SF-X-24 a burst at 3 targets: one card, one ammunition update, then one GM query and one batched write", async () => {
    // d100 = 30 hits (chance: 25 + 10 skill + 20 burst − 10 short − 10 soft cover applied to all = 25… see below);
    // 7d10 = 40 → 13 each, 1 lost.
    const { ports, writes } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, {
      actorUuid: "Actor.a",
      fast: true,
    });
    expect(writes.cards).toHaveLength(1);
    expect(writes.ammo).toEqual([["pistol", 10]]);
    expect(ports.confirm).not.toHaveBeenCalled();
    // ½ DEX 25 + skill 10 + burst 20 − 10 (short, all in 6–15 m) − 10 soft cover for one applies to all.
    expect(card.burstCheck?.chance).toBe(35);
    expect(card.result.burst).toEqual({ total: 40, each: 13, lost: 1, hit: true });
    expect(card.result.damage).toEqual([
      { targetId: "tok1", damage: 13 },
      { targetId: "tok2", damage: 13 },
      { targetId: "tok3", damage: 13 },
    ]);

    const gm = gmPorts(card, { tok1: npc("tok1", 20), tok2: npc("tok2", 10), tok3: npc("tok3", 30) });
    const query = vi.fn(async (_name: string, data: { messageId: string; ids: string[] }) =>
      gmApplyDamage(data.messageId, data.ids, gm.ports),
    );
    const player: UserPorts = { isGM: false, activeGM: { query } };
    const first = await asGM(
      player,
      "frontier-tactics.applyDamage",
      { messageId: "msg1", ids: [] },
      async () => null,
    );
    expect(query).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ applied: ["tok1", "tok2", "tok3"], skipped: [] });
    expect(gm.batches).toHaveLength(1);
    expect(countWrites(gm.batches[0]!)).toBe(1);
    expect(gm.batches[0]!.tokens.scene1).toEqual([
      { _id: "tok1-token", "delta.system.stamina.value": 7 },
      { _id: "tok2-token", "delta.system.stamina.value": -3 },
      { _id: "tok3-token", "delta.system.stamina.value": 17 },
    ]);
    expect(gm.batches[0]!.unconscious).toEqual(["tok2"]);

    // A second click on apply changes nothing.
    const second = await gmApplyDamage("msg1", [], gm.ports);
    expect(second.applied).toEqual([]);
    expect(second.skipped.map((s) => s.reason)).toEqual([
      "FT.Card.alreadyApplied",
      "FT.Card.alreadyApplied",
      "FT.Card.alreadyApplied",
    ]);
    expect(gm.batches).toHaveLength(1);
  });

  it("SF-B-15 undo restores Stamina and the SEU a screen drained", async () => {
    const { ports } = attackPorts([[5], [9]]);
    const laser = packWeapon("weapons", "laser-pistol");
    const { card } = await runAttack(
      burstRequest({
        weapon: laser,
        ammo: { unit: "seu", perShot: 1, perSeu: true, remaining: 20, capacity: 20, sourceId: "clip" },
        targets: [t("tok1", 10)],
        declarations: { ...DEFAULT_DECLARATIONS, powerSetting: 1 },
      }),
      ports,
      { actorUuid: "Actor.a", fast: true },
    );
    expect(card.result.damage).toEqual([{ targetId: "tok1", damage: 9 }]);
    const screen: DefenseState = {
      id: "albedo",
      name: "Albedo",
      slot: "screen",
      active: true,
      rules: [{ kind: "laser", mode: "absorb", seuPerHit: 0, pointsPerSeu: 5 }],
      power: 4,
      powerSourceId: "belt",
      capacity: null,
    };
    const linked = { ...npc("tok1", 30, [screen]), linked: true };
    const gm = gmPorts(card, { tok1: linked });
    gm.ports.itemLevels = async () => ({ "actor:tok1-actor": { power: { belt: 4 }, capacity: {} } });
    const r = await gmApplyDamage("msg1", ["tok1"], gm.ports);
    expect(r.applied).toEqual(["tok1"]);
    expect(gm.batches[0]).toMatchObject({
      actors: [{ _id: "tok1-actor", "system.stamina.value": 30 }],
      items: { "actor:tok1-actor": [{ _id: "belt", "system.remaining": 2 }] },
    });
    const undo = await gmUndoDamage("msg1", ["tok1"], gm.ports);
    expect(undo.applied).toEqual(["tok1"]);
    expect(gm.batches[1]).toMatchObject({
      actors: [{ _id: "tok1-actor", "system.stamina.value": 30 }],
      items: { "actor:tok1-actor": [{ _id: "belt", "system.remaining": 6 }] },
    });
    expect(gm.store.card.applied).toEqual([]);
  });

  it("SF-B-15 a target deleted between roll and apply is skipped with a clear reason; the others are applied", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, {
      actorUuid: "Actor.a",
      fast: true,
    });
    const gm = gmPorts(card, { tok1: npc("tok1", 20), tok2: null, tok3: npc("tok3", 30) });
    const r = await gmApplyDamage("msg1", [], gm.ports);
    expect(r).toEqual({ applied: ["tok1", "tok3"], skipped: [{ id: "tok2", reason: "FT.Card.targetGone" }] });
  });
});

describe("Bad input stops the attack before anything is spent", () => {
  const fail = async (req: AttackRequest, key: string) => {
    const { ports, writes } = attackPorts([[50]]);
    const err = await runAttack(req, ports, { actorUuid: "a", fast: true }).catch((e) => e);
    expect(err).toBeInstanceOf(RulesError);
    expect((err as RulesError).key).toBe(key);
    expect(writes).toEqual({ ammo: [], cards: [] });
    expect(ports.roll).not.toHaveBeenCalled();
  };

  it("SF-B-10 no target, a target out of range, or out of sight", async () => {
    await fail(burstRequest({ targets: [] }), "FT.Error.noTarget");
    await fail(
      burstRequest({ targets: [t("far", 151)], declarations: DEFAULT_DECLARATIONS }),
      "FT.Error.outOfRange",
    );
    await fail(
      burstRequest({ targets: [t("hid", 10, { visible: false })], declarations: DEFAULT_DECLARATIONS }),
      "FT.Error.outOfSight",
    );
  });

  it("SF-B-19 an empty weapon, or too little ammunition for a burst", async () => {
    await fail(
      burstRequest({
        ammo: { unit: "rounds", perShot: 1, perSeu: false, remaining: 0, capacity: 20, sourceId: "p" },
      }),
      "FT.Error.empty",
    );
    await fail(
      burstRequest({
        ammo: { unit: "rounds", perShot: 1, perSeu: false, remaining: 9, capacity: 20, sourceId: "p" },
      }),
      "FT.Error.notEnoughAmmo",
    );
  });

  it("SF-X-27 a wounded attacker declaring more shots than allowed", async () => {
    await fail(
      burstRequest({
        attacker: attacker({ stamina: { value: 10, max: 40 } }),
        targets: [t("x", 10)],
        declarations: { ...DEFAULT_DECLARATIONS, shots: 2 },
      }),
      "FT.Error.tooManyShots",
    );
  });

  it("SF-X-24 a burst from a weapon that cannot, several targets without a burst, or a burst at someone out of range", async () => {
    await fail(burstRequest({ weapon: packWeapon("weapons", "laser-pistol") }), "FT.Error.noBurst");
    await fail(burstRequest({ declarations: DEFAULT_DECLARATIONS }), "FT.Error.oneTarget");
    await fail(burstRequest({ targets: [t("a", 10), t("b", 151)] }), "FT.Error.outOfRange");
  });

  it("cancelling the dialog spends nothing", async () => {
    const { ports, writes } = attackPorts([[50]]);
    ports.confirm = vi.fn(async () => null);
    await expect(runAttack(burstRequest(), ports, { actorUuid: "a", fast: false })).rejects.toBeInstanceOf(
      AttackCancelled,
    );
    expect(writes).toEqual({ ammo: [], cards: [] });
  });
});

describe("Both engines through the same workflow", () => {
  it("SF-Z-06 the workflow does not branch on the engine: a Zebulon burst splits its colour's share", async () => {
    const { ports } = attackPorts([[5], [10, 10, 10, 10, 10, 10, 10]]);
    const { card } = await runAttack(
      burstRequest({ engine: createZebulonEngine(), attacker: attacker({ skillLevel: 3 }) }),
      ports,
      { actorUuid: "a", fast: true },
    );
    expect(card.engine).toBe("zebulon");
    expect(card.burstCheck?.column).not.toBeNull();
    expect(card.result.burst?.hit).toBe(true);
    // 7d10 has a maximum of 70: the colour's share of it (SF-Z-06), split evenly among 3 (SF-X-24).
    const colour = card.result.shots[0]!.outcome.colour!;
    const total = { cobalt: 70, blue: 52, green: 35, yellow: 17, white: 0 }[colour];
    expect(card.result.burst).toMatchObject({ total, each: Math.floor(total / 3), lost: total % 3 });
  });

  it("SF-X-30 two single shots roll two d100 and two damage pools", async () => {
    const { ports } = attackPorts([[10], [96], [4, 6], [9, 9]]);
    const laser = packWeapon("weapons", "laser-pistol");
    const { card } = await runAttack(
      burstRequest({
        weapon: laser,
        ammo: { unit: "seu", perShot: 1, perSeu: true, remaining: 20, capacity: 20, sourceId: "clip" },
        targets: [t("x", 10)],
        declarations: { ...DEFAULT_DECLARATIONS, shots: 2, powerSetting: 2 },
      }),
      ports,
      { actorUuid: "a", fast: true },
    );
    expect(card.result.shots.map((s) => [s.outcome.hit, s.outcome.auto, s.damage])).toEqual([
      [true, null, 10],
      [false, "miss", 0],
    ]);
    expect(card.spent).toEqual({ amount: 4, unit: "seu", sourceId: "clip" });
  });
});

describe("Doze grenades through the apply button", () => {
  it("SF-B-18 SF-X-42 a doze grenade knocks out a character but not a creature of Stamina 120", async () => {
    const doze = packWeapon("grenades", "doze-grenade");
    const { ports } = attackPorts([[10]]);
    const req = burstRequest({
      weapon: doze,
      attacker: attacker({ skillLevel: 1 }),
      ammo: { unit: "rounds", perShot: 1, perSeu: false, remaining: 1, capacity: 1, sourceId: "g" },
      targets: [t("pc", 8)],
      declarations: DEFAULT_DECLARATIONS,
    });
    const { card } = await runAttack(req, ports, {
      actorUuid: "a",
      fast: true,
      effect: "doze",
    });
    // The grenade caught both (the Foundry layer lists everyone in the blast as card targets).
    const caught = {
      ...card,
      result: {
        ...card.result,
        damage: [
          { targetId: "pc", damage: 0 },
          { targetId: "beast", damage: 0 },
        ],
      },
    };
    const gm = gmPorts(caught, { pc: npc("pc", 45), beast: npc("beast", 120) });
    const r = await gmApplyDamage("msg1", [], gm.ports);
    expect(r.applied).toEqual(["pc", "beast"]);
    expect(gm.batches[0]!.unconscious).toEqual(["pc"]);
    expect(appliedOf(gm.store.card, "beast")?.doze).toEqual({ knockedOut: false, needed: 2 });
  });
});

describe.each([
  ["alphaDawn", createAlphaDawnEngine()],
  ["zebulon", createZebulonEngine()],
] as const)("The same workflow through the shared interface: %s", (id, engine) => {
  it("SF-X-24 SF-Z-03 a 3-target burst: one card, one ammunition write; apply is one query and one batch; twice is a no-op", async () => {
    const { ports, writes } = attackPorts([[2], [10, 10, 10, 10, 10, 10, 10]]);
    const { card } = await runAttack(burstRequest({ engine }), ports, {
      actorUuid: "a",
      fast: true,
    });
    expect(card.engine).toBe(id);
    expect(writes.cards).toHaveLength(1);
    expect(writes.ammo).toEqual([["pistol", 10]]);
    expect(card.result.burst?.hit).toBe(true);
    const gm = gmPorts(card, { tok1: npc("tok1", 80), tok2: npc("tok2", 80), tok3: npc("tok3", 80) });
    const query = vi.fn(async (_n: string, data: { messageId: string; ids: string[] }) =>
      gmApplyDamage(data.messageId, data.ids, gm.ports),
    );
    await asGM(
      { isGM: false, activeGM: { query } },
      "frontier-tactics.applyDamage",
      { messageId: "msg1", ids: [] },
      async () => null,
    );
    expect(query).toHaveBeenCalledTimes(1);
    expect(gm.batches.map(countWrites)).toEqual([1]);
    await gmApplyDamage("msg1", [], gm.ports);
    expect(gm.batches).toHaveLength(1);
  });
});

describe("Thrown explosives through the apply button", () => {
  it("SF-X-40 those who failed the Reaction Speed check near the blast are stunned when the card is applied", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, { actorUuid: "a", fast: true });
    const nearMiss = {
      ...card,
      stunned: ["tok3"],
      result: {
        ...card.result,
        damage: [
          { targetId: "tok1", damage: 13 },
          { targetId: "tok3", damage: 0 },
        ],
      },
    };
    const gm = gmPorts(nearMiss, { tok1: npc("tok1", 30), tok3: npc("tok3", 30) });
    await gmApplyDamage("msg1", [], gm.ports);
    expect(gm.batches[0]!.stunned).toEqual(["tok3"]);
    expect(gm.batches[0]!.unconscious).toEqual([]);
  });
});

describe("Two requests on one card at once (the GM's client runs them interleaved)", () => {
  /** GM ports whose save takes a while, as a ChatMessage update round-trip does. */
  function slowSave(card: AttackCardData, targets: Record<string, TargetState | null>) {
    const gm = gmPorts(card, targets);
    const save = gm.ports.saveApplied;
    gm.ports.saveApplied = async (id, set, clear) => {
      await new Promise((r) => setTimeout(r, 5));
      await save(id, set, clear);
    };
    return gm;
  }

  it("SF-B-15 the same target asked twice while the first is saving: hit once, the second says already applied", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, { actorUuid: "a", fast: true });
    const gm = slowSave(card, { tok1: npc("tok1", 30), tok2: npc("tok2", 30), tok3: npc("tok3", 30) });
    const [a, b] = await Promise.all([
      gmApplyDamage("msg1", ["tok1"], gm.ports),
      gmApplyDamage("msg1", ["tok1"], gm.ports),
    ]);
    expect(a.applied).toEqual(["tok1"]);
    expect(b).toEqual({ applied: [], skipped: [{ id: "tok1", reason: "FT.Card.alreadyApplied" }] });
    expect(gm.batches).toHaveLength(1);
  });

  it("SF-X-24 two targets of a burst applied at once: both records are kept", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, { actorUuid: "a", fast: true });
    const gm = slowSave(card, { tok1: npc("tok1", 30), tok2: npc("tok2", 30), tok3: npc("tok3", 30) });
    await Promise.all([
      gmApplyDamage("msg1", ["tok1"], gm.ports),
      gmApplyDamage("msg1", ["tok3"], gm.ports),
      gmUndoDamage("msg1", ["tok1"], gm.ports),
    ]);
    // In the order asked: tok1 applied, tok3 applied, tok1 undone.
    expect(gm.store.card.applied.map((r) => r.targetId)).toEqual(["tok3"]);
    expect(gm.batches.map((b) => b.tokens.scene1?.map((u) => u._id))).toEqual([
      ["tok1-token"],
      ["tok3-token"],
      ["tok1-token"],
    ]);
  });
});
