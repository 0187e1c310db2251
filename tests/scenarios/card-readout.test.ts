/**
 * Scenario: what an attack card tells the table before anyone clicks (issue 13, review table-ux §3 "Burst attack
 * card", "Single-shot cards", "Grenade card", findings #6, #13, #26), played from Alice's sheet on every seat.
 *
 * - Each shot reads its roll against the number it had to make ("12 ≤ 55 Hit"), as the burst line does, and the
 *   damage with its dice from the real Roll ("1d10 [7] = 7 dmg"); "dmg" is text, not a CSS suffix.
 * - Each Apply button says what it will do after screens and suits ("Apply 7 → Stamina 40 → 37 (Inertia Screen takes
 *   4, 2 SEU)"), planned by the GM's own `planApplication` from the target as it is now — on the pages of users who
 *   may see that target's numbers only (the GM; a player who may observe it): never in the card's shared content.
 * - A card with several targets has Apply to all for the GM: one batched Token write for a three-target burst.
 *   A double click, or a target deleted meanwhile, loses nothing and says so.
 * - A grenade's rows describe each creature by its own position (its distance from where the grenade went off),
 *   with no to-hit modifiers and no "Miss" beside Apply: the throw's roll is the card's header.
 *
 * Eusyl (Alice's): DEX 50 → ½ DEX 25 (SF-X-11), Projectile Weapons 2 → +20 (SF-X-12), point blank 0 (SF-X-14),
 * a stationary target +10 (SF-X-17): 55 % for a single shot, +20 for a burst (SF-X-21): 75 %. The Guard wears an
 * inertia screen on a beltpack: it halves bullet damage, the wearer takes the smaller half, 2 SEU a hit (SF-X-36).
 */
import { describe, expect, it } from "vitest";
import { wallData } from "../foundry/canvas.js";
import { pendingDice } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
  buttonsOf,
  cardButtons,
  cardText,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  requestsSince,
  rowText,
  sceneSource,
  settingSource,
  staminaOf,
  targetBlock,
  text,
  tokenSource,
  tokenStamina,
  told,
} from "./kit.js";

const SCENE = id("sceneReadout");
const EUSYL = id("actEusyl");
const KRAAL = id("actKraal");
const GUARD = id("actGuard");
const PIRATE = id("actPirate");
const PISTOL = id("itmAutoPistol");
const SKILL = id("itmProjSkill");
const BELT = id("itmBelt");
const SCREEN = id("itmInertia");
const TOK = {
  eusyl: id("tokEusyl"),
  kraal: id("tokKraal"),
  guard: id("tokGuard"),
  vask: id("tokVask"),
  orr: id("tokOrr"),
  tane: id("tokTane"),
};

let table: Table;
closeTableAfterEach(() => table);

/**
 * 1 m squares. Eusyl at (1700, 1500); the Guard 2 m west of her; Kraal (Bruno's, whom every player may observe)
 * 4 m north; three pirates (unlinked tokens of one NPC, no screen) in a column 2 m east: all point blank.
 */
const world = (options: { belt?: number; guard2?: boolean } = {}) => ({
  // Alice applies her own card to tokens she does not own: so her Apply buttons stay, and what the preview shows
  // her is decided by the trust rules alone.
  settings: [settingSource("settingApplyAll1", "playersApplyToAll", true)],
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 50 },
      stamina: 45,
      items: [
        itemFromPack("weapons", "automatic-pistol", PISTOL),
        itemFromPack("skills", "projectile-weapons", SKILL, { level: 2 }),
      ],
    }),
    // Bruno's character, which the other players may observe (ownership default OBSERVER).
    {
      ...actorSource({ _id: KRAAL, name: "Kraal", owner: BRUNO_ID, stamina: 45 }),
      ownership: { default: 2, [BRUNO_ID]: 3 },
    },
    actorSource({
      _id: GUARD,
      name: "Guard",
      stamina: 40,
      items: [
        itemFromPack("power", "power-beltpack", BELT, { remaining: options.belt ?? 10, capacity: 50 }),
        itemFromPack("defenses", "inertia-screen", SCREEN, { active: true, powerSource: BELT }),
      ],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Cargo deck",
      tokens: [
        tokenSource({ _id: TOK.eusyl, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1700, y: 1500 }),
        tokenSource({ _id: TOK.guard, name: "Guard", actorId: GUARD, actorLink: true, x: 1500, y: 1500 }),
        tokenSource({ _id: TOK.kraal, name: "Kraal", actorId: KRAAL, actorLink: true, x: 1700, y: 1100 }),
        tokenSource({ _id: TOK.vask, name: "Vask", actorId: PIRATE, actorLink: false, x: 1900, y: 1400 }),
        tokenSource({ _id: TOK.orr, name: "Orr", actorId: PIRATE, actorLink: false, x: 1900, y: 1500 }),
        tokenSource({ _id: TOK.tane, name: "Tane", actorId: PIRATE, actorLink: false, x: 1900, y: 1600 }),
        // A second token of the Guard (one linked actor, one beltpack), 1 m south of the first.
        ...(options.guard2
          ? [
              tokenSource({
                _id: id("tokGuard2"),
                name: "Guard 2",
                actorId: GUARD,
                actorLink: true,
                x: 1500,
                y: 1600,
              }),
            ]
          : []),
      ],
    }),
  ],
});

