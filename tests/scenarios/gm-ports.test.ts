/**
 * Scenario: the GM's Foundry ports for applying damage (`foundryGMPorts`), on a real table. A stored burst card
 * (13 to each of three targets; Pirate 2 already applied) is applied by the GM to Pirate 1 (an unlinked token of a
 * Stamina-10 pirate), to the Hero (a linked token wearing an inertia screen on a 10-SEU beltpack) and to a token
 * the card never targeted. Each write is counted in the server's request log.
 *
 * Issue "trust": the record of each hit (its numbers, what undo needs) goes on the target, in the same update as its
 * Stamina; the card keeps public marks only.
 */
import { describe, expect, it } from "vitest";
import { readCard } from "../../src/workflows/card/card-data.js";
import { BURST_CARD } from "../fixtures/cards.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cardFor,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  itemSystem,
  onEveryClient,
  postCard,
  requestsSince,
  sceneSource,
  tokenSource,
  tokenStamina,
  tokenUuid,
} from "./kit.js";

const SCENE = id("sceneDeck3");
const EUSYL = id("eusyl");
const PIRATE = id("pirate");
const HERO = id("hero");
const BELT = id("belt");
const SCREEN = id("inertia");
const [T1, T2, T3, GONE] = [id("tokPirate1"), id("tokPirate2"), id("tokHero"), id("tokGone")];
const CARD = cardFor(BURST_CARD, { scene: SCENE, tokens: [T1, T2, T3], actor: EUSYL });
const uuid = (t: string) => tokenUuid(SCENE, t);

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  actors: [
    // Her Automatic Pistol fired the card's burst (the GM checks a player's card against the attacker's weapon).
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      stamina: 45,
      items: [itemFromPack("weapons", "automatic-pistol")],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", stamina: 10 }),
    actorSource({
      _id: HERO,
      name: "Hero",
      stamina: 30,
      items: [
        itemFromPack("power", "power-beltpack", BELT, { remaining: 10, capacity: 50 }),
        itemFromPack("defenses", "inertia-screen", SCREEN, { active: true, powerSource: BELT }),
      ],
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Deck 3",
      tokens: [
        tokenSource({ _id: T1, name: "Pirate 1", actorId: PIRATE, actorLink: false, x: 1500, y: 1200 }),
        tokenSource({ _id: T2, name: "Pirate 2", actorId: PIRATE, actorLink: false, x: 1600, y: 1200 }),
        tokenSource({ _id: T3, name: "Hero", actorId: HERO, actorLink: true, x: 1700, y: 1200 }),
      ],
    }),
  ],
});

