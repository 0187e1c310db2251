/**
 * Scenario (issue 11, review trust-and-faults R1-5(c)): the GM has hidden an ambusher (`hidden: true` on its token)
 * next to a visible Sathar. Every client holds the hidden token's document, but a player's attack runs on the
 * player's client and may involve only the tokens that client shows the player (`Token#isVisible`): Alice's
 * grenade neither catches nor names the ambusher, her shot past it gets no crowd cover from it, and the GM, who
 * resolves hidden hits, catches it with the same grenade from the same spot.
 *
 * Eusyl (Alice's): DEX 60, Thrown Weapons 1. Grenade chance (SF-X-38): ½ DEX 30 + 10 × skill 10, Short −10
 * (SF-X-14: a grenade's bands are 5/10/15/25/50 m), stationary target +10 (SF-X-17) = 40 %. Laser pistol (beam,
 * no skill): ½ DEX 30, Short −10 (PB ≤5, S ≤20), stationary +10 = 30 %; a crowd on the line of fire is soft cover,
 * −10 (SF-X-35, SF-X-22). A fragmentation grenade's blast is 6 m across (SF-X-43), its damage 8d10 rolled for each
 * one caught; an explosive charge's stun ring reaches twice the radius, each one in it checking RS (SF-X-40).
 *
 * Positions are grid cells (column, row) from the scene rectangle's corner; 1 m squares.
 *
 *   Eusyl (2,4) ─── 6 m, Short ───▶ Bystander (8,4) ✷   Ambusher (9,4), hidden: 1 m from the blast's centre
 *                     Ambusher' (5,4), hidden: on the line of fire (the shot scene)
 *                                   Lookout (8,8): 4 m, in the stun ring     Ambusher'' (12,4), hidden: 4 m, ring
 */
import { describe, expect, it, vi } from "vitest";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  ASSISTANT_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cardButtons,
  cardText,
  cell,
  clickCard,
  closeTableAfterEach,
  G,
  GM_ID,
  itemFromPack,
  renderMessage,
  rowText,
  sceneSource,
  settingSource,
  staminaOf,
  statusesOf,
  storedStamina,
  text,
  tokenSource,
  told,
} from "./kit.js";

const SCENE = "sceneAmbush00001";
const EUSYL = "eusylAmbushed001";
const TOK_EUSYL = "tokEusylAmbush01";
const BYSTANDER = "satharBystander1";
const TOK_BYSTANDER = "tokBystander0001";
const AMBUSHER = "satharAmbusher01";
const TOK_AMBUSHER = "tokAmbusher00001";
const LOOKOUT = "satharLookout001";
const TOK_LOOKOUT = "tokLookout000001";

let table: Table;
vi.setConfig({ testTimeout: 30_000 });
closeTableAfterEach(() => table);

const creature = (_id: string, name: string, stamina: number, rs: number) =>
  actorSource({
    _id,
    name,
    type: "creature",
    stamina,
    abilities: { rs },
    system: { size: "medium", speed: "medium" },
  });

/** The scene: Eusyl, the Bystander he aims at, the ambusher at `ambush` (hidden unless told), maybe a Lookout. */
function world(ambush: [number, number], options: { hidden?: boolean; lookout?: boolean } = {}) {
  const hidden = options.hidden ?? true;
  return {
    // Alice applies her own grenade: this table lets players apply to tokens they do not own (issue "trust").
    settings: [settingSource("settingApplyAll1", "playersApplyToAll", true)],
    actors: [
      actorSource({
        _id: EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 60, rs: 50, sta: 50 },
        items: [
          itemFromPack("grenades", "fragmentation-grenade"),
          itemFromPack("grenades", "explosive-charge-500-g"),
          itemFromPack("skills", "thrown-weapons"),
          itemFromPack("weapons", "laser-pistol"),
        ],
      }),
      creature(BYSTANDER, "Bystander", 60, 40),
      creature(AMBUSHER, "Sathar assassin", 70, 62),
      ...(options.lookout ? [creature(LOOKOUT, "Lookout", 50, 55)] : []),
    ],
    scenes: [
      sceneSource({
        _id: SCENE,
        name: "Ambush alley",
        tokens: [
          tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, ...cell(2, 4) }),
          tokenSource({
            _id: TOK_BYSTANDER,
            name: "Bystander",
            actorId: BYSTANDER,
            actorLink: true,
            disposition: -1,
            ...cell(8, 4),
          }),
          {
            ...tokenSource({
              _id: TOK_AMBUSHER,
              name: "Sathar assassin",
              actorId: AMBUSHER,
              actorLink: true,
              disposition: -1,
              ...cell(...ambush),
            }),
            // The GM's Hide Token (TokenDocument `hidden`).
            hidden,
          },
          ...(options.lookout
            ? [
                tokenSource({
                  _id: TOK_LOOKOUT,
                  name: "Lookout",
                  actorId: LOOKOUT,
                  actorLink: true,
                  disposition: -1,
                  ...cell(8, 8),
                }),
              ]
            : []),
        ],
      }),
    ],
  };
}

