import { afterEach, describe, expect, it, vi } from "vitest";
import { attacker, target } from "../../../tests/fixtures/rules.js";
import { packWeapon } from "../../../tests/pack-data.js";
import type { AppliedMark, AttackCardData } from "../../data/chat/attack-card.js";
import {
  type GMAnswer,
  type GMRequestBody,
  listenForGMRequests,
  registerGMRequest,
  requestGM,
} from "../../helpers/gm-request.js";
import { AttackCancelled } from "../../helpers/report.js";
import {
  createAlphaDawnEngine,
  createZebulonEngine,
  DEFAULT_DECLARATIONS,
  type DefenseState,
  RulesError,
} from "../../rules/index.js";
import { type GMPorts, gmApplyDamage, gmUndoDamage } from "../card/card-apply-gm.js";
import { appliedOf, mergeApplied } from "../card/card-data.js";
import {
  type AppliedRecord,
  countWrites,
  ledgerPath,
  type TargetState,
  type WriteBatch,
} from "../damage/apply-records.js";
import { type AttackPorts, runAttack } from "./attack-flow.js";
import type { AttackRequest } from "./attack-plan.js";

/** The card's message id (a request names a 16-character document id: gm-request.ts `requestProblem`). */
const MSG = "msgBurst00000001";

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
      return MSG;
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

/**
 * Fakes of the GM side: the card store, the targets on the scene and the batched writes. A write lands on the
 * targets as Foundry's would: the Stamina and the hit's record (`flags.<system>.hits.<message>.<token>`, written in
 * the same update) or its removal (`-=`), and the statuses turned on or off; `live` is the targets as they are now.
 */
function gmPorts(card: AttackCardData, targets: Record<string, TargetState | null>) {
  const store: { card: AttackCardData } = { card: structuredClone(card) };
  const live: Record<string, TargetState | null> = structuredClone(targets);
  const batches: WriteBatch[] = [];
  const ports: GMPorts = {
    loadCard: async () => store.card,
    loadTargets: async (_messageId, ids) => ids.map((id) => structuredClone(live[id] ?? null)),
    itemLevels: async () => ({}),
    write: vi.fn(async (b: WriteBatch) => {
      batches.push(b);
      land(live, b);
      return { failed: [] };
    }),
    saveApplied: vi.fn(async (_id: string, set: readonly AppliedMark[], clear: readonly string[]) => {
      store.card = { ...store.card, applied: mergeApplied(store.card.applied, set, clear) };
    }),
  };
  return { ports, batches, store, live };
}

/** A batch's writes, landed on the fake targets (see `gmPorts`). */
function land(live: Record<string, TargetState | null>, b: WriteBatch): void {
  for (const [key, ids] of Object.entries(b.carries)) {
    const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
    const [sceneId, tokenId] = rest.split(".") as [string, string];
    const update =
      kind === "actor"
        ? b.actors.find((u) => u._id === rest)
        : b.tokens[sceneId]?.find((u) => u._id === tokenId);
    const prefix = kind === "actor" ? "" : "delta.";
    if (!update) continue;
    for (const id of ids) {
      const t = live[id];
      if (!t) continue;
      const at = `${prefix}${ledgerPath(MSG, t.tokenId)}`;
      const removed = `${at}.undone` in update;
      const s = b.statuses[id] ?? { on: [], off: [] };
      live[id] = {
        ...t,
        stamina: { ...t.stamina, value: update[`${prefix}system.stamina.value`] as number },
        recorded: removed ? null : ((update[at] as AppliedRecord | undefined) ?? t.recorded ?? null),
        undone: removed,
        statuses: [...(t.statuses ?? []).filter((x) => !s.off.includes(x as never)), ...s.on],
      };
    }
  }
}

/**
 * A player's click through the real `requestGM` (gm-request.ts), on fake users and hooks: the request is a flag the
 * player writes on their own User, the active GM's `updateUser` hook carries it out with `run` and answers on that
 * User. `requests` counts the requests the player wrote.
 */