describe("scenario: the GM's ports apply a stored card's damage", () => {
  it("SF-X-36 SF-B-15 one world-actor update, one token update for the scene, the pack drained, the card saved whole", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const msg = await postCard(table, table.client(ALICE_ID), CARD);
    const from = table.server.log.length;
    // What the GM's client sends, as its pre-update hooks see it (expanded, before the server).
    const changes: [string, any][] = [];
    const H = G().Hooks;
    const hooks = ["Actor", "Token", "Item"].map(
      (type) =>
        [
          `preUpdate${type}`,
          H.on(`preUpdate${type}`, (_doc: unknown, change: unknown) => {
            changes.push([type, structuredClone(change)]);
          }),
        ] as const,
    );
    const r = await table.client(GM_ID).run(async () => {
      const { gmApplyDamage } = await import("../../src/workflows/card/card-apply-gm.js");
      const { foundryGMPorts } = await import("../../src/workflows/card/card-gm.js");
      return gmApplyDamage(msg, [uuid(T1), uuid(T3), uuid(GONE)], foundryGMPorts());
    });
    await table.settle();
    for (const [name, hook] of hooks) H.off(name, hook);
    expect(r.applied).toEqual([uuid(T1), uuid(T3)]);
    // An id the card has no damage for is refused, not hit for 0.
    expect(r.skipped).toEqual([{ id: uuid(GONE), reason: "FT.Card.notOnCard" }]);

    // Pirate (unlinked): 13 → Stamina −3 through the token's delta; the world actor keeps 10.
    expect(onEveryClient(table, () => tokenStamina(SCENE, T1))).toEqual(everyone(table, -3));
    expect(onEveryClient(table, () => G().game.actors.get(PIRATE).system.stamina.value)).toEqual(
      everyone(table, 10),
    );
    const storedT1 = table.server.world.scenes[0]!.tokens.find((t: { _id: string }) => t._id === T1);
    expect(storedT1.delta.system.stamina.value).toBe(-3);
    // Hero (linked): the inertia screen halves 13 → 6 (30 → 24) and drains 2 SEU from the beltpack (10 → 8).
    expect(onEveryClient(table, () => tokenStamina(SCENE, T3))).toEqual(everyone(table, 24));
    expect(onEveryClient(table, () => itemSystem(HERO, BELT).remaining)).toEqual(everyone(table, 8));
    // The pirate at −3 falls unconscious, on his token's own actor.
    expect(
      onEveryClient(table, () => [...G().game.scenes.get(SCENE).tokens.get(T1).actor.statuses].sort()),
    ).toEqual(everyone(table, ["unconscious"]));

    // One write per kind: the world actors in one update, the scene's tokens' Stamina in one, the items in one, the
    // card saved once; the status is a write of its own (the harness sends a synthetic actor's effect through its
    // token's delta, so it is the second Token update).
    expect(requestsSince(table, from).sort()).toEqual([
      "update Actor by Gamemaster",
      "update ChatMessage by Gamemaster",
      "update Item by Gamemaster",
      "update Token by Gamemaster",
      "update Token by Gamemaster",
    ]);
    expect(table.server.log.slice(from).map((w) => w.count)).toEqual([1, 1, 1, 1, 1]);
    // Each Stamina is written once: the Hero's on the world actor, Pirate 1's on his token's delta.
    const staminaWrites = changes
      .filter(([, c]) => JSON.stringify(c).includes('"stamina"'))
      .map(([type, c]) => [type, c._id, (type === "Token" ? c.delta : c).system.stamina.value]);
    expect(staminaWrites).toEqual([
      ["Actor", HERO, 24],
      ["Token", T1, -3],
    ]);
    // The record of each hit travels in its Stamina's update: on the Hero's world actor, on Pirate 1's token delta.
    const hitIn = (flags: any, token: string) => flags?.["frontier-tactics"]?.hits?.[msg]?.[token];
    const heroWrite = changes.find(([type, c]) => type === "Actor" && c._id === HERO)![1];
    expect(hitIn(heroWrite.flags, T3)).toMatchObject({
      targetId: uuid(T3),
      rolled: 13,
      taken: 6,
      staminaBefore: 30,
      staminaAfter: 24,
      unconscious: false,
      drains: { [BELT]: 2 },
    });
    const pirateWrite = changes.find(([type, c]) => type === "Token" && c._id === T1 && c.delta?.system)![1];
    expect(hitIn(pirateWrite.delta.flags, T1)).toMatchObject({
      targetId: uuid(T1),
      rolled: 13,
      taken: 13,
      staminaBefore: 10,
      staminaAfter: -3,
      unconscious: true,
      statuses: ["unconscious"],
    });
    expect(changes.filter(([type]) => type === "Item").map(([, c]) => [c._id, c.system.remaining])).toEqual([
      [BELT, 8],
    ]);

    // The card holds every target's mark: Pirate 2's from before, and the two new ones (Pirate 1 knocked out); no
    // numbers.
    const raw = table.client(GM_ID).run(() => G().game.messages.get(msg).system.card);
    const saved = readCard(raw)!;
    expect(saved.applied.map((x) => x.targetId).sort()).toEqual([uuid(T1), uuid(T2), uuid(T3)].sort());
    expect(saved.applied.find((x) => x.targetId === uuid(T1))).toEqual({
      targetId: uuid(T1),
      sceneId: SCENE,
      tokenId: T1,
      actorId: PIRATE,
      linked: false,
      unconscious: true,
      stunned: false,
    });
    expect(JSON.stringify(raw)).not.toMatch(/staminaBefore|staminaAfter|"taken"|"steps"/);
    expect(table.unhandled).toEqual([]);
  });
});
