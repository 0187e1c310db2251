/**
 * The attack card through Foundry v13's storage, as a real table runs it: the card is created with
 * `ChatMessage.create` and saved with `message.update(…, {recursive: false})`, and v13's client backend runs
 * `foundry.utils.expandObject` over the data of both (client/data/client-backend.mjs, `#preCreateDocumentArray`
 * and `#preUpdateDocumentArray`). `expandObject` (common/utils/helpers.mjs) maps arrays, leaves class instances
 * alone and splits every dotted key of every plain object into nested objects. `expand` below is our own small
 * model of that behaviour (the shared harness in tests/foundry/ will replace it).
 *
 * The GM's real ports (`foundryGMPorts`) read and write the card here; the world around them is faked: tokens by
 * UUID, the scene's token update, `game.messages` and the renderer.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readCard } from "../src/workflows/card-data.js";
import { BURST_CARD, BURST_CARD_V1 } from "./fixtures/cards.js";

type Obj = Record<string, unknown>;

/** Our model of v13 `expandObject`: dotted keys of plain objects become nested objects, at every depth. */
function expand(value: unknown, depth = 0): unknown {
  if (depth > 32) throw new Error("Maximum object expansion depth exceeded");
  if (Array.isArray(value)) return value.map((v) => expand(v, depth + 1));
  if (typeof value !== "object" || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // class instances (a Roll) stay as they are
  const out: Obj = {};
  for (const [key, v] of Object.entries(value as Obj)) {
    const parts = key.split(".");
    let at = out;
    for (const p of parts.slice(0, -1)) {
      if (typeof at[p] !== "object" || at[p] === null) at[p] = {};
      at = at[p] as Obj;
    }
    at[parts.at(-1)!] = expand(v, depth + 1);
  }
  return out;
}

/** A chat message whose source goes through `expand` on create and update, as in v13. */
function storedMessage(id: string, data: Obj) {
  let source = expand(structuredClone(data)) as Obj;
  return {
    id,
    author: { id: "player" },
    get system() {
      return source.system as Obj;
    },
    get source() {
      return source;
    },
    update: vi.fn(async (changes: Obj, options: { recursive?: boolean } = {}) => {
      const expanded = expand(changes) as Obj;
      // recursive: false replaces each top-level field whole (DataModel#updateSource); we never update otherwise.
      if (options.recursive !== false) throw new Error("the card is saved with recursive: false");
      source = { ...source, ...expanded };
    }),
  };
}

const stamina: Record<string, number> = {};
let message: ReturnType<typeof storedMessage>;

function installWorld(card: unknown) {
  const g = globalThis as Obj;
  const tokens: Record<string, Obj> = {};
  for (const n of [1, 2, 3]) {
    const actorId = `pirate${n}`;
    stamina[actorId] = 30;
    const actor = {
      id: actorId,
      name: `Pirate ${n}`,
      get system() {
        return { stamina: { value: stamina[actorId], max: 30 } };
      },
      items: Object.assign([], { get: () => undefined }),
      updateEmbeddedDocuments: vi.fn(),
      toggleStatusEffect: vi.fn(),
    };
    tokens[`Scene.s.Token.t${n}`] = {
      id: `t${n}`,
      name: `Pirate ${n}`,
      actorLink: false,
      actor,
      parent: { id: "s" },
    };
  }
  g.fromUuid = async (uuid: string) => tokens[uuid] ?? (uuid === "Actor.eusyl" ? { name: "Eusyl" } : null);
  const scene = {
    id: "s",
    grid: { units: "m" },
    tokens: { get: (id: string) => Object.values(tokens).find((t) => t.id === id) },
    // Token deltas: the written Stamina lands on the token's actor.
    updateEmbeddedDocuments: vi.fn(async (_type: string, updates: Obj[]) => {
      for (const u of updates) {
        const token = Object.values(tokens).find((t) => t.id === u._id)!;
        stamina[(token.actor as { id: string }).id] = u["delta.system.stamina.value"] as number;
      }
    }),
  };
  message = storedMessage("msg1", { type: "attack", system: { card }, content: "<div></div>" });
  Object.assign(g.game as object, {
    scenes: { get: (id: string) => (id === "s" ? scene : undefined) },
    actors: { get: () => undefined },
    messages: { get: (id: string) => (id === "msg1" ? message : undefined) },
    user: { id: "gm", isGM: true },
  });
  g.Actor = { implementation: { updateDocuments: vi.fn() } };
  g.foundry = { applications: { handlebars: { renderTemplate: async () => "<div class='ft-card'></div>" } } };
  g.canvas = { scene: { id: "s", grid: { units: "m" } } };
  g.ui = { notifications: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } };
}

