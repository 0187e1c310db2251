/**
 * Scenario: power packs, screens and clips (issue 12 "Power"; review rules-reachability §2, rows SF-X-36, SF-B-19).
 *
 * Bruno plays Kraal. On his own client he opens Kraal's sheet and, with the power select on a weapon or screen row,
 * chooses the clip, beltpack or backpack that feeds it; a pirate NPC (the GM's, an unlinked token) shoots him with a
 * laser pistol and the GM applies the card. Every client then sees the packs' SEU.
 *
 * The numbers (rules-tables §7, §8, §12; seeds 000 and 001):
 * - Albedo screen: while powered the wearer takes no laser damage; 1 SEU per 5 points absorbed or part of 5
 *   (7 points → 2 SEU); no power, no effect.
 * - Power beltpack 50 SEU (1 weapon port, 1 screen port); power backpack 100 SEU (2 weapon ports, 1 screen port);
 *   powerclip 20 SEU (fits one weapon).
 * - Laser pistol: 1d10 per SEU; a shift-click fires at the dial's minimum, 1 SEU; bands PB ≤5, S ≤20 m.
 * - The pirate's chance (SF-X-11/14/17): ½ DEX 50 = 25, short range (10 m) −10, stationary target +10 = 25.
 * - Basic game (SF-B-19): "Only laser pistols and rifles use the same powerpacks; all other weapons have their own
 *   clips or powerpacks"; "When their weapon is out of ammunition, characters cannot fire until they reload."
 */
import { describe, expect, it } from "vitest";
import { change, click, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attackFromSheet,
  BRUNO_ID,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  itemSystem,
  messageIds,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  tokenStamina,
  told,
} from "./kit.js";

const SCENE = id("scenePower");
const KRAAL = id("actKraal");
const PIRATE = id("actPirate");
const SCREEN = id("itmAlbedo");
const BELTPACK = id("itmBeltpack");
const BACKPACK = id("itmBackpack");
const CLIP = id("itmPowerclip");
const PISTOL = id("itmKraalPistol");
const RIFLE = id("itmKraalRifle");
const STUNNER = id("itmStunner");
const SKEG_PISTOL = id("itmSkegLaser");
const TOK_KRAAL = id("tokKraal");
const TOK_SKEG = id("tokSkeg");
const SKEG = { sceneId: SCENE, tokenId: TOK_SKEG };

let table: Table;
closeTableAfterEach(() => table);

const scene = () =>
  sceneSource({
    _id: SCENE,
    name: "Spaceport apron",
    tokens: [
      tokenSource({ _id: TOK_SKEG, name: "Skeg", actorId: PIRATE, actorLink: false, x: 1500, y: 1500 }),
      tokenSource({ _id: TOK_KRAAL, name: "Kraal", actorId: KRAAL, actorLink: true, x: 2500, y: 1500 }),
    ],
  });

const pirate = () =>
  actorSource({
    _id: PIRATE,
    name: "Pirate",
    abilities: { dex: 50 },
    stamina: 40,
    items: [itemFromPack("weapons", "laser-pistol", SKEG_PISTOL)], // its own 20-SEU powerclip
  });

const kraal = (items: Record<string, unknown>[]) =>
  actorSource({ _id: KRAAL, name: "Kraal", owner: BRUNO_ID, stamina: 45, items });

/** Bruno opens Kraal's sheet on his own client, as a double-click does; returns its element. */
async function openSheet(client: Client): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(KRAAL).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(KRAAL).sheet.element as HTMLElement);
}

/** The power select on an item's row of the open sheet, as the user reads it. */
function feedSelect(client: Client, itemId: string): HTMLSelectElement | null {
  return client.run(() =>
    (G().game.actors.get(KRAAL).sheet.element as HTMLElement).querySelector<HTMLSelectElement>(
      `[data-item-id="${itemId}"] select[data-ft-feed]`,
    ),
  );
}

/** What the select offers and which option shows. */
function readSelect(client: Client, itemId: string): { options: string[]; shown: string } | null {
  const select = feedSelect(client, itemId);
  if (!select) return null;
  const options = [...select.options].map((o) => text(o));
  return { options, shown: text(select.options[select.selectedIndex] ?? null) };
}

/** The user picks an option of a row's power select on their own client; the table settles. */
async function choose(client: Client, itemId: string, value: string): Promise<void> {
  const select = feedSelect(client, itemId);
  expect(select, `power select on ${itemId}`).not.toBeNull();
  client.run(() => change(select!, value));
  await table.settle();
  await client.run(() => settleApps());
}

/** The ammunition cell of a weapon row, as shown. */
const ammoCell = (client: Client, itemId: string): string =>
  client.run(() => {
    const row = (G().game.actors.get(KRAAL).sheet.element as HTMLElement).querySelector(
      `tr[data-item-id="${itemId}"]`,
    );
    return (row?.querySelector(".ft-ammo")?.childNodes[0]?.textContent ?? "").trim();
  });