type CardBody = Extract<GMRequestBody, { kind: "apply" | "undo" }>;
function playerAndGM(run: (body: CardBody) => Promise<GMAnswer>) {
  const hooks = new Map<number, (...args: unknown[]) => void>();
  let next = 0;
  let current: FakeUser;
  const requests: unknown[] = [];
  class FakeUser {
    flags: Record<string, Record<string, unknown>> = {};
    constructor(
      readonly id: string,
      readonly isGM: boolean,
    ) {}
    getFlag(scope: string, key: string) {
      return this.flags[scope]?.[key];
    }
    async setFlag(scope: string, key: string, value: unknown) {
      const writer = current.id;
      if (key === "request") requests.push(value);
      await Promise.resolve(); // the round trip
      this.flags[scope] = { ...this.flags[scope], [key]: structuredClone(value) };
      // Every client's updateUser hook runs; the GM's side answers only on the active GM's client.
      const was = current;
      current = gm;
      for (const fn of [...hooks.values()]) fn(this, { flags: { [scope]: { [key]: value } } }, {}, writer);
      current = was;
      return this;
    }
  }
  const gm = new FakeUser("gmUser000000000a", true);
  const player = new FakeUser("playerAlice0000c", false);
  current = player;
  vi.stubGlobal("game", {
    get user() {
      return current;
    },
    users: { activeGM: gm },
  });
  vi.stubGlobal("foundry", { utils: { randomID: () => `req${String(++next).padStart(13, "0")}` } });
  vi.stubGlobal("Hooks", {
    on: (name: string, fn: (...args: unknown[]) => void) => {
      if (name !== "updateUser") throw new Error(`unexpected hook ${name}`);
      hooks.set(++next, fn);
      return next;
    },
    off: (_name: string, id: number) => hooks.delete(id),
  });
  registerGMRequest("apply", async (body) => run(body));
  registerGMRequest("undo", async (body) => run(body));
  listenForGMRequests();
  return { requests, ask: (body: CardBody) => requestGM(body) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Attack workflow against fakes", () => {
  it("SF-X-24 a burst at 3 targets: one card, one ammunition update, then one GM request and one batched write", async () => {
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
    // The player's click: one request, written on the player's own User, carried out by the active GM.
    const table = playerAndGM((body) => gmApplyDamage(body.messageId, body.ids, gm.ports));
    const first = await table.ask({ kind: "apply", messageId: MSG, ids: [] });
    expect(table.requests).toHaveLength(1);
    expect(first).toEqual({ applied: ["tok1", "tok2", "tok3"], skipped: [] });
    expect(gm.batches).toHaveLength(1);
    expect(countWrites(gm.batches[0]!)).toBe(1);
    // Each token's Stamina and the record of its hit, in one update (the record is the target's, not the card's).
    const hit = (id: string, before: number, after: number) => ({
      targetId: id,
      name: id,
      rolled: 13,
      taken: 13,
      staminaBefore: before,
      staminaAfter: after,
      unconscious: after <= 0,
      drains: {},
      wear: {},
      statuses: after <= 0 ? ["unconscious"] : [],
      steps: [],
      undone: false,
    });
    expect(gm.batches[0]!.tokens.scene1).toEqual([
      {
        _id: "tok1-token",
        "delta.system.stamina.value": 7,
        [`delta.${ledgerPath(MSG, "tok1-token")}`]: hit("tok1", 20, 7),
      },
      {
        _id: "tok2-token",
        "delta.system.stamina.value": -3,
        [`delta.${ledgerPath(MSG, "tok2-token")}`]: hit("tok2", 10, -3),
      },
      {
        _id: "tok3-token",
        "delta.system.stamina.value": 17,
        [`delta.${ledgerPath(MSG, "tok3-token")}`]: hit("tok3", 30, 17),
      },
    ]);
    // SF-B-15: at 0 or less, unconscious.
    expect(gm.batches[0]!.statuses).toEqual({ tok2: { on: ["unconscious"], off: [] } });
    // The card keeps public marks only: who was applied and the outcome, no numbers (issue "trust", R1-5).
    const mark = (id: string, unconscious: boolean) => ({
      targetId: id,
      sceneId: "scene1",
      tokenId: `${id}-token`,
      actorId: `${id}-actor`,
      linked: false,
      unconscious,
      stunned: false,
    });
    expect(gm.store.card.applied).toEqual([mark("tok1", false), mark("tok2", true), mark("tok3", false)]);

    // A second click on apply changes nothing.
    const second = await gmApplyDamage(MSG, [], gm.ports);
    expect(second.applied).toEqual([]);
    expect(second.skipped.map((s) => s.reason)).toEqual([
      "FT.Card.alreadyApplied",
      "FT.Card.alreadyApplied",
      "FT.Card.alreadyApplied",
    ]);
    expect(gm.batches).toHaveLength(1);
    // Even a card whose marks were lost: each target's own record stops a second hit.
    gm.store.card = { ...gm.store.card, applied: [] };
    expect((await gmApplyDamage(MSG, ["tok1"], gm.ports)).skipped).toEqual([
      { id: "tok1", reason: "FT.Card.alreadyApplied" },
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
    const r = await gmApplyDamage(MSG, ["tok1"], gm.ports);
    expect(r.applied).toEqual(["tok1"]);
    expect(gm.batches[0]).toMatchObject({
      actors: [{ _id: "tok1-actor", "system.stamina.value": 30 }],
      items: { "actor:tok1-actor": [{ _id: "belt", "system.remaining": 2 }] },
    });
    const undo = await gmUndoDamage(MSG, ["tok1"], gm.ports);
    expect(undo.applied).toEqual(["tok1"]);
    expect(gm.batches[1]).toMatchObject({
      actors: [{ _id: "tok1-actor", "system.stamina.value": 30 }],
      items: { "actor:tok1-actor": [{ _id: "belt", "system.remaining": 6 }] },
    });
    // The record goes in the same write as the Stamina it restores; the card's mark says the GM undid it (only a
    // GM applies it again).
    expect(gm.batches[1]!.actors[0]).toEqual({
      _id: "tok1-actor",
      "system.stamina.value": 30,
      [`${ledgerPath(MSG, "tok1-token")}.undone`]: true,
    });
    expect(gm.live.tok1?.recorded).toBeNull();
    expect(gm.store.card.applied).toEqual([expect.objectContaining({ targetId: "tok1", undone: true })]);
    // Nothing left to undo a second time.
    expect(await gmUndoDamage(MSG, ["tok1"], gm.ports)).toEqual({
      applied: [],
      skipped: [{ id: "tok1", reason: "FT.Card.nothingToUndo" }],
    });
    expect(gm.batches).toHaveLength(2);
  });

  it("SF-B-15 a target deleted between roll and apply is skipped with a clear reason; the others are applied", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, {
      actorUuid: "Actor.a",
      fast: true,
    });
    const gm = gmPorts(card, { tok1: npc("tok1", 20), tok2: null, tok3: npc("tok3", 30) });
    const r = await gmApplyDamage(MSG, [], gm.ports);
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
    const r = await gmApplyDamage(MSG, [], gm.ports);
    expect(r.applied).toEqual(["pc", "beast"]);
    expect(gm.batches[0]!.statuses).toEqual({ pc: { on: ["unconscious"], off: [] } });
    // The card shows who was knocked out; how many grenades the beast would take is in its own record.
    expect(appliedOf(gm.store.card, "pc")?.unconscious).toBe(true);
    expect(appliedOf(gm.store.card, "beast")?.unconscious).toBe(false);
    expect(gm.live.beast?.recorded?.doze).toEqual({ knockedOut: false, needed: 2, grenades: 1 });
    expect(gm.live.pc?.recorded?.doze).toEqual({ knockedOut: true, needed: 1, grenades: 1 });

    // SF-X-42: a second doze card this turn finds the first one's record on the beast (its ports count it):
    // 120 ÷ 50 = 2 grenades, and two have caught it.
    const second = gmPorts(caught, {
      beast: { ...npc("beast", 120), doze: { turn: "time:0", earlier: 1 } },
    });
    await gmApplyDamage(MSG, ["beast"], second.ports);
    expect(second.batches[0]!.statuses).toEqual({ beast: { on: ["unconscious"], off: [] } });
    expect(second.live.beast?.recorded?.doze).toEqual({
      knockedOut: true,
      needed: 2,
      grenades: 2,
      turn: "time:0",
    });
  });
});