/** The text of an Apply button for a target as `client`'s user has it (null when they have none). */
function applyText(client: Table["all"][number], messageId: string, name: string): string | null {
  const button = targetBlock(renderMessage(client, messageId), name).querySelector(
    '[data-ft-action="apply"]',
  );
  return button ? text(button) : null;
}

/** The user clicks the card's Apply to all on their own page (the card freshly rendered for them). */
function clickApplyAll(client: Table["all"][number], messageId: string): void {
  const button = renderMessage(client, messageId).querySelector<HTMLButtonElement>(
    '[data-ft-action="applyAll"]',
  );
  if (!button) throw new Error(`${client.userId} has no Apply to all`);
  client.run(() => button.click());
}

/** The card's shared HTML as every client received it. */
const contentEverywhere = (messageId: string) =>
  onEveryClient(table, () => G().game.messages.get(messageId).content as string);

const stamina = (tokenId: string) => onEveryClient(table, () => tokenStamina(SCENE, tokenId));

describe("scenario: the attack card's readout — roll against its number, damage dice, what Apply will do, Apply to all, grenade rows", () => {
  it("SF-X-11 SF-X-12 SF-X-14 SF-X-17 SF-X-36: Alice's shot at the Guard reads '12 ≤ 55 Hit 1d10 [7] = 7 dmg' everywhere; the GM's Apply says '→ Stamina 40 → 37 (Inertia Screen takes 4, 2 SEU)', Alice's '→ Stamina' and does exactly that; Alice and Bruno never see the Guard's numbers", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    table.dice(12, 7);
    const card = await attack(table, alice, EUSYL, PISTOL, [TOK.guard]);
    expect(card).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    expect(told(alice)).toEqual([]);

    // Every seat reads the roll against its number and the damage's dice (issue 13, table-ux #13).
    for (const c of table.all) {
      const line = text(targetBlock(renderMessage(c, card!), "Guard").querySelector(".ft-roll-line"));
      expect(line).toBe("12 ≤ 55 Hit 1d10 [7] = 7 dmg");
    }
    // What Apply will do, after the Guard's inertia screen: on the GM's page only. Alice may apply (the world lets
    // players apply to all) but may not observe the Guard: her button is the plain one, and Bruno has none.
    expect(applyText(gm, card!, "Guard")).toBe("Apply 7 → Stamina 40 → 37 (Inertia Screen takes 4, 2 SEU)");
    // Issue 30: Alice's button says where the hit goes, never the Guard's numbers or screen.
    expect(applyText(alice, card!, "Guard")).toBe("Apply 7 → Stamina");
    expect(applyText(bruno, card!, "Guard")).toBeNull();
    for (const c of [alice, bruno]) expect(rowText(c, card!, "Guard")).not.toMatch(/Stamina \d|→ 37|Inertia/);
    // The shared content never carries it, on any client.
    for (const html of Object.values(contentEverywhere(card!))) {
      expect(html).not.toContain("Stamina");
      expect(html).not.toContain("Inertia Screen");
    }

    // The GM's click does what the preview said: 40 − 3 = 37 on every client, the beltpack 10 − 2 = 8.
    clickCard(gm, card!, "apply", "Guard");
    await table.settle();
    expect(stamina(TOK.guard)).toEqual(everyone(table, 37));
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).items.get(BELT).system.remaining)).toEqual(
      everyone(table, 8),
    );
    // "Applied" says Stamina (table-ux #26) to those who may see it; Undo is the secondary button.
    expect(text(targetBlock(renderMessage(gm, card!), "Guard").querySelector(".ft-applied"))).toBe(
      "Applied: 3 (Stamina 40 → 37) · Inertia Screen 7→3 (2 SEU)",
    );
    for (const c of [alice, bruno])
      expect(text(targetBlock(renderMessage(c, card!), "Guard").querySelector(".ft-applied"))).toBe(
        "Applied",
      );
    const undo = renderMessage(gm, card!).querySelector<HTMLElement>('[data-ft-action="undo"]');
    expect(undo?.classList.contains("ft-secondary")).toBe(true);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-11 SF-X-12 SF-X-14 SF-X-17: a target Alice may observe (Bruno's Kraal) shows her what her Apply will do; Bruno, who has no Apply on her card, reads the shot", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    table.dice(30, 9);
    const card = await attack(table, alice, EUSYL, PISTOL, [TOK.kraal]);
    expect(card).not.toBeNull();
    expect(applyText(alice, card!, "Kraal")).toBe("Apply 9 → Stamina 45 → 36");
    expect(applyText(gm, card!, "Kraal")).toBe("Apply 9 → Stamina 45 → 36");
    expect(applyText(bruno, card!, "Kraal")).toBeNull();
    expect(rowText(bruno, card!, "Kraal")).toContain("30 ≤ 55 Hit 1d10 [9] = 9 dmg");
    clickCard(alice, card!, "apply", "Kraal");
    await table.settle();
    expect(stamina(TOK.kraal)).toEqual(everyone(table, 36));
    expect(text(targetBlock(renderMessage(alice, card!), "Kraal").querySelector(".ft-applied"))).toBe(
      "Applied: 9 (Stamina 45 → 36)",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-24 SF-X-21: the GM's Apply to all applies a three-target burst (7d10 [10, 10, 5, 5, 4, 3, 3] = 40 → 13 each) in one batched Token write; every client sees 27", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    // One d100 (30 ≤ 75), then the burst's 5d10 + 1d10 per extra target = 7d10.
    table.dice(30, 10, 10, 5, 5, 4, 3, 3);
    const card = await attack(table, alice, EUSYL, PISTOL, [TOK.vask, TOK.orr, TOK.tane]);
    expect(card).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    for (const c of table.all) {
      const seen = renderMessage(c, card!);
      expect(text(seen.querySelector(".ft-burst .ft-roll-line"))).toBe("Burst (3) 30 ≤ 75 Hit");
      expect(text(seen.querySelector(".ft-split"))).toBe(
        "7d10 [10, 10, 5, 5, 4, 3, 3] = 40 → 13 each, 1 lost SF-X-24",
      );
    }
    // Apply to all is the GM's (and the author's, where the world lets players apply to all); Bruno has nothing.
    expect(cardButtons(gm, card!)).toEqual(["apply:Vask", "apply:Orr", "apply:Tane", "applyAll"]);
    expect(cardButtons(bruno, card!)).toEqual([]);
    expect(applyText(gm, card!, "Orr")).toBe("Apply 13 → Stamina 40 → 27");

    const mark = table.server.log.length;
    const toldBefore = told(gm).length;
    clickApplyAll(gm, card!);
    await table.settle();
    for (const tok of [TOK.vask, TOK.orr, TOK.tane]) expect(stamina(tok)).toEqual(everyone(table, 27));
    // One batched write of the three tokens, then the card's marks.
    expect(requestsSince(table, mark)).toEqual([
      "update Token by Gamemaster",
      "update ChatMessage by Gamemaster",
    ]);
    expect(table.server.log[mark]?.count).toBe(3);
    expect(cardButtons(gm, card!)).toEqual(["undo:Vask", "undo:Orr", "undo:Tane"]);
    expect(cardButtons(alice, card!)).toEqual([]);
    expect(told(gm).slice(toldBefore)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-24: Apply to all double-clicked after a target was deleted: the others are applied once, the GM is told about the deleted one, and a later click says it is already applied", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(30, 10, 10, 5, 5, 4, 3, 3);
    const card = await attack(table, alice, EUSYL, PISTOL, [TOK.vask, TOK.orr, TOK.tane]);
    expect(card).not.toBeNull();
    // The GM removes Tane from the scene before applying.
    await gm.run(() => G().game.scenes.get(SCENE).deleteEmbeddedDocuments("Token", [TOK.tane]));
    await table.settle();

    const mark = table.server.log.length;
    const toldBefore = told(gm).length;
    const seen = renderMessage(gm, card!);
    const button = seen.querySelector<HTMLButtonElement>('[data-ft-action="applyAll"]')!;
    gm.run(() => {
      button.click();
      button.click();
    });
    await table.settle();
    expect(stamina(TOK.vask)).toEqual(everyone(table, 27));
    expect(stamina(TOK.orr)).toEqual(everyone(table, 27));
    expect(requestsSince(table, mark)).toEqual([
      "update Token by Gamemaster",
      "update ChatMessage by Gamemaster",
    ]);
    expect(table.server.log[mark]?.count).toBe(2);
    expect(told(gm).slice(toldBefore)).toEqual([
      "warn: Tane is no longer on the scene; nothing was applied to it.",
    ]);

    // The same (stale) button clicked again later: nothing is applied twice, and the GM is told why.
    gm.run(() => button.click());
    await table.settle();
    expect(stamina(TOK.vask)).toEqual(everyone(table, 27));
    expect(stamina(TOK.orr)).toEqual(everyone(table, 27));
    expect(told(gm).slice(toldBefore + 1)).toEqual([
      "info: Damage from this card was already applied to Vask.",
      "info: Damage from this card was already applied to Orr.",
      "warn: Tane is no longer on the scene; nothing was applied to it.",
    ]);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: each Apply button previews its own click (review 13c L1, M2)", () => {
  it("SF-X-24 SF-X-36: a burst hits two tokens of the one Guard, whose beltpack has 2 SEU (one hit's worth): each Apply button alone says the screen takes 7 for 2 SEU, as that click alone would do — not what the other's apply would leave", async () => {
    table = await createTable({ world: world({ belt: 2, guard2: true }), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    // One d100 (30 ≤ 75), then 5d10 + 1d10 for the second target = 6d10 = 26 → 13 each (SF-X-24).
    table.dice(30, 6, 5, 5, 4, 3, 3);
    const card = await attack(table, alice, EUSYL, PISTOL, [TOK.guard, id("tokGuard2")]);
    expect(card).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    // SF-X-36: the inertia screen takes half of 13 (7), the Guard the rest (6), for 2 SEU: the pack's last 2.
    const seen = renderMessage(gm, card!);
    for (const name of ["Guard", "Guard 2"])
      expect(text(targetBlock(seen, name).querySelector('[data-ft-action="apply"]'))).toBe(
        "Apply 13 → Stamina 40 → 34 (Inertia Screen takes 7, 2 SEU)",
      );
    // And Guard 2's click alone does exactly that: 40 − 6 = 34, the pack at 0.
    clickCard(gm, card!, "apply", "Guard 2");
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).system.stamina.value)).toEqual(
      everyone(table, 34),
    );
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).items.get(BELT).system.remaining)).toEqual(
      everyone(table, 0),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-36: two of Alice's cards hit the Guard, whose beltpack has 2 SEU; the GM applies the first, and the second card's Apply, already on the GM's page, now says the screen has no power (→ Stamina 37 → 30), without re-rendering the card", async () => {
    table = await createTable({ world: world({ belt: 2 }), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    table.dice(12, 7);
    const first = await attack(table, alice, EUSYL, PISTOL, [TOK.guard]);
    table.dice(20, 7);
    const second = await attack(table, alice, EUSYL, PISTOL, [TOK.guard]);
    expect(first && second).toBeTruthy();
    // Both cards as the GM's chat log shows them, rendered once.
    const page = renderMessage(gm, second!);
    const button = () => text(targetBlock(page, "Guard").querySelector('[data-ft-action="apply"]'));
    expect(button()).toBe("Apply 7 → Stamina 40 → 37 (Inertia Screen takes 4, 2 SEU)");
    const alicePage = renderMessage(alice, second!);

    clickCard(gm, first!, "apply", "Guard");
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).items.get(BELT).system.remaining)).toEqual(
      everyone(table, 0),
    );
    // SF-X-36: no power, no effect: the second hit would take the Guard's Stamina by the whole 7.
    expect(button()).toBe("Apply 7 → Stamina 37 → 30 (Inertia Screen: no power)");
    // Alice, who may not observe the Guard, still reads only where the hit goes (issue 30).
    expect(text(targetBlock(alicePage, "Guard").querySelector('[data-ft-action="apply"]'))).toBe(
      "Apply 7 → Stamina",
    );
    // And the GM's click does what it now says: 40 − 3 − 7 = 30.
    clickCard(gm, second!, "apply", "Guard", page);
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(GUARD).system.stamina.value)).toEqual(
      everyone(table, 30),
    );
    expect(table.unhandled).toEqual([]);
  });
});

