/**
 * Scenario: the sheets, the settings menu and the attack dialog, clicked by the users who own them on their own
 * clients (the applications harness renders our real AppV2 classes from our real templates), and what every client
 * then sees.
 *
 * 1. Alice opens Eusyl's sheet (as a double-click does: `actor.sheet.render({force: true})`), clicks the portrait,
 *    picks a file in the FilePicker: every client shows the new `img` (review ui-canvas §2.2).
 * 2. The GM opens the preset menu (registered with `game.settings.registerMenu`), picks "Zebulon's Guide" and
 *    submits: core's reload prompt opens on the GM's client, and every client reads the engine "zebulon"
 *    (review ui-canvas §2.3).
 * 3. Alice targets a pirate and clicks Attack on her sheet (no shift: the dialog opens), types a cover override of
 *    −20 and clicks Roll once: the attack is rolled on that first click with her override (review ui-canvas §2.4).
 *    Cancelling the dialog posts nothing.
 * 4. A failure reaches the user as a notification, never an unhandled rejection: Alice's Apply with no GM
 *    connected, and Alice's Apply when the GM's client does not answer (review ui-canvas §3, "errors are
 *    swallowed"). The pirate is not Alice's: these worlds turn on `playersApplyToAll` so her card has the button
 *    (issue "trust"; off, only the GM applies to it).
 *
 * Numbers (rules-tables §2, §3): Eusyl DEX 80 → ½ DEX 40; laser pistol (bands PB ≤5, S ≤20 m), the pirate 10 m
 * away → Short −10; the pirate has not moved → stationary +10; a hedge (a terrain wall, sight LIMITED) between
 * them → soft cover −10 (SF-X-22): 30 %. Alice's override of the cover to −20 (hard) → 20 %.
 */
import { describe, expect, it, vi } from "vitest";
import { QUERY_TIMEOUT } from "../../src/helpers/gm-query.js";
import {
  answerDialog,
  appInstances,
  click,
  clickAfterEdit,
  FilePicker,
  openDialogs,
  pickFile,
  resetAppRecords,
  SettingsConfig,
  settle as settleApps,
} from "../foundry/apps.js";
import { wallData } from "../foundry/canvas.js";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  buttonsOf,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  messageIds,
  onEveryClient,
  renderMessage,
  requestsSince,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";

const SCENE = id("sceneDocks");
const EUSYL = id("actEusyl");
const PIRATE = id("actPirate");
const PISTOL = id("itmEusylLaser");
const TOK_EUSYL = id("tokEusyl");
const TOK_PIRATE = id("tokPirate");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = (options: { applyToAll?: boolean } = {}) => ({
  // Issue "trust": players apply to tokens they do not own (the pirate) only when the world allows it.
  settings: options.applyToAll ? [settingSource("settingApplyAll1", "playersApplyToAll", true)] : [],
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 80 },
      stamina: 45,
      items: [itemFromPack("weapons", "laser-pistol", PISTOL)],
    }),
    actorSource({ _id: PIRATE, name: "Pirate", type: "creature", stamina: 40 }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Docks",
      // A hedge (a terrain wall as the core wall tool draws it) across the line of fire: soft cover.
      walls: [{ ...wallData("terrain", [2000, 1300, 2000, 1800]), _id: id("wallHedge") }],
      tokens: [
        tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
        tokenSource({ _id: TOK_PIRATE, name: "Pirate", actorId: PIRATE, actorLink: false, x: 2500, y: 1500 }),
      ],
    }),
  ],
});

/** The user opens an actor's sheet as a double-click does, on their own client; returns its element. */
async function openSheet(client: Client, actorId: string): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(actorId).sheet.element as HTMLElement);
}

/** How many attack cards each client has. */
const attackCards = () =>
  onEveryClient(table, () => G().game.messages.contents.filter((m: any) => m.type === "attack").length);

/** The attack dialog open on this client, if any. */
function attackDialog(client: Client): any {
  return client.run(() =>
    [...appInstances().values()].find((a: any) => a.constructor.name === "AttackDialog" && a.rendered),
  );
}

/** Alice clicks Attack (no shift) on her pistol's row: the dialog opens on her client. */
async function aliceOpensAttack(alice: Client): Promise<any> {
  alice.target(TOK_PIRATE);
  const sheet = await openSheet(alice, EUSYL);
  const attack = sheet.querySelector<HTMLElement>(`tr[data-item-id="${PISTOL}"] [data-action="attack"]`);
  expect(attack).not.toBeNull();
  alice.run(() => click(attack!));
  await alice.run(() => settleApps());
  await table.settle();
  const dialog = attackDialog(alice);
  expect(dialog).toBeDefined();
  return dialog;
}