describe.each([
  ["alphaDawn", createAlphaDawnEngine()],
  ["zebulon", createZebulonEngine()],
] as const)("The same workflow through the shared interface: %s", (id, engine) => {
  it("SF-X-24 SF-Z-03 a 3-target burst: one card, one ammunition write; apply is one request and one batch; twice is a no-op", async () => {
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
    const table = playerAndGM((body) => gmApplyDamage(body.messageId, body.ids, gm.ports));
    await table.ask({ kind: "apply", messageId: MSG, ids: [] });
    expect(table.requests).toHaveLength(1);
    expect(gm.batches.map(countWrites)).toEqual([1]);
    await gmApplyDamage(MSG, [], gm.ports);
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
    await gmApplyDamage(MSG, [], gm.ports);
    // Stunned, and no one knocked out (tok1 takes 13 of 30).
    // A stun lasts one turn (SF-X-40): the status carries it.
    expect(gm.batches[0]!.statuses).toEqual({ tok3: { on: ["stun"], off: [], turns: { stun: 1 } } });
    expect(appliedOf(gm.store.card, "tok3")?.stunned).toBe(true);
  });
});

describe("A hit a GM undid (issue 11, reviews 3 and 4)", () => {
  it("SF-B-15 a player's request — at once or held to the end of a Basic tie — does not bring it back; a GM's does", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, { actorUuid: "a", fast: true });
    const gm = gmPorts(card, { tok1: npc("tok1", 30), tok2: npc("tok2", 30), tok3: npc("tok3", 30) });
    await gmApplyDamage(MSG, ["tok1"], gm.ports);
    await gmUndoDamage(MSG, ["tok1"], gm.ports);
    expect(gm.live.tok1?.stamina.value).toBe(30);
    expect(await gmApplyDamage(MSG, ["tok1"], gm.ports, false)).toEqual({
      applied: [],
      skipped: [{ id: "tok1", reason: "FT.Card.undone" }],
    });
    expect(gm.live.tok1?.stamina.value).toBe(30);
    expect((await gmApplyDamage(MSG, ["tok1"], gm.ports, true)).applied).toEqual(["tok1"]);
    expect(gm.live.tok1?.stamina.value).toBe(17);
  });
});

