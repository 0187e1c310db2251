/**
 * Scenario (issue 33): an attack card's context menu in the chat log — apply its damage to the selected or the
 * targeted tokens, ×½, ×2, as healing (workflows/card/card-menu-hook.ts, card-menu.ts, card-scale.ts).
 *
 * The chat log here is modelled as v13's builds its message menu (client/applications/sidebar/tabs/chat.mjs
 * `ChatLog#_onFirstRender`: `_createContextMenu(this._getEntryContextOptions, ".message[data-message-id]",
 * {hookName: "getChatMessageContextOptions"})`): the entries the hook adds, on each message `li` of an `ol.chat-log`.
 * Core's own entries (popout, reveal, conceal, delete) are left out: the harness has no ChatLog application.
 *
 * The rule chosen (card-scale.ts): Apply to the selected / targeted tokens is the card's Apply — its author's or a
 * GM's, each token one of the card's targets, a player's token one they own unless the world lets players apply to
 * all; ×½, ×2 and healing are a GM's rulings (no rule of the four games changes a hit's number after its roll).
 */
import { describe, expect, it } from "vitest";
import { ContextMenu, chooseContextOption, contextOptions } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  heroAndFoeTokens,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import {
  d20Foe,
  fiveMarines,
  karaWithBlaster,
  magRifle,
  marinesToken,
  squadSource,
  swnSettings,
} from "./kit-d20.js";

const SCENE = id("sceneMenu");
const HERO = id("actHeroMenu");
const FOE = id("actFoeMenu");
const GUN = id("itmGunMenu");
const KARA = id("actKaraMenu");
const GUARD = id("actGuardMenu");
const PIRATE = id("actPirateMenu");
const PISTOL = id("itmPistolMenu");
const MARINES = id("actMarinesMenu");
const TOK = {
  hero: id("tokHeroMenu"),
  foe: id("tokFoeMenu"),
  kara: id("tokKaraMenu"),
  guard: id("tokGuardMenu"),
  pirate: id("tokPirateMenu"),
  marines: id("tokMarinesMenu"),
};

let table: Table;
closeTableAfterEach(() => table);

async function open(): Promise<void> {
  table = await createTable({
    world: {
      actors: [
        actorSource({
          _id: HERO,
          name: "Hero",
          owner: ALICE_ID,
          stamina: 50,
          abilities: { dex: 50, str: 40 },
          items: [itemFromPack("weapons", "automatic-pistol", GUN)],
        }),
        actorSource({ _id: FOE, name: "Foe", stamina: 40 }),
      ],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Hangar",
          tokens: heroAndFoeTokens(TOK, HERO, FOE),
        }),
      ],
    },
    online: "every",
  });
}

/** Alice's attack at the Foe (SF-B-13): d100 `roll`, the Automatic Pistol's `damage`; the card's message id. */
async function aliceShoots(roll: number, damage: number): Promise<string> {
  const alice = table.client(ALICE_ID);
  alice.target(TOK.foe);
  table.dice(roll, damage);
  await alice.run(() => G().game.system.api.attack(`Actor.${HERO}`, GUN, { fast: true }));
  await table.settle();
  alice.target();
  return alice.run(() => G().game.messages.contents.at(-1).id as string);
}

/** Kara (Alice's) shoots her pistol at `target`, the dice coming up `dice`; the card's message id. */
async function karaShoots(target: string, ...dice: number[]): Promise<string> {
  table.dice(...dice);
  return (await attack(table, table.client(ALICE_ID), KARA, PISTOL, [target]))!;
}

/** `client` clicks Undo on `name`'s row of the card; the table settles. */
async function undo(client: Client, messageId: string, name: string): Promise<void> {
  clickCard(client, messageId, "undo", name);
  await table.settle();
}

/** The message as `client`'s chat log shows it, in an `ol.chat-log` with v13's message menu bound (see header). */
function inChatLog(client: Client, messageId: string): HTMLElement {
  const li = renderMessage(client, messageId);
  client.run(() => {
    const log = G().document.createElement("ol") as HTMLElement;
    log.className = "chat-log";
    G().document.body.append(log);
    log.append(li);
    const entries: unknown[] = [];
    G().Hooks.call("getChatMessageContextOptions", null, entries);
    new ContextMenu(log, ".message[data-message-id]", entries as Record<string, unknown>[], {
      jQuery: false,
    });
  });
  return li;
}