const T = [1, 2, 3].map((n) => `Scene.s.Token.t${n}`);
const unapplied = { ...BURST_CARD, applied: [] };

async function gm() {
  const { gmApplyDamage, gmUndoDamage } = await import("../src/workflows/attack-flow.js");
  const { foundryGMPorts } = await import("../src/workflows/card-actions.js");
  return {
    apply: (ids: string[]) => gmApplyDamage("msg1", ids, foundryGMPorts()),
    undo: (ids: string[]) => gmUndoDamage("msg1", ids, foundryGMPorts()),
  };
}

describe("The attack card in Foundry v13's storage", () => {
  beforeEach(() => installWorld(unapplied));

  it("our expand model splits token-UUID keys the way v13 does (why version 1 cards broke)", () => {
    const v1 = expand({ card: BURST_CARD_V1 }) as { card: { result: { damageByTarget: Obj } } };
    expect(v1.card.result.damageByTarget).toEqual({ Scene: { s: { Token: { t1: 13, t2: 13, t3: 13 } } } });
    // Version 2 keys nothing by target id, so storing it changes nothing.
    expect(expand({ card: unapplied })).toEqual({ card: unapplied });
  });

  it("SF-X-24 SF-B-15 apply on a stored 3-target burst: each Stamina drops 13, once; undo restores; apply again works", async () => {
    const { apply, undo } = await gm();
    const first = await apply([]);
    expect(first).toEqual({ applied: T, skipped: [] });
    expect(stamina).toEqual({ pirate1: 17, pirate2: 17, pirate3: 17 });
    // What the message now holds, after v13 expanded the update: three records, each with its target.
    const stored = readCard(message.system.card)!;
    expect(stored.applied.map((r) => [r.targetId, r.staminaBefore, r.staminaAfter])).toEqual([
      [T[0], 30, 17],
      [T[1], 30, 17],
      [T[2], 30, 17],
    ]);
    expect(message.system.card).toMatchObject({ version: 2, applied: expect.any(Array) });

    // A second click: once per target.
    const second = await apply([T[1]!]);
    expect(second).toEqual({ applied: [], skipped: [{ id: T[1], reason: "FT.Card.alreadyApplied" }] });
    expect(stamina.pirate2).toBe(17);

    // Undo one target: its Stamina comes back and its record goes; the others stay applied.
    expect(await undo([T[1]!])).toEqual({ applied: [T[1]], skipped: [] });
    expect(stamina).toEqual({ pirate1: 17, pirate2: 30, pirate3: 17 });
    expect(readCard(message.system.card)!.applied.map((r) => r.targetId)).toEqual([T[0], T[2]]);

    // Applied again after the undo.
    expect((await apply([T[1]!])).applied).toEqual([T[1]]);
    expect(stamina.pirate2).toBe(17);
    expect(message.update).toHaveBeenCalledTimes(3);
  });

  it("a version 1 card that v13 already expanded is read back whole: it applies 13, not 0, and keeps its record", async () => {
    installWorld(BURST_CARD_V1);
    expect(message.system.card).toMatchObject({ applied: { Scene: { s: { Token: { t2: { taken: 6 } } } } } });
    const card = readCard(message.system.card)!;
    expect(card.result.damage).toEqual(BURST_CARD.result.damage);
    expect(card.applied.map((r) => r.targetId)).toEqual([T[1]]);

    const { apply } = await gm();
    const r = await apply([]);
    expect(r).toEqual({ applied: [T[0], T[2]], skipped: [{ id: T[1], reason: "FT.Card.alreadyApplied" }] });
    expect(stamina).toEqual({ pirate1: 17, pirate2: 30, pirate3: 17 });
    // The save upgrades the card to version 2.
    expect(message.system.card).toMatchObject({ version: 2 });
    expect(readCard(message.system.card)!.applied.map((r) => r.targetId)).toEqual([T[1], T[0], T[2]]);
  });
});