describe("scenario: sheets, the preset menu and the attack dialog, clicked on the users' own clients", () => {
  it("review §2.2: Alice clicks her portrait, picks a file, and every client shows the new image", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice, EUSYL);
    const portrait = sheet.querySelector<HTMLElement>("img.ft-portrait");
    expect(portrait).not.toBeNull();
    alice.run(() => click(portrait!));
    await alice.run(() => settleApps());
    // The FilePicker opens on the portrait's current image, for images.
    expect(FilePicker.opened.at(-1)?.options).toMatchObject({ type: "image" });
    alice.run(() => pickFile("worlds/docks/eusyl-armoured.webp"));
    await alice.run(() => settleApps());
    await table.settle();
    expect(onEveryClient(table, () => G().game.actors.get(EUSYL).img)).toEqual(
      everyone(table, "worlds/docks/eusyl-armoured.webp"),
    );
    expect(
      alice.run(() => G().game.actors.get(EUSYL).sheet.element.querySelector("img.ft-portrait").src),
    ).toContain("worlds/docks/eusyl-armoured.webp");
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("review §2.3: the GM picks Zebulon's Guide in the preset menu; core's reload prompt opens, every client reads zebulon", async () => {
    table = await createTable({ world: world(), online: "every" });
    const gm = table.client(GM_ID);
    const engine = () => onEveryClient(table, () => G().game.settings.get("frontier-tactics", "engine"));
    expect(engine()).toEqual(everyone(table, "alphaDawn"));

    // Settings → Configure Settings → the system's "Rule presets" button opens the registered menu's class.
    const menu = gm.run(() => {
      const entry = G().game.settings.menus.get("frontier-tactics.presetMenu");
      return new entry.type();
    });
    await gm.run(() => menu.render({ force: true }));
    await gm.run(() => settleApps());
    const zebulon = gm.run(() => menu.element.querySelector('input[name="preset"][value="sfZebulon"]'));
    expect(text(zebulon.closest("label"))).toContain("Zebulon's Guide");
    gm.run(() => click(zebulon));
    gm.run(() => click(menu.element.querySelector('button[type="submit"]')));
    await gm.run(() => settleApps());
    await table.settle();

    // Core's reload confirm is open on the GM's client, and on nobody else's.
    expect(gm.run(() => openDialogs().map((d) => d.id))).toEqual(["reload-world-confirm"]);
    for (const c of table.all.filter((c) => c !== gm)) expect(c.run(() => openDialogs())).toEqual([]);
    expect(SettingsConfig.reloadConfirmCalls).toEqual([{ world: true }]);
    expect(engine()).toEqual(everyone(table, "zebulon"));
    gm.run(() => answerDialog("yes", "reload-world-confirm"));
    await gm.run(() => settleApps());
    expect(SettingsConfig.reloads).toEqual([{ world: true }]);
    expect(gm.run(() => menu.rendered)).toBe(false);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-11/SF-X-14/SF-X-17/SF-X-22 review §2.4: Alice types cover −20 and clicks Roll once: rolled at 20 % on that click", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);
    const dialog = await aliceOpensAttack(alice);
    const chance = () =>
      alice.run(() => text(dialog.element.querySelector("fieldset.ft-target-mods .ft-chance")));
    // ½ DEX 40, Short −10, stationary +10, soft cover −10 (the hedge): 30 %.
    expect(chance()).toBe("30%");
    const cover = findModifier(dialog, "cover");
    expect(cover?.value).toBe("−10");

    // She judges the hedge hard cover: types −20 and clicks Roll straight away. d100 25 would hit at 30 % and
    // misses at 20 %; the pistol's 1 SEU die (1d10 = 7) is rolled anyway.
    table.dice(25, 7);
    const r = await alice.run(() => clickAfterEdit(dialog, cover!, -20, "button.ft-attack"));
    expect(r.clicked).toBe(r.pressed); // the first click reached the Roll button
    await alice.run(() => settleApps());
    await table.settle();
    expect(pendingDice()).toEqual([]);
    expect(attackDialog(alice)).toBeUndefined();

    expect(attackCards()).toEqual(everyone(table, 1));
    const [cardId] = messageIds(alice);
    const read = (c: Client) => text(renderMessage(c, cardId!));
    const CARD =
      "Eusyl · Laser Pistol Star Frontiers Alpha Dawn (percentile) · Spent 1 SEU Pirate 10 m · Short Soft cover " +
      "5 of 5 rays through soft cover Modifiers = 20% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10" +
      // Issue 31 (trust review 1.1): a number a player typed over a term is drawn as theirs, for every reader.
      "Soft coverSF-X-22−20 entered by Alice 25 ≤ 20 Miss";
    expect(Object.fromEntries(table.all.map((c) => [c.user.name, read(c)]))).toEqual(everyone(table, CARD));
    expect(buttonsOf(renderMessage(bruno, cardId!))).toEqual([]);
    // The pistol's clip paid for the shot: 20 − 1 SEU, on every client.
    expect(
      onEveryClient(table, () => G().game.actors.get(EUSYL).items.get(PISTOL).system.ammo.remaining),
    ).toEqual(everyone(table, 19));
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("review §2.4: cancelling the attack dialog posts nothing and spends nothing", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    const writes = table.server.log.length;
    const dialog = await aliceOpensAttack(alice);
    alice.run(() => click(dialog.element.querySelector('[data-action="cancel"]')));
    await alice.run(() => settleApps());
    await table.settle();
    expect(attackDialog(alice)).toBeUndefined();
    expect(attackCards()).toEqual(everyone(table, 0));
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(pendingDice()).toEqual([]);
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  /** Alice shift-clicks Attack on her sheet (no dialog): d100 12 hits at 30 %, 1d10 = 7. Returns the card id. */
  async function aliceShoots(alice: Client): Promise<string> {
    alice.target(TOK_PIRATE);
    const sheet = await openSheet(alice, EUSYL);
    table.dice(12, 7);
    alice.run(() =>
      click(sheet.querySelector(`tr[data-item-id="${PISTOL}"] [data-action="attack"]`)!, { shiftKey: true }),
    );
    await alice.run(() => settleApps());
    await table.settle();
    expect(pendingDice()).toEqual([]);
    const [cardId] = messageIds(alice);
    expect(cardId).toBeDefined();
    return cardId!;
  }

  /** Alice clicks Apply for the pirate on her card; returns the button (still in her chat log). */
  async function aliceApplies(alice: Client, cardId: string): Promise<HTMLButtonElement> {
    const card = renderMessage(alice, cardId);
    const apply = targetBlock(card, "Pirate").querySelector<HTMLButtonElement>('[data-ft-action="apply"]')!;
    expect(apply).not.toBeNull();
    alice.run(() => apply.click());
    await table.settle();
    await alice.run(() => settleApps());
    return apply;
  }

  const pirateStamina = () =>
    onEveryClient(table, () => G().game.scenes.get(SCENE).tokens.get(TOK_PIRATE).actor.system.stamina.value);

  it("review §3: Alice's Apply with no GM connected tells her so (FT.Error.noGM); the button comes back; nothing is written", async () => {
    table = await createTable({ world: world({ applyToAll: true }), online: [ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const cardId = await aliceShoots(alice);
    const writes = table.server.log.length;
    const apply = await aliceApplies(alice, cardId);
    expect(told(alice)).toEqual([
      "warn: No GM is connected to carry this out. Try again once a GM has joined.",
    ]);
    expect(apply.disabled).toBe(false);
    expect(buttonsOf(renderMessage(alice, cardId))).toEqual(["apply:Pirate"]);
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(pirateStamina()).toEqual(everyone(table, 40));
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("review §3: Alice's Apply when the GM's client never answers tells her the GM did not answer in time (FT.Error.query.timeout)", async () => {
    // The assistant GM stays away: logged in, they would become the active GM and answer once the GM's client is gone.
    table = await createTable({ world: world({ applyToAll: true }), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const cardId = await aliceShoots(alice);
    const writes = table.server.log.length;
    // The GM's client never answers: it is gone before Alice's request (a flag on her own User) reaches it. The
    // harness's `unresponsive` only stops query answers; a request is an update every connected client receives.
    const card = renderMessage(alice, cardId);
    const apply = targetBlock(card, "Pirate").querySelector<HTMLButtonElement>('[data-ft-action="apply"]')!;
    expect(apply).not.toBeNull();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      alice.run(() => apply.click());
      table.disconnect(GM_ID);
      await table.settle();
      expect(apply.disabled).toBe(true); // waiting for the answer
      await vi.advanceTimersByTimeAsync(QUERY_TIMEOUT);
      await table.settle();
    } finally {
      vi.useRealTimers();
    }
    expect(told(alice)).toEqual([
      "warn: The GM did not answer in time. The GM's client may still have done it: check before trying again.",
    ]);
    expect(apply.disabled).toBe(false);
    // Alice's request, written on her own User, and nothing else.
    expect(requestsSince(table, writes)).toEqual(["update User by Alice"]);
    expect(pirateStamina()).toEqual(everyone(table, 40));
    expect(table.unhandled).toEqual([]);

    // The GM logs in again: the same button applies the 7 points.
    await table.connect(GM_ID);
    await table.settle();
    alice.run(() => apply.click());
    await table.settle();
    await alice.run(() => settleApps());
    expect(pirateStamina()).toEqual(everyone(table, 33));
    expect(told(alice)).toHaveLength(1);
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});

/** The modifier input for a target's modifier whose name ends with `.id`. */
function findModifier(dialog: any, modId: string): HTMLInputElement | null {
  const inputs = [
    ...dialog.element.querySelectorAll("fieldset.ft-target-mods input.ft-mod-value"),
  ] as HTMLInputElement[];
  return inputs.find((i) => i.name.endsWith(`.${modId}`)) ?? null;
}