/** What `client`'s user sees in the card's menu (the entries' i18n keys). */
const menu = (client: Client, messageId: string) => {
  const li = inChatLog(client, messageId);
  return client.run(() => contextOptions(li));
};

/** `client`'s user chooses `entry` in the card's menu; what it starts is settled. */
async function choose(client: Client, messageId: string, entry: string): Promise<void> {
  const li = inChatLog(client, messageId);
  client.run(() => chooseContextOption(li, `FT.CardMenu.${entry}`));
  await table.settle();
}

const control = (client: Client, ...tokenIds: string[]) =>
  client.run(() => {
    for (const t of G().canvas.tokens.controlled.slice()) t.release();
    for (const tid of tokenIds) G().canvas.tokens.get(tid).control({ releaseOthers: false });
  });

const guard = () =>
  onEveryClient(table, () => {
    const d = G().game.actors.get(GUARD).system.d20;
    return { vp: d.vitality.value as number, wp: d.wounds.value as number };
  });

const foeStamina = () => onEveryClient(table, () => G().game.actors.get(FOE).system.stamina.value as number);

/** Kara (d20) and the heroic Guard, VP 10 WP 14, 38 squares apart (d20-wounds.test.ts's world). */
async function openGuard(): Promise<void> {
  table = await createTable({
    world: {
      settings: [settingSource(id("setEngineMenu"), "engine", "d20")],
      actors: [
        karaWithBlaster(KARA, PISTOL),
        d20Foe(GUARD, "Guard", {
          heroic: true,
          vitality: { value: 10, max: 10 },
          wounds: { value: 14, max: 14 },
        }),
      ],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Gate",
          tokens: [
            tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
            tokenSource({
              _id: TOK.guard,
              name: "Guard",
              actorId: GUARD,
              actorLink: true,
              disposition: -1,
              ...cell(38, 5),
            }),
          ],
        }),
      ],
    },
    online: [GM_ID, ALICE_ID],
  });
}

/** Kara (SWN) and a squad of 5 Marines, HD 1, pool 23 (swn-squad.test.ts's world). */
async function openSquad(): Promise<void> {
  table = await createTable({
    world: {
      settings: swnSettings("MenuSq"),
      actors: [
        actorSource({
          _id: KARA,
          name: "Kara",
          owner: ALICE_ID,
          items: [magRifle(PISTOL, { tl: 3 })],
          system: { swn: { ab: 3, hp: { value: 8, max: 8 } } },
        }),
        squadSource(MARINES, "Marines", fiveMarines()),
      ],
      scenes: [
        sceneSource({
          _id: SCENE,
          name: "Landing field",
          grid: { size: 100, distance: 3, units: "m" },
          tokens: [
            tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
            marinesToken(TOK.marines, MARINES, cell(3, 5)),
          ],
        }),
      ],
    },
    online: [GM_ID, ALICE_ID],
  });
}