const seu = (itemId: string) => onEveryClient(table, () => itemSystem(KRAAL, itemId).remaining);
const kraalStamina = () => onEveryClient(table, () => tokenStamina(SCENE, TOK_KRAAL));

/**
 * The GM shift-clicks Attack on Skeg's laser pistol with Kraal targeted (d100 20 hits against 25; 1d10 = `damage`),
 * then clicks Apply for Kraal on the card. Returns the card's id.
 */
async function skegShootsKraal(gm: Client, damage: number): Promise<string> {
  gm.target(TOK_KRAAL);
  table.dice(20, damage);
  const before = messageIds(gm).length;
  await attackFromSheet(gm, SKEG, SKEG_PISTOL, { fast: true });
  await table.settle();
  expect(pendingDice()).toEqual([]);
  const cardId = messageIds(gm)[before];
  expect(cardId).toBeDefined();
  clickCard(gm, cardId!, "apply", "Kraal");
  await table.settle();
  return cardId!;
}

/** The applied line a user reads for Kraal on a card. */
const appliedLine = (client: Client, cardId: string) =>
  text(targetBlock(renderMessage(client, cardId), "Kraal").querySelector(".ft-applied"));

describe("scenario: power packs, screens and clips chosen on the sheet", () => {
  it("SF-X-36 a screen draining its beltpack to empty mid-fight: Bruno plugs his albedo screen into the beltpack on his sheet; 7 laser points cost the last 2 SEU, the next 6 get through unreduced", async () => {
    table = await createTable({
      world: {
        actors: [
          kraal([
            itemFromPack("defenses", "albedo-screen", SCREEN), // off and unplugged, as dropped from the compendium
            itemFromPack("power", "power-beltpack", BELTPACK, { remaining: 2 }), // 2 of 50 SEU left
            itemFromPack("power", "power-backpack", BACKPACK), // 100 SEU: with two packs, nothing is guessed
          ]),
          pirate(),
        ],
        scenes: [scene()],
      },
      online: "players",
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    const gmNoticesAtBoot = told(gm).length;

    // Two packs: the screen is plugged into neither until Bruno chooses; the select lists both packs, no clip.
    await openSheet(bruno);
    expect(readSelect(bruno, SCREEN)).toEqual({
      options: ["Not plugged in", "Power Beltpack (2/50 SEU)", "Power Backpack (100/100 SEU)"],
      shown: "Not plugged in",
    });
    await choose(bruno, SCREEN, BELTPACK);
    bruno.run(() =>
      click(
        (G().game.actors.get(KRAAL).sheet.element as HTMLElement).querySelector(
          `li[data-item-id="${SCREEN}"] [data-action="toggleDefense"]`,
        )!,
      ),
    );
    await table.settle();
    expect(onEveryClient(table, () => itemSystem(KRAAL, SCREEN).powerSource)).toEqual(
      everyone(table, BELTPACK),
    );
    expect(onEveryClient(table, () => itemSystem(KRAAL, SCREEN).active)).toEqual(everyone(table, true));

    // First hit: 7 laser points, all absorbed for ⌈7/5⌉ = 2 SEU; the beltpack is empty, Stamina 45.
    const first = await skegShootsKraal(gm, 7);
    expect(kraalStamina()).toEqual(everyone(table, 45));
    expect(seu(BELTPACK)).toEqual(everyone(table, 0));
    expect(seu(BACKPACK)).toEqual(everyone(table, 100)); // the pack he did not choose is untouched
    expect(appliedLine(bruno, first)).toBe("Applied: 0 (Stamina 45 → 45) · Albedo Screen 7→0 (2 SEU)");

    // Second hit: 6 points; the screen has no power, so all 6 get through (45 → 39), and the card says why.
    const second = await skegShootsKraal(gm, 6);
    expect(kraalStamina()).toEqual(everyone(table, 39));
    expect(seu(BELTPACK)).toEqual(everyone(table, 0));
    expect(appliedLine(bruno, second)).toBe("Applied: 6 (Stamina 45 → 39) · Albedo Screen 6→6 (no power)");
    expect(appliedLine(gm, second)).toBe("Applied: 6 (Stamina 45 → 39) · Albedo Screen 6→6 (no power)");
    // Alice cannot observe Kraal: she reads that it was applied, not his numbers (issue "trust").
    expect(appliedLine(alice, second)).toBe("Applied");
    // Bruno's sheet shows the empty beltpack on the screen's row.
    expect(readSelect(bruno, SCREEN)?.shown).toBe("Power Beltpack (0/50 SEU)");

    expect(told(gm).slice(gmNoticesAtBoot)).toEqual([]);
    expect(told(bruno)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-36 a weapon and a screen sharing one backpack: the pistol's shot and the screen's drain come off the same 100 SEU", async () => {
    table = await createTable({
      world: {
        actors: [
          kraal([
            itemFromPack("defenses", "albedo-screen", SCREEN, { active: true }),
            itemFromPack("power", "power-beltpack", BELTPACK),
            itemFromPack("power", "power-backpack", BACKPACK),
            itemFromPack("weapons", "laser-pistol", PISTOL, { ammo: { remaining: 0 } }), // own clip spent
          ]),
          pirate(),
        ],
        scenes: [scene()],
      },
    });
    const gm = table.client(GM_ID);
    const bruno = table.client(BRUNO_ID);

    await openSheet(bruno);
    // On its own empty clip the pistol shows 0/20 and cannot fire from the sheet.
    expect(ammoCell(bruno, PISTOL)).toBe("0/20");
    expect(readSelect(bruno, PISTOL)).toEqual({
      options: ["Own clip", "Power Beltpack (50/50 SEU)", "Power Backpack (100/100 SEU)"],
      shown: "Own clip",
    });
    await choose(bruno, PISTOL, BACKPACK);
    await choose(bruno, SCREEN, BACKPACK);
    expect(onEveryClient(table, () => itemSystem(KRAAL, PISTOL).ammo.powerSource)).toEqual(
      everyone(table, BACKPACK),
    );
    expect(onEveryClient(table, () => itemSystem(KRAAL, SCREEN).powerSource)).toEqual(
      everyone(table, BACKPACK),
    );
    expect(ammoCell(bruno, PISTOL)).toBe("100/100");

    // Bruno shift-clicks Attack on the pistol's row: 1 SEU from the backpack (d100 90 misses; its 1d10 is rolled).
    bruno.target(TOK_SKEG);
    table.dice(90, 4);
    const attackButton = feedSelect(bruno, PISTOL)?.closest("tr")?.querySelector('[data-action="attack"]');
    expect(attackButton?.hasAttribute("disabled")).toBe(false);
    bruno.run(() => click(attackButton!, { shiftKey: true }));
    await table.settle();
    await bruno.run(() => settleApps());
    expect(pendingDice()).toEqual([]);
    expect(seu(BACKPACK)).toEqual(everyone(table, 99));
    expect(onEveryClient(table, () => itemSystem(KRAAL, PISTOL).ammo.remaining)).toEqual(everyone(table, 0));

    // Skeg hits Kraal for 7: the screen draws ⌈7/5⌉ = 2 SEU from the same backpack (99 → 97); the beltpack is idle.
    const card = await skegShootsKraal(gm, 7);
    expect(kraalStamina()).toEqual(everyone(table, 45));
    expect(seu(BACKPACK)).toEqual(everyone(table, 97));
    expect(seu(BELTPACK)).toEqual(everyone(table, 50));
    expect(appliedLine(bruno, card)).toBe("Applied: 0 (Stamina 45 → 45) · Albedo Screen 7→0 (2 SEU)");
    expect(ammoCell(bruno, PISTOL)).toBe("97/100");
    expect(told(bruno)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-36 ports and bad links: a second weapon on a beltpack, a screen on a powerclip and an id that is no power source are refused, nothing written", async () => {
    table = await createTable({
      world: {
        actors: [
          kraal([
            itemFromPack("defenses", "albedo-screen", SCREEN),
            itemFromPack("power", "power-beltpack", BELTPACK),
            itemFromPack("power", "powerclip", CLIP),
            itemFromPack("weapons", "laser-pistol", PISTOL),
            itemFromPack("weapons", "laser-rifle", RIFLE),
          ]),
          pirate(),
        ],
        scenes: [scene()],
      },
    });
    const bruno = table.client(BRUNO_ID);
    await openSheet(bruno);

    // A screen is offered beltpacks and backpacks only (the one beltpack is already the screen's: SF-X-36).
    expect(readSelect(bruno, SCREEN)).toEqual({
      options: ["Not plugged in", "Power Beltpack (50/50 SEU)"],
      shown: "Power Beltpack (50/50 SEU)",
    });
    await choose(bruno, RIFLE, BELTPACK);
    expect(onEveryClient(table, () => itemSystem(KRAAL, RIFLE).ammo.powerSource)).toEqual(
      everyone(table, BELTPACK),
    );

    // The beltpack's one weapon port is the rifle's: the pistol is refused, and its select shows its own clip again.
    const from = table.server.log.length;
    await choose(bruno, PISTOL, BELTPACK);
    expect(told(bruno)).toEqual([
      "warn: Power Beltpack has no free port for Laser Pistol: Laser Rifle already plugged in (a beltpack has 1 weapon and 1 screen port, a backpack 2 weapon and 1 screen, a powerclip 1 weapon; SF-X-36).",
    ]);
    expect(readSelect(bruno, PISTOL)?.shown).toBe("Own clip");

    // What the select does not offer, a macro cannot write either: a screen on a clip, an id that is no source.
    await bruno.run(() =>
      G().game.actors.get(KRAAL).items.get(SCREEN).update({ "system.powerSource": CLIP }),
    );
    await bruno.run(() =>
      G().game.actors.get(KRAAL).items.get(PISTOL).update({ "system.ammo.powerSource": TOK_KRAAL }),
    );
    await table.settle();
    expect(told(bruno).slice(1)).toEqual([
      "warn: Powerclip cannot power Albedo Screen: a screen runs on a power beltpack or backpack (SF-X-36).",
      `warn: Laser Pistol: "${TOK_KRAAL}" is not one of this character's power sources, so nothing was plugged in (SF-X-36).`,
    ]);
    expect(requestsSince(table, from)).toEqual([]);
    expect(onEveryClient(table, () => itemSystem(KRAAL, PISTOL).ammo.powerSource)).toEqual(
      everyone(table, ""),
    );
    expect(onEveryClient(table, () => itemSystem(KRAAL, SCREEN).powerSource)).toEqual(everyone(table, ""));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-B-19 Basic game: the laser pistol and laser rifle share one powerpack, the electrostunner is refused it with the rule ID", async () => {
    table = await createTable({
      world: {
        actors: [
          kraal([
            itemFromPack("power", "powerclip", CLIP), // the Basic game's 20-SEU powerpack
            itemFromPack("weapons", "laser-pistol-basic-game", PISTOL),
            itemFromPack("weapons", "laser-rifle-basic-game", RIFLE),
            itemFromPack("weapons", "electrostunner", STUNNER),
          ]),
          pirate(),
        ],
        scenes: [scene()],
        settings: [settingSource("settingVariant01", "variant", "basic")],
      },
    });
    const bruno = table.client(BRUNO_ID);
    await openSheet(bruno);

    await choose(bruno, PISTOL, CLIP);
    await choose(bruno, RIFLE, CLIP); // two lasers on one powerpack: allowed in the Basic game (SF-B-19)
    expect(
      onEveryClient(table, () => [PISTOL, RIFLE].map((w) => itemSystem(KRAAL, w).ammo.powerSource)),
    ).toEqual(everyone(table, [CLIP, CLIP]));
    expect(ammoCell(bruno, PISTOL)).toBe("20/20");
    expect(ammoCell(bruno, RIFLE)).toBe("20/20");

    const from = table.server.log.length;
    await choose(bruno, STUNNER, CLIP);
    expect(told(bruno)).toEqual([
      "warn: Basic game: only laser pistols and rifles share powerpacks, so Electrostunner cannot share Powerclip with Laser Pistol (Basic Game) (SF-B-19).",
    ]);
    expect(requestsSince(table, from)).toEqual([]);
    expect(onEveryClient(table, () => itemSystem(KRAAL, STUNNER).ammo.powerSource)).toEqual(
      everyone(table, ""),
    );
    expect(readSelect(bruno, STUNNER)?.shown).toBe("Own clip");
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-B-19 no firing when empty: a pistol on an empty beltpack cannot fire from the sheet, and a direct attack is refused before anything is spent", async () => {
    table = await createTable({
      world: {
        actors: [
          kraal([
            itemFromPack("power", "power-beltpack", BELTPACK, { remaining: 0 }),
            itemFromPack("weapons", "laser-pistol", PISTOL, { ammo: { powerSource: BELTPACK } }), // own clip full
          ]),
          pirate(),
        ],
        scenes: [scene()],
      },
    });
    const bruno = table.client(BRUNO_ID);
    await openSheet(bruno);
    expect(ammoCell(bruno, PISTOL)).toBe("0/50");
    const attackButton = feedSelect(bruno, PISTOL)?.closest("tr")?.querySelector('[data-action="attack"]');
    expect(attackButton?.hasAttribute("disabled")).toBe(true);

    // A macro or hotbar attack (the call the sheet's button makes) is refused before any die or write.
    const from = table.server.log.length;
    bruno.target(TOK_SKEG);
    await attackFromSheet(bruno, KRAAL, PISTOL, { fast: true });
    await table.settle();
    expect(told(bruno)).toEqual(["warn: The weapon is empty: reload before firing (SF-B-19)."]);
    expect(requestsSince(table, from)).toEqual([]);
    expect(messageIds(bruno)).toEqual([]);
    expect(seu(BELTPACK)).toEqual(everyone(table, 0));
    expect(onEveryClient(table, () => itemSystem(KRAAL, PISTOL).ammo.remaining)).toEqual(everyone(table, 20));
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