/*
 * The grenade: Eusyl (2,4) throws a fragmentation grenade at the Scout (14,4), 12 m, Medium. ½ DEX 30 + Thrown
 * Weapons 1 (+10) − 20 (Medium) + 10 (stationary) = 30 % (SF-X-38). d100 72 misses; d10 5 bounces it 90°
 * clockwise, 10 m at Medium range (SF-X-39): it goes off at (14,14). The Trooper (14,13) is 1 m from there, the
 * Sergeant (12,15) √5 ≈ 2.2 m; the blast is 3 m (SF-X-43). The Scout is not caught.
 */
const GREN_SCENE = id("sceneGrenReadout");
const THROWER = id("actThrower");
const SCOUT = id("actScout");
const TROOPER = id("actTrooper");
const SERGEANT = id("actSergeant");

const grenadeWorld = (options: { hedge?: boolean } = {}) => ({
  actors: [
    actorSource({
      _id: THROWER,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 60, rs: 50, sta: 50 },
      items: [itemFromPack("grenades", "fragmentation-grenade"), itemFromPack("skills", "thrown-weapons")],
    }),
    ...(
      [
        [SCOUT, "Scout", 40],
        [TROOPER, "Trooper", 45],
        [SERGEANT, "Sergeant", 50],
      ] as const
    ).map(([_id, name, stamina]) =>
      actorSource({ _id, name, type: "creature", stamina, system: { size: "medium", speed: "medium" } }),
    ),
  ],
  scenes: [
    sceneSource({
      _id: GREN_SCENE,
      name: "Sathar outpost",
      tokens: [
        tokenSource({
          _id: id("tokThrower"),
          name: "Eusyl",
          actorId: THROWER,
          actorLink: true,
          ...cell(2, 4),
        }),
        tokenSource({ _id: id("tokScout"), name: "Scout", actorId: SCOUT, actorLink: true, ...cell(14, 4) }),
        tokenSource({
          _id: id("tokTrooper"),
          name: "Trooper",
          actorId: TROOPER,
          actorLink: true,
          ...cell(14, 13),
        }),
        tokenSource({
          _id: id("tokSergeant"),
          name: "Sergeant",
          actorId: SERGEANT,
          actorLink: true,
          ...cell(12, 15),
        }),
      ],
      // A hedge (a terrain wall: soft cover, SF-X-22) just in front of the Scout, across the line of the throw.
      walls: options.hedge
        ? [
            {
              ...wallData("terrain", [cell(14, 0).x - 20, cell(0, 3).y, cell(14, 0).x - 20, cell(0, 6).y]),
              _id: id("wallHedge"),
            },
          ]
        : [],
    }),
  ],
});