/** Whatever of the ambusher could leak: its token's name, its actor's name, its token and actor ids. */
const SECRETS = ["Sathar assassin", "assassin", TOK_AMBUSHER, AMBUSHER] as const;

/**
 * The message as `client` holds it: its whole source (content, flavor, system data with the card, flags, speaker,
 * rolls), which is what the server sent that client.
 */
const messageSource = (client: Client, id: string): string =>
  client.run(() => JSON.stringify(G().game.messages.get(id).toObject()));

/** The names of the targets the card lists, as `client`'s user reads them. */
const targetsOn = (client: Client, id: string): string[] =>
  [...renderMessage(client, id).querySelectorAll("li.ft-target strong")].map((e) => text(e));

/** The stored ambusher actor, as the world keeps it. */
const storedAmbusher = () => JSON.stringify(table.server.world.actors.find((a: any) => a._id === AMBUSHER));

describe("scenario: a hidden ambusher is never caught, named or used as cover by a player's attack (issue 11, R1-5(c))", () => {
  it("SF-B-17/SF-X-43/SF-B-18: Alice's grenade next to the hidden ambusher catches only the Bystander; her card names nothing hidden on any client; the GM applies it and the ambusher's actor is untouched", async () => {
    table = await createTable({ world: world([9, 4]), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    const before = storedAmbusher();

    // d100 20 hits at 40 %; 8d10 with the throw for its aimed target; 8d10 for the one caught (the Bystander: 36).
    // No dice for the ambusher: a third 8d10 would be left over, an extra roll would find no scripted die.
    table.dice(20, ...[1, 1, 1, 1, 1, 1, 1, 1], ...[3, 4, 5, 6, 2, 7, 1, 8]);
    const id = await attack(table, alice, EUSYL, "Fragmentation Grenade", [TOK_BYSTANDER]);
    expect(told(alice)).toEqual([]);
    expect(id).not.toBeNull();
    expect(pendingDice()).toEqual([]);

    for (const c of table.all) {
      const text = cardText(c, id!);
      expect(text).toContain("Eusyl · Fragmentation Grenade");
      expect(text).toMatch(/Caught in the blast: Bystander(?![,\w])/);
      // The throw in the header (issue 13); the Bystander's row, where it stands: on the spot the grenade hit.
      expect(text).toContain("Throw 6 m · Short 20 ≤ 40 Hit Modifiers = 40%");
      expect(rowText(c, id!, "Bystander")).toContain("Bystander 0 m from the blast · in the blast");
      const source = messageSource(c, id!);
      for (const secret of SECRETS) {
        expect(text).not.toContain(secret);
        expect(source).not.toContain(secret);
      }
    }
    expect(cardButtons(gm, id!)).toEqual(["apply:Bystander", "place"]);
    expect(cardButtons(alice, id!)).toEqual(["apply:Bystander", "place"]);
    expect(cardButtons(bruno, id!)).toEqual(["place"]);

    // The GM applies the card: the Bystander takes its 36; the GM's client adds no one the card does not hold.
    clickCard(gm, id!, "apply", "Bystander");
    await table.settle();
    for (const c of table.all) {
      expect(staminaOf(c, TOK_BYSTANDER)).toBe(60 - 36);
      expect(staminaOf(c, TOK_AMBUSHER)).toBe(70);
      expect(statusesOf(c, TOK_AMBUSHER)).toEqual([]);
      for (const secret of SECRETS) expect(messageSource(c, id!)).not.toContain(secret);
    }
    expect(storedStamina(table, BYSTANDER)).toBe(24);
    expect(storedAmbusher()).toBe(before);
    expect(cardButtons(gm, id!)).toEqual(["undo:Bystander", "place"]);
    expect(table.unhandled).toEqual([]);
  });

  it('SF-B-17/SF-X-43: the GM\'s own grenade from the same spot catches the hidden ambusher too; the card stores it as "?" on every client, players read "?", and the GM\'s page names it from its token', async () => {
    table = await createTable({ world: world([9, 4]), online: "every" });
    const gm = table.client(GM_ID);
    // d100 20 hits; 8d10 aimed; 8d10 for the Bystander (36), 8d10 for the ambusher (44), in the scene's token order.
    table.dice(20, ...[1, 1, 1, 1, 1, 1, 1, 1], ...[3, 4, 5, 6, 2, 7, 1, 8], ...[6, 6, 6, 6, 5, 5, 5, 5]);
    const id = await attack(table, gm, EUSYL, "Fragmentation Grenade", [TOK_BYSTANDER]);
    expect(told(gm).filter((t) => !t.startsWith("info"))).toEqual([]);
    expect(id).not.toBeNull();
    expect(pendingDice()).toEqual([]);

    // No client's copy names the hidden ambusher; the players' pages read "?", the GM's page names it by its UUID.
    for (const c of table.all) {
      expect(cardText(c, id!)).toContain(
        c.userId === GM_ID || c.userId === ASSISTANT_ID
          ? "Caught in the blast: Bystander, Sathar assassin"
          : "Caught in the blast: Bystander, ?",
      );
      for (const secret of ["Sathar assassin", "assassin"])
        expect(messageSource(c, id!)).not.toContain(secret);
    }
    expect(cardButtons(gm, id!)).toEqual(["apply:Bystander", "apply:Sathar assassin", "applyAll", "place"]);
    expect(rowText(gm, id!, "Sathar assassin")).toContain("Apply 44");
    clickCard(gm, id!, "apply", "Sathar assassin");
    await table.settle();
    expect(staminaOf(gm, TOK_AMBUSHER)).toBe(70 - 44);
    expect(storedStamina(table, AMBUSHER)).toBe(26);
    expect(table.unhandled).toEqual([]);
  });

  it('SF-X-43: on the GM\'s public grenade card the hidden ambusher\'s "?" row carries no distance from the blast (which with the landing point would place it): Bruno reads "? in the blast", and no client\'s stored card holds a number for it', async () => {
    table = await createTable({ world: world([9, 4]), online: "every" });
    const gm = table.client(GM_ID);
    const bruno = table.client(BRUNO_ID);
    table.dice(20, ...[1, 1, 1, 1, 1, 1, 1, 1], ...[3, 4, 5, 6, 2, 7, 1, 8], ...[6, 6, 6, 6, 5, 5, 5, 5]);
    const id = await attack(table, gm, EUSYL, "Fragmentation Grenade", [TOK_BYSTANDER]);
    expect(id).not.toBeNull();
    const head = (c: Client, name: string) =>
      [...renderMessage(c, id!).querySelectorAll("li.ft-target .ft-target-head")]
        .map((h) => text(h))
        .filter((h) => h.startsWith(`${name} `));
    for (const c of [gm, bruno]) {
      // The visible Bystander keeps its own distance (on the spot the grenade hit); the hidden row has none (the
      // GM's page names it from its UUID, review-ux 1.1).
      expect(head(c, "Bystander")).toEqual(["Bystander 0 m from the blast · in the blast"]);
      const hidden = c === gm ? "Sathar assassin" : "?";
      expect(head(c, hidden)).toEqual([`${hidden} in the blast`]);
    }
    for (const c of table.all) {
      const card = c.run(() => G().game.messages.get(id!).system.card);
      const hidden = `Scene.${SCENE}.Token.${TOK_AMBUSHER}`;
      expect(card.targets.find((t: { id: string }) => t.id === hidden).distance).toBeNull();
      expect(card.grenade.caught.find((t: { id: string }) => t.id === hidden).distance).toBeNull();
      expect(card.grenade.caught.find((t: { name: string }) => t.name === "Bystander").distance).toBe(0);
    }
    expect(table.unhandled).toEqual([]);
  });

  // Review-ux 1.1 (fixa): this test stated that a whispered card "names the hidden ambusher" because only the GM
  // receives it. v13 delivers a whispered message that has rolls to EVERY client (client/documents/chat-message.mjs
  // `get visible()`: `if ( this.whisper.length ) { if ( this.isRoll ) return true; … }` — that is how players read
  // "Gamemaster rolled privately"), and core's "Reveal message" makes it public in one click. So the card stores "?"
  // in every roll mode, and only the GM's page draws the name, from the UUID.
  for (const mode of ["gmroll", "blindroll", "selfroll"] as const)
    it(`SF-B-17/SF-X-43: the same grenade in the GM's "${mode}" mode reaches every client, and no client's copy names the hidden ambusher or holds its distance; the GM's page names it from its token`, async () => {
      table = await createTable({ world: world([9, 4]), online: "every" });
      const gm = table.client(GM_ID);
      const bruno = table.client(BRUNO_ID);
      await gm.run(() => G().game.settings.set("core", "rollMode", mode));
      table.dice(20, ...[1, 1, 1, 1, 1, 1, 1, 1], ...[3, 4, 5, 6, 2, 7, 1, 8], ...[6, 6, 6, 6, 5, 5, 5, 5]);
      const id = await attack(table, gm, EUSYL, "Fragmentation Grenade", [TOK_BYSTANDER]);
      expect(id).not.toBeNull();
      expect(gm.run(() => G().game.messages.get(id!).whisper.length)).toBeGreaterThan(0);
      expect(cardText(gm, id!)).toContain("Caught in the blast: Bystander, Sathar assassin");
      const hidden = `Scene.${SCENE}.Token.${TOK_AMBUSHER}`;
      for (const c of table.all) {
        expect(c.run(() => !!G().game.messages.get(id!))).toBe(true);
        for (const secret of ["Sathar assassin", "assassin"])
          expect(messageSource(c, id!)).not.toContain(secret);
        const card = c.run(() => G().game.messages.get(id!).system.card);
        expect(card.grenade.caught.find((t: { id: string }) => t.id === hidden)).toMatchObject({
          name: "?",
          distance: null,
        });
      }
      // Bruno's page: core's "rolled privately", nothing of the card.
      expect(cardText(bruno, id!)).not.toContain("assassin");
      expect(table.unhandled).toEqual([]);
    });

  it("SF-X-40: in the explosive charge's stun ring, Alice's card checks RS for Eusyl and the visible Lookout, never for the hidden ambusher", async () => {
    table = await createTable({ world: world([12, 4], { lookout: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    // d100 20 hits at 40 %; the charge's damage is not in our sources (no damage dice); an RS d100 for each one in
    // the ring (within 6 m, outside 3 m), in the scene's token order: Eusyl himself (6 m) 33, the Lookout (4 m) 77.
    // None for the ambusher, also 4 m away but hidden.
    table.dice(20, 33, 77);
    const id = await attack(table, alice, EUSYL, "Explosive Charge (500 g)", [TOK_BYSTANDER]);
    expect(told(alice)).toEqual([]);
    expect(id).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    for (const c of table.all) {
      const text = cardText(c, id!);
      expect(text).toMatch(/Caught in the blast: Bystander(?![,\w])/);
      expect(text).toContain("Eusyl 33");
      expect(text).toContain("Lookout 77");
      // R1-5(b): Eusyl's RS (a player's character) is shown, the Lookout's (an NPC's) is not, on the card or in it.
      expect(text).toMatch(/Eusyl 33\/50 (steady|stunned)/);
      expect(text).toMatch(/Lookout 77 (steady|stunned)/);
      const ring = c.run(() => G().game.messages.get(id!).system.card.grenade.ring);
      expect(ring.map((r: { name: string; rs: number | null }) => [r.name, r.rs])).toEqual([
        ["Eusyl", 50],
        ["Lookout", null],
      ]);
      for (const secret of SECRETS) {
        expect(text).not.toContain(secret);
        expect(messageSource(c, id!)).not.toContain(secret);
      }
    }
    for (const c of table.all) expect(targetsOn(c, id!)).toEqual(["Bystander", "Eusyl", "Lookout"]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-40: the GM's explosive charge from the same spot checks RS for the hidden ambusher too, stored as \"?\" (the GM's page names it)", async () => {
    table = await createTable({ world: world([12, 4], { lookout: true }), online: "every" });
    const gm = table.client(GM_ID);
    // d100 20 hits; the ring holds Eusyl, the ambusher and the Lookout (token order), one RS d100 each.
    table.dice(20, 33, 90, 77);
    const id = await attack(table, gm, EUSYL, "Explosive Charge (500 g)", [TOK_BYSTANDER]);
    expect(id).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    // The hidden ambusher's check is there, under "?", on every player's page; the GMs' pages name it (review-ux 1.1).
    for (const c of table.all) {
      const text = cardText(c, id!);
      expect(text).toContain("Eusyl 33");
      expect(text).toContain(c.userId === GM_ID || c.userId === ASSISTANT_ID ? "Sathar assassin 90" : "? 90");
      expect(text).toContain("Lookout 77");
      for (const secret of ["Sathar assassin", "assassin"])
        expect(messageSource(c, id!)).not.toContain(secret);
    }
    expect(targetsOn(gm, id!)).toEqual(["Bystander", "Eusyl", "Sathar assassin", "Lookout"]);
    expect(targetsOn(table.client(BRUNO_ID), id!)).toEqual(["Bystander", "Eusyl", "?", "Lookout"]);
    expect(table.unhandled).toEqual([]);
  });

  it.each([
    ["Alice", true, "30%", false, ALICE_ID],
    ["Alice", false, "20%", true, ALICE_ID],
    ["the GM", true, "20%", true, GM_ID],
  ])(
    "SF-X-35: %s shoots the Bystander past the ambusher (hidden: %s) → %s, crowd cover %s",
    async (_who, hidden, chance, crowd, userId) => {
      table = await createTable({ world: world([5, 4], { hidden }), online: "every" });
      const shooter = table.client(userId);
      // d100 10 hits either way; 1 SEU → 1d10 = 6.
      table.dice(10, 6);
      const id = await attack(table, shooter, EUSYL, "Laser Pistol", [TOK_BYSTANDER]);
      expect(told(shooter).filter((t) => !t.startsWith("info"))).toEqual([]);
      expect(id).not.toBeNull();
      expect(pendingDice()).toEqual([]);
      const readers = userId === GM_ID ? [shooter] : table.all;
      for (const c of readers) {
        const row = rowText(c, id!, "Bystander");
        expect(row).toContain(`Modifiers = ${chance}`);
        if (crowd) expect(row).toContain("Target in a crowdSF-X-35−10");
        else expect(row).not.toContain("crowd");
        if (hidden && userId !== GM_ID)
          for (const secret of SECRETS) expect(messageSource(c, id!)).not.toContain(secret);
      }
      expect(table.unhandled).toEqual([]);
    },
  );

  it('SF-X-35: the GM\'s shot past the hidden ambusher misses; the public card offers it as a stray candidate by its token only, named "?" on every client', async () => {
    table = await createTable({ world: world([5, 4]), online: "every" });
    const gm = table.client(GM_ID);
    // d100 95 misses at 20 % (1 SEU: the 1d10 shows 4); the miss into the crowd rolls the stray d100, 30.
    table.dice(95, 4, 30);
    const id = await attack(table, gm, EUSYL, "Laser Pistol", [TOK_BYSTANDER]);
    expect(id).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    for (const c of table.all) {
      const stray = c.run(() => G().game.messages.get(id!).system.card.stray);
      expect(stray.candidates).toEqual([{ id: `Scene.${SCENE}.Token.${TOK_AMBUSHER}`, name: "?" }]);
      for (const secret of ["Sathar assassin", "assassin"])
        expect(messageSource(c, id!)).not.toContain(secret);
    }
    expect(table.unhandled).toEqual([]);
  });

  for (const mode of ["publicroll", "gmroll"] as const)
    it(`SF-B-13 R1-5(c) (review-final-trust 1.2): the GM's "${mode}" Laser Pistol shot AT the hidden ambusher stores its target as "?" on every client; the GM's page names it from its token, Alice's reads "?"`, async () => {
      table = await createTable({ world: world([5, 4]), online: "every" });
      const gm = table.client(GM_ID);
      const alice = table.client(ALICE_ID);
      await gm.run(() => G().game.settings.set("core", "rollMode", mode));
      table.dice(5, 4, 30, 30);
      const id = await attack(table, gm, EUSYL, "Laser Pistol", [TOK_AMBUSHER]);
      expect(id).not.toBeNull();
      const hidden = `Scene.${SCENE}.Token.${TOK_AMBUSHER}`;
      for (const c of table.all) {
        for (const secret of ["Sathar assassin", "assassin"])
          expect(messageSource(c, id!)).not.toContain(secret);
        const card = c.run(() => G().game.messages.get(id!).system.card);
        expect(card.targets.map((t: { id: string; name: string }) => [t.id, t.name])).toEqual([
          [hidden, "?"],
        ]);
      }
      expect(targetsOn(gm, id!)).toEqual(["Sathar assassin"]);
      if (mode === "publicroll") expect(targetsOn(alice, id!)).toEqual(["?"]);
      expect(table.unhandled).toEqual([]);
    });

  it("a player's script that targets the hidden ambusher gets the no-target warning; nothing is rolled, spent or posted", async () => {
    table = await createTable({ world: world([9, 4]), online: "every" });
    const alice = table.client(ALICE_ID);
    const writes = table.server.log.length;
    const id = await attack(table, alice, EUSYL, "Fragmentation Grenade", [TOK_AMBUSHER]);
    expect(id).toBeNull();
    expect(told(alice)).toEqual([
      "warn: Target at least one token (T, or double-right-click) before attacking.",
    ]);
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
