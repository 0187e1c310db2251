/**
 * The GM's Foundry ports for applying damage, against a fake world. The fakes stand for: `fromUuid` (token
 * documents by UUID), `game.scenes` (a scene with its tokens and `updateEmbeddedDocuments`), `game.actors`,
 * `Actor.implementation.updateDocuments`, an actor's `items`, `updateEmbeddedDocuments` and `toggleStatusEffect`,
 * `game.messages` (the card's message and its `update`), and `renderTemplate`.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { BURST_CARD } from "./fixtures/cards.js";

const calls = {
  actorsUpdate: [] as unknown[][],
  tokenUpdates: [] as [string, unknown[]][],
  itemUpdates: [] as [string, unknown[]][],
  statuses: [] as [string, string][],
  messageUpdates: [] as unknown[],
};

function item(id: string, type: string, system: Record<string, unknown>) {
  return { id, name: id, type, system };
}
function actor(id: string, stamina: number, items: ReturnType<typeof item>[] = []) {
  const list = Object.assign(items, { get: (i: string) => items.find((x) => x.id === i) });
  return {
    id,
    name: id,
    system: { stamina: { value: stamina, max: stamina } },
    items: list,
    updateEmbeddedDocuments: vi.fn(async (_t: string, u: unknown[]) => void calls.itemUpdates.push([id, u])),
    toggleStatusEffect: vi.fn(async (s: string) => void calls.statuses.push([id, s])),
  };
}

beforeAll(() => {
  const g = globalThis as Record<string, unknown>;
  const linked = actor("hero", 30, [
    item("belt", "powerSource", { remaining: 10, capacity: 50 }),
    item("inertia", "defense", {
      slot: "screen",
      active: true,
      powerSource: "belt",
      capacity: { value: null, max: null },
      rules: [{ kind: "projectile", mode: "halve", seuPerHit: 2, pointsPerSeu: 0 }],
    }),
  ]);
  const pirate = actor("pirate", 10);
  const tokens: Record<string, Record<string, unknown>> = {
    "Scene.s.Token.t1": { id: "t1", name: "Pirate 1", actorLink: false, actor: pirate, parent: { id: "s" } },
    "Scene.s.Token.t3": { id: "t3", name: "Hero", actorLink: true, actor: linked, parent: { id: "s" } },
  };
  g.fromUuid = async (uuid: string) => tokens[uuid] ?? (uuid === "Actor.eusyl" ? { name: "Eusyl" } : null);
  const scene = {
    id: "s",
    grid: { units: "m" },
    tokens: { get: (id: string) => Object.values(tokens).find((t) => t.id === id) },
    updateEmbeddedDocuments: vi.fn(
      async (_t: string, u: unknown[]) => void calls.tokenUpdates.push(["s", u]),
    ),
  };
  const message = {
    id: "msg1",
    author: { id: "player" },
    system: { card: structuredClone(BURST_CARD) },
    update: vi.fn(async (d: unknown) => void calls.messageUpdates.push(d)),
  };
  Object.assign(g.game as object, {
    scenes: { get: (id: string) => (id === "s" ? scene : undefined) },
    actors: { get: (id: string) => (id === "hero" ? linked : undefined) },
    messages: { get: (id: string) => (id === "msg1" ? message : undefined) },
    user: { id: "gm", isGM: true },
  });
  g.Actor = {
    implementation: { updateDocuments: vi.fn(async (u: unknown[]) => void calls.actorsUpdate.push(u)) },
  };
  g.foundry = { applications: { handlebars: { renderTemplate: async () => "<div class='ft-card'></div>" } } };
  g.canvas = { scene: { grid: { units: "m" } } };
  g.ui = { notifications: { info: vi.fn(), warn: vi.fn() } };
});

describe("GM ports for apply damage", () => {
  it("SF-X-36 SF-B-15 one world-actor update, one token update for the scene, the pack drained, the card saved whole", async () => {
    const { gmApplyDamage } = await import("../src/workflows/attack-flow.js");
    const { foundryGMPorts } = await import("../src/workflows/card-actions.js");
    const r = await gmApplyDamage(
      "msg1",
      ["Scene.s.Token.t1", "Scene.s.Token.t3", "Scene.s.Token.gone"],
      foundryGMPorts(),
    );
    expect(r.applied).toEqual(["Scene.s.Token.t1", "Scene.s.Token.t3"]);
    // An id the card has no damage for is refused, not hit for 0.
    expect(r.skipped).toEqual([{ id: "Scene.s.Token.gone", reason: "FT.Card.notOnCard" }]);
    // Pirate (unlinked): 13 → Stamina −3 through the token's delta; hero (linked): inertia screen halves 13 → 6.
    expect(calls.tokenUpdates).toEqual([["s", [{ _id: "t1", "delta.system.stamina.value": -3 }]]]);
    expect(calls.actorsUpdate).toEqual([[{ _id: "hero", "system.stamina.value": 24 }]]);
    expect(calls.itemUpdates).toEqual([["hero", [{ _id: "belt", "system.remaining": 8 }]]]);
    expect(calls.statuses).toEqual([["pirate", "unconscious"]]);
    expect(calls.messageUpdates).toHaveLength(1);
    const saved = calls.messageUpdates[0] as { system: { card: { applied: { targetId: string }[] } } };
    expect(saved.system.card.applied.map((r) => r.targetId).sort()).toEqual([
      "Scene.s.Token.t1",
      "Scene.s.Token.t2",
      "Scene.s.Token.t3",
    ]);
  });
});