describe("scenario: a grenade card describes each creature by its own position (table-ux #6)", () => {
  it("SF-X-38 SF-X-39 SF-X-43: a grenade that misses and bounces: the throw (12 m · Medium, 72 ≤ 30 Miss) is the header; the Trooper reads 1 m and the Sergeant 2.2 m from the blast with their own dice, no Miss beside Apply; the GM applies both at once", async () => {
    table = await createTable({ world: grenadeWorld(), online: "every" });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const aimed = [1, 1, 1, 1, 1, 1, 1, 1]; // 8d10 rolled with the throw for its aimed target (a miss: unused)
    const forTrooper = [3, 4, 5, 6, 2, 7, 1, 8]; // 36
    const forSergeant = [10, 9, 2, 2, 5, 6, 4, 1]; // 39
    table.dice(72, ...aimed, 5, ...forTrooper, ...forSergeant);
    const card = await attack(table, alice, THROWER, "Fragmentation Grenade", [id("tokScout")]);
    expect(card).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    for (const c of table.all) {
      const seen = renderMessage(c, card!);
      expect(text(seen.querySelector(".ft-throw .ft-roll-line"))).toBe("Throw 12 m · Medium 72 ≤ 30 Miss");
      expect(text(seen.querySelector(".ft-grenade"))).toBe(
        "Missed and bounced (d10 5) · Caught in the blast: Trooper, Sergeant",
      );
      const heads = [...seen.querySelectorAll("li.ft-target .ft-target-head")].map((h) => text(h));
      expect(heads).toEqual([
        "Trooper 1 m from the blast · in the blast",
        "Sergeant 2.2 m from the blast · in the blast",
      ]);
      for (const [name, dice] of [
        ["Trooper", "8d10 [3, 4, 5, 6, 2, 7, 1, 8] = 36 dmg"],
        ["Sergeant", "8d10 [10, 9, 2, 2, 5, 6, 4, 1] = 39 dmg"],
      ] as const) {
        const row = targetBlock(seen, name);
        expect(text(row.querySelector(".ft-roll-line"))).toBe(dice);
        // No to-hit modifiers, band, cover or "Miss" on a caught creature's row: those were the throw's.
        expect(row.querySelector(".ft-mods")).toBeNull();
        expect(text(row)).not.toMatch(/Miss|Medium|Modifiers/);
      }
    }
    // The GM's Apply buttons say what each will do (the Sathar wear nothing); Apply to all applies both at once.
    expect(applyText(gm, card!, "Trooper")).toBe("Apply 36 → Stamina 45 → 9");
    expect(applyText(gm, card!, "Sergeant")).toBe("Apply 39 → Stamina 50 → 11");
    expect(buttonsOf(renderMessage(gm, card!))).toEqual([
      "apply:Trooper",
      "apply:Sergeant",
      "applyAll",
      "place",
    ]);
    const mark = table.server.log.length;
    clickApplyAll(gm, card!);
    await table.settle();
    for (const c of table.all) {
      expect(staminaOf(c, id("tokTrooper"))).toBe(45 - 36);
      expect(staminaOf(c, id("tokSergeant"))).toBe(50 - 39);
      expect(staminaOf(c, id("tokScout"))).toBe(40);
    }
    expect(requestsSince(table, mark)).toEqual([
      "update Actor by Gamemaster",
      "update ChatMessage by Gamemaster",
    ]);
    expect(cardText(gm, card!)).toContain("Applied: 36 (Stamina 45 → 9)");
    expect(table.unhandled).toEqual([]);
  });

  it("SF-X-38: a throw at the Scout behind a hedge shows its cover in the header beside distance and band — 'Throw 12 m · Medium Soft cover' — on every seat; cover does not change a throw's 30 %", async () => {
    table = await createTable({ world: grenadeWorld({ hedge: true }), online: "every" });
    const alice = table.client(ALICE_ID);
    // SF-X-38: only range, movement, wrong hand and wounds count for a throw, so the hedge leaves it at 30 %; the
    // header still says why a player might think it hard. d100 10 hits; 8d10 for the aimed target, 8d10 for the Scout.
    table.dice(10, ...[1, 1, 1, 1, 1, 1, 1, 1], ...[2, 2, 2, 2, 2, 2, 2, 2]);
    const card = await attack(table, alice, THROWER, "Fragmentation Grenade", [id("tokScout")]);
    expect(card).not.toBeNull();
    expect(pendingDice()).toEqual([]);
    for (const c of table.all)
      expect(text(renderMessage(c, card!).querySelector(".ft-throw .ft-roll-line"))).toBe(
        "Throw 12 m · Medium Soft cover 10 ≤ 30 Hit",
      );
    expect(table.unhandled).toEqual([]);
  });
});