describe("Two requests on one card at once (the GM's client runs them interleaved)", () => {
  /** GM ports whose save takes a while, as a ChatMessage update round-trip does. */
  function slowSave(card: AttackCardData, targets: Record<string, TargetState | null>) {
    const gm = gmPorts(card, targets);
    const save = gm.ports.saveApplied;
    gm.ports.saveApplied = async (id, set, clear, basis) => {
      await new Promise((r) => setTimeout(r, 5));
      await save(id, set, clear, basis);
    };
    return gm;
  }

  it("SF-B-15 the same target asked twice while the first is saving: hit once, the second says already applied", async () => {
    const { ports } = attackPorts([[30], [10, 10, 5, 5, 4, 3, 3]]);
    const { card } = await runAttack(burstRequest(), ports, { actorUuid: "a", fast: true });
    const gm = slowSave(card, { tok1: npc("tok1", 30), tok2: npc("tok2", 30), tok3: npc("tok3", 30) });
    const [a, b] = await Promise.all([
      gmApplyDamage(MSG, ["tok1"], gm.ports),
      gmApplyDamage(MSG, ["tok1"], gm.ports),
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
      gmApplyDamage(MSG, ["tok1"], gm.ports),
      gmApplyDamage(MSG, ["tok3"], gm.ports),
      gmUndoDamage(MSG, ["tok1"], gm.ports),
    ]);
    // In the order asked: tok1 applied, tok3 applied, tok1 undone (its mark says so).
    expect(gm.store.card.applied.map((r) => [r.targetId, !!r.undone])).toEqual([
      ["tok3", false],
      ["tok1", true],
    ]);
    expect(gm.batches.map((b) => b.tokens.scene1?.map((u) => u._id))).toEqual([
      ["tok1-token"],
      ["tok3-token"],
      ["tok1-token"],
    ]);
  });
});