describe("scenario: an attack card's context menu (issue 33)", () => {
  it("SF-B-13: the GM's menu on Alice's card — ×½ of 7 takes the Foe 40 → 37 on every page; Undo; ×2 → 26; healing 7 → 33", async () => {
    await open();
    const gm = table.client(GM_ID);
    const msg = await aliceShoots(12, 7);
    // Nothing selected or targeted: no entry of the card's applies.
    expect(menu(gm, msg)).toEqual([]);
    control(gm, TOK.foe);
    expect(menu(gm, msg)).toEqual([
      "FT.CardMenu.selected",
      "FT.CardMenu.half",
      "FT.CardMenu.double",
      "FT.CardMenu.heal",
    ]);
    await choose(gm, msg, "half");
    expect(foeStamina()).toEqual(everyone(table, 37));
    // The card's hit lands once: Apply again (at any size) is told, nothing more is taken.
    await choose(gm, msg, "selected");
    expect(foeStamina()).toEqual(everyone(table, 37));
    expect(told(gm)).toContain("info: Damage from this card was already applied to Foe.");
    await undo(gm, msg, "Foe");
    expect(foeStamina()).toEqual(everyone(table, 40));
    await choose(gm, msg, "double");
    expect(foeStamina()).toEqual(everyone(table, 26));
    // Healing is not the card's hit: each choice adds its 7 back, up to the maximum.
    await choose(gm, msg, "heal");
    expect(foeStamina()).toEqual(everyone(table, 33));
    await choose(gm, msg, "heal");
    await choose(gm, msg, "heal");
    expect(foeStamina()).toEqual(everyone(table, 40));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-13: the GM applies to the targeted Foe from the menu; a missed shot's card offers nothing", async () => {
    await open();
    const gm = table.client(GM_ID);
    const msg = await aliceShoots(12, 7);
    gm.target(TOK.foe);
    expect(menu(gm, msg)).toEqual(["FT.CardMenu.targeted"]);
    await choose(gm, msg, "targeted");
    expect(foeStamina()).toEqual(everyone(table, 33));
    // d100 95 misses: the card has no damage to apply, so its menu has none of these entries.
    const miss = await aliceShoots(95, 7);
    gm.target(TOK.foe);
    control(gm, TOK.foe);
    expect(menu(gm, miss)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-13: Alice's menu on her card — only Apply (no ×½, ×2, healing); the Foe she does not own is the GM's; her own Hero is no target of the card", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const msg = await aliceShoots(12, 7);
    alice.target(TOK.foe);
    control(alice, TOK.hero);
    expect(menu(alice, msg)).toEqual(["FT.CardMenu.selected", "FT.CardMenu.targeted"]);
    await choose(alice, msg, "targeted");
    expect(foeStamina()).toEqual(everyone(table, 40));
    expect(told(alice)).toContain("warn: Only the GM applies damage to Foe (world setting).");
    await choose(alice, msg, "selected");
    expect(told(alice)).toContain("warn: Hero is not a target of this card; nothing was applied to it.");
    expect(onEveryClient(table, () => G().game.actors.get(HERO).system.stamina.value)).toEqual(
      everyone(table, 50),
    );
    // The GM's Apply from the same menu is the GM's to make.
    control(gm, TOK.foe);
    await choose(gm, msg, "selected");
    expect(foeStamina()).toEqual(everyone(table, 33));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-13 R1-1: a player's ×2 or healing request, sent from her console, is refused by the GM and nothing is written", async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const msg = await aliceShoots(12, 7);
    // Even a world where players apply to every target keeps ×½, ×2 and healing the GM's.
    await table.client(GM_ID).run(() => G().game.settings.set("frontier-tactics", "playersApplyToAll", true));
    await table.settle();
    const reasons: string[][] = [];
    for (const scale of ["double", "heal"]) {
      // Alice's console writes the request on her User, as requestGM would (trust-apply.test.ts `forge`).
      const rid = `forged${scale}`.padEnd(16, "0");
      await alice.run(() =>
        G()
          .game.users.get(ALICE_ID)
          .update({
            "flags.frontier-tactics.request": {
              id: rid,
              kind: "apply",
              messageId: msg,
              ids: [`Scene.${SCENE}.Token.${TOK.foe}`],
              scale,
            },
          }),
      );
      await table.settle();
      const r = alice.run(() => G().game.users.get(ALICE_ID).getFlag("frontier-tactics", "response"));
      reasons.push(r?.id === rid ? r.skipped.map((k: { reason: string }) => k.reason) : ["no answer"]);
    }
    expect(reasons).toEqual([["FT.CardMenu.gmOnly"], ["FT.CardMenu.gmOnly"]]);
    expect(foeStamina()).toEqual(everyone(table, 40));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-11: the GM's ×2 of a d20 card's 3 takes the heroic Guard's VP 10 → 4 on every page; healing 3 → VP 7; after a 15-point hit (VP 0, WP 6) its healing goes to wound points first: WP 9", async () => {
    await openGuard();
    const gm = table.client(GM_ID);
    // d20 16 − 1 = 15 hits Defense 15 (d20-wounds.test.ts's numbers); 3d6 [1, 1, 1] = 3.
    const msg = await karaShoots(TOK.guard, 16, 1, 1, 1);
    control(gm, TOK.guard);
    await choose(gm, msg, "double");
    expect(guard()).toEqual(everyone(table, { vp: 4, wp: 14 }));
    await choose(gm, msg, "heal");
    expect(guard()).toEqual(everyone(table, { vp: 7, wp: 14 }));
    // A second hit, 3d6 [4, 5, 6] = 15, applied whole: VP 7 → 0, WP 14 → 6. The first card's healing (3) then goes
    // to the wound points first (the last lost): WP 6 → 9, VP stays 0.
    const second = await karaShoots(TOK.guard, 16, 4, 5, 6);
    await choose(gm, second, "selected");
    expect(guard()).toEqual(everyone(table, { vp: 0, wp: 6 }));
    await choose(gm, msg, "heal");
    expect(guard()).toEqual(everyone(table, { vp: 0, wp: 9 }));
    expect(table.unhandled).toEqual([]);
  });

  it("ruling 1 (SWN hit points): the GM's ×½ of an SWN card's 9 takes the Pirate's HP 10 → 6 on every page (½ rounds down); healing 9 → 10, its maximum", async () => {
    table = await createTable({
      world: {
        settings: swnSettings("Menu"),
        actors: [
          actorSource({
            _id: KARA,
            name: "Kara",
            owner: ALICE_ID,
            items: [magRifle(PISTOL)],
            system: { swn: { ab: 3, hp: { value: 8, max: 8 } } },
          }),
          {
            ...actorSource({
              _id: PIRATE,
              name: "Pirate",
              system: { swn: { ac: 13, hp: { value: 10, max: 10 } } },
            }),
            ownership: { default: 2 },
          },
        ],
        scenes: [
          sceneSource({
            _id: SCENE,
            name: "Hangar",
            grid: { size: 100, distance: 1, units: "m", type: 1 },
            tokens: [
              tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
              tokenSource({
                _id: TOK.pirate,
                name: "Pirate",
                actorId: PIRATE,
                actorLink: true,
                disposition: -1,
                ...cell(10, 5),
              }),
            ],
          }),
        ],
      },
      online: [GM_ID, ALICE_ID],
    });
    const gm = table.client(GM_ID);
    const msg = await karaShoots(TOK.pirate, 15, 9);
    const hp = () => onEveryClient(table, () => G().game.actors.get(PIRATE).system.swn.hp.value as number);
    control(gm, TOK.pirate);
    await choose(gm, msg, "half");
    expect(hp()).toEqual(everyone(table, 6));
    await choose(gm, msg, "heal");
    expect(hp()).toEqual(everyone(table, 10));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17: the GM's ×2 of a card's 9 at a squad takes its pool 23 → 5 on every page; healing is refused — a squad heals one unit at a time", async () => {
    await openSquad();
    const gm = table.client(GM_ID);
    // swn-squad.test.ts's shot: d20 15 + 1 = 16 vs AC 13 hits; 1d10 [9].
    const msg = await karaShoots(TOK.marines, 15, 9);
    const hp = () => onEveryClient(table, () => G().game.actors.get(MARINES).system.hp.value as number);
    control(gm, TOK.marines);
    await choose(gm, msg, "double");
    expect(hp()).toEqual(everyone(table, 5));
    await choose(gm, msg, "heal");
    expect(hp()).toEqual(everyone(table, 5));
    expect(told(gm)).toContain(
      "warn: Marines is a squad: it heals one unit at a time, from its sheet (SWN-17).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-13 review-final-trust 1.1: the GM's ×2 of Alice's 7 takes the Foe 40 → 26, and Undo gives back the 14 — 40 on every page; ×½ (3) then Undo is 40 too", async () => {
    await open();
    const gm = table.client(GM_ID);
    const msg = await aliceShoots(12, 7);
    control(gm, TOK.foe);
    await choose(gm, msg, "double");
    expect(foeStamina()).toEqual(everyone(table, 26));
    await undo(gm, msg, "Foe");
    expect(foeStamina()).toEqual(everyone(table, 40));
    // Applied again at ×½ (the GM may re-apply what the GM undid): 40 → 37, and Undo gives back the 3.
    await choose(gm, msg, "half");
    expect(foeStamina()).toEqual(everyone(table, 37));
    await undo(gm, msg, "Foe");
    expect(foeStamina()).toEqual(everyone(table, 40));
    // Then a plain Apply (7) and Undo: the card's own 7, the ruling of the earlier mark gone.
    await choose(gm, msg, "selected");
    expect(foeStamina()).toEqual(everyone(table, 33));
    await undo(gm, msg, "Foe");
    expect(foeStamina()).toEqual(everyone(table, 40));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-13 review-final-trust 1.1: a mark forged to say ×2 on Alice's own card gives back no more than the GM's plain Apply took (7): 23 → 30, not 37", async () => {
    await open();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const msg = await aliceShoots(12, 7);
    // The Foe at 30 of 40 before the hit, so a give-back above 7 would show (37 + 7 = 44 is over the maximum).
    await gm.run(() => G().game.actors.get(FOE).update({ "system.stamina.value": 30 }));
    await table.settle();
    control(gm, TOK.foe);
    await choose(gm, msg, "selected");
    expect(foeStamina()).toEqual(everyone(table, 23));
    // Alice's console rewrites her card's mark to say the GM doubled it (the marks are outside the card's seal).
    await alice.run(async () => {
      const m = G().game.messages.get(msg);
      const card = m.system.toObject().card;
      card.applied = card.applied.map((mk: Record<string, unknown>) => ({ ...mk, scale: "double" }));
      await m.update({ system: { card } }, { recursive: false });
    });
    await table.settle();
    expect(
      gm.run(() =>
        G()
          .game.messages.get(msg)
          .system.card.applied.map((mk: { scale?: string }) => mk.scale),
      ),
    ).toEqual(["double"]);
    await undo(gm, msg, "Foe");
    expect(foeStamina()).toEqual(everyone(table, 30));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-11 review-final-trust 1.1: the GM's ×2 of a d20 card's 3 takes the Guard's VP 10 → 4, and Undo gives back the 6 — VP 10, WP 14 on every page", async () => {
    await openGuard();
    const gm = table.client(GM_ID);
    const msg = await karaShoots(TOK.guard, 16, 1, 1, 1);
    control(gm, TOK.guard);
    await choose(gm, msg, "double");
    expect(guard()).toEqual(everyone(table, { vp: 4, wp: 14 }));
    await undo(gm, msg, "Guard");
    expect(guard()).toEqual(everyone(table, { vp: 10, wp: 14 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-17 review-final-trust 1.1: the GM's ×2 of a card's 9 takes the squad's pool 23 → 5, and Undo gives back the 18 — pool 23, 5 units standing on every page", async () => {
    await openSquad();
    const gm = table.client(GM_ID);
    const msg = await karaShoots(TOK.marines, 15, 9);
    const squad = () =>
      onEveryClient(table, () => {
        const s = G().game.actors.get(MARINES).system;
        return { hp: s.hp.value as number, units: s.units.value as number };
      });
    control(gm, TOK.marines);
    await choose(gm, msg, "double");
    expect(onEveryClient(table, () => G().game.actors.get(MARINES).system.hp.value as number)).toEqual(
      everyone(table, 5),
    );
    await undo(gm, msg, "Marines");
    expect(squad()).toEqual(everyone(table, { hp: 23, units: 5 }));
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-13 review-final-trust 3.1: the GM's healing of the Foe at its maximum (40) is told there is nothing to heal, and writes nothing", async () => {
    await open();
    const gm = table.client(GM_ID);
    const msg = await aliceShoots(12, 7);
    control(gm, TOK.foe);
    await choose(gm, msg, "heal");
    expect(foeStamina()).toEqual(everyone(table, 40));
    expect(told(gm)).toContain(
      "info: Foe has nothing this card's healing can restore (at its maximum, or no pool the card's hits take).",
    );
    expect(table.unhandled).toEqual([]);
  });

  it('SF-B-13 review-final-trust 3.2: a request with an unknown scale ("triple"), from the card\'s author in a world where players apply to all, is refused — not applied as a plain Apply', async () => {
    await open();
    const alice = table.client(ALICE_ID);
    const msg = await aliceShoots(12, 7);
    await table.client(GM_ID).run(() => G().game.settings.set("frontier-tactics", "playersApplyToAll", true));
    await table.settle();
    const rid = "forgedtriple0000";
    await alice.run(() =>
      G()
        .game.users.get(ALICE_ID)
        .update({
          "flags.frontier-tactics.request": {
            id: rid,
            kind: "apply",
            messageId: msg,
            ids: [`Scene.${SCENE}.Token.${TOK.foe}`],
            scale: "triple",
          },
        }),
    );
    await table.settle();
    const r = alice.run(() => G().game.users.get(ALICE_ID).getFlag("frontier-tactics", "response"));
    expect(r?.id === rid ? r.applied : "no answer").toEqual([]);
    expect(foeStamina()).toEqual(everyone(table, 40));
    expect(table.unhandled).toEqual([]);
  });
});
