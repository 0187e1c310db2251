/**
 * Scenario (issue 31, trust review of the attacks of opportunity): what a player's script could do to escape an
 * attack of opportunity, or to make one it was not offered, and what the GM now does about it (SW-25, SW-43).
 * Set up as d20-provoke.test.ts (the trust review's probes, tests/scenarios/zz-trust-probe.test.ts in its worktree).
 * Original header:
 * Scenario (issue 31): attacks of opportunity a movement provokes (SW-14, SW-24, SW-25). Kara (Alice's, a lightsaber)
 * stands between the Thug and the Raider (NPCs, each a vibroblade), all adjacent on a 1 m grid; Bruno watches. When a
 * token walks out of a foe's threatened area (within 2 m of it, SW-14) farther than a 2 m step, the active GM offers
 * that foe's owners its attack of opportunity — a card whispered to them with a button only they get; its click is the
 * attack of opportunity the tracker makes, at the mover where it provoked. One a round (SW-25); a GM's displace
 * provokes nothing, nor does a disengage (SW-24) from the areas it started in.
 *
 *   row 5:  Raider (4)  Kara (5)  Thug (6)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  currentTurn,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import {
  dragThrough,
  gmNextTurn,
  offerOn,
  offersSeen as offersSeenBy,
  startEncounter,
  takeOffer,
} from "./kit-provoke.js";

const SCENE = id("sceneD20Provoke");
const KARA = id("actKaraProvoke");
const THUG = id("actThugProvoke");
const RAIDER = id("actRaiderProvoke");
const SABER = id("itmSaberProvoke");
const BLADE = { thug: id("itmBladeThugProv"), raider: id("itmBladeRaidProv") };
const CMB = { kara: id("cmbKaraProvoke"), thug: id("cmbThugProvoke"), raider: id("cmbRaiderProvoke") };
const TOK = { kara: id("tokKaraProvoke"), thug: id("tokThugProvoke"), raider: id("tokRaiderProvoke") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const blade = (itemId: string) =>
  itemFromPack("d20", "lightsaber", itemId, { d20: { damage: "2d6", threat: 20 } }, "Vibroblade");

/** `raider`: the Raider's cell (beside Kara, west, unless a test puts him elsewhere). */
const world = (raider: [number, number] = [4, 5]) => ({
  settings: [settingSource(id("setEngineProvoke"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } })],
      system: { d20: { bab: 6, abilities: { str: 14, dex: 14 }, vitality: { value: 12, max: 12 } } },
    }),
    { ...d20Foe(THUG, "Thug", HEROIC_POOLS), items: [blade(BLADE.thug)] },
    { ...d20Foe(RAIDER, "Raider", HEROIC_POOLS), items: [blade(BLADE.raider)] },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(5, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(6, 5)),
        foeToken(TOK.raider, "Raider", RAIDER, cell(...raider)),
      ],
    }),
  ],
});

/** The GM's encounter: initiative d20s 18, 10, 5 → Kara 20, Thug 12, Raider 7 (Dex +2 each); Kara's turn. */
async function encounter(): Promise<void> {
  await startEncounter(table, SCENE, {
    cmb: CMB,
    tok: TOK,
    act: { kara: KARA, thug: THUG, raider: RAIDER },
  });
}

/** The GM ends the current turn. */
const nextTurn = () => gmNextTurn(table);

/**
 * `who` moves the token to column `col` of row 5 as a drag does (v13 `TokenDocument#move` with the "dragging" method,
 * client/documents/token.mjs), each waypoint walked unless `action` says otherwise (a GM's "displace").
 */
const drag = (who: Client, tokenId: string, cols: number[], action = "walk") =>
  dragThrough(
    table,
    who,
    SCENE,
    tokenId,
    cols.map((c) => cell(c, 5)),
    action,
  );

/** The offers (attack of opportunity cards) each client's chat log shows: their titles. */
const offersSeen = () => offersSeenBy(table);

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

/** `c` clicks the offer's button; the attack dialog opens on that page. */
const take = (c: Client, messageId: string) => takeOffer(table, c, messageId);

/** Alice's script moves Kara to `to` (top-left pixels) in one movement with `action`. */
async function aliceMoves(to: { x: number; y: number }, action: string, method = "api"): Promise<void> {
  await table.client(ALICE_ID).run(() =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK.kara)
      .move([{ ...to, action }], { method }),
  );
  await table.settle();
}

/** The offers the GM's chat shows, by the threatening combatant's name. */
const gmOffers = () =>
  offersSeen().Gamemaster!.map((m: string) =>
    table.client(GM_ID).run(() => G().game.messages.get(m).system.offer.combatantId as string),
  );

/** Kara's recorded walk this round on every client: "x,y action" (top-left pixels). */
const karaHistory = () =>
  onEveryClient(table, () =>
    G()
      .game.scenes.get(SCENE)
      .tokens.get(TOK.kara)
      .movementHistory.map((w: any) => `${w.x},${w.y} ${w.action}`),
  );

describe("scenario: a player's script does not escape or forge an attack of opportunity (issue 31 trust review)", () => {
  it("SW-25: Alice picks v13's Blink and moves Kara 6 m away from the Thug and the Raider — a player's teleport is a walk: the GM is offered both attacks of opportunity; Blink is in the GM's movement palette only", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    expect(
      onEveryClient(table, () => G().CONFIG.Token.movement.actions.blink.canSelect(null) as boolean),
    ).toEqual({ Gamemaster: true, Alice: false });
    await aliceMoves(cell(5, 11), "blink", "dragging");
    expect(offersSeen().Alice).toEqual([]);
    expect(gmOffers()).toEqual([CMB.thug, CMB.raider]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: Alice's script moves Kara 6 m with v13's displace action (the GM's nudge) — offered to the Thug and the Raider as a walk; an action v13 does not configure is refused and Kara stays", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    await expect(aliceMoves(cell(5, 11), "teleport")).rejects.toThrow(/invalid/);
    expect(table.client(GM_ID).run(() => G().game.scenes.get(SCENE).tokens.get(TOK.kara).y)).toBe(
      cell(5, 5).y,
    );
    await aliceMoves(cell(5, 11), "displace");
    expect(gmOffers()).toEqual([CMB.thug, CMB.raider]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: Alice's script 'undoes' a 2 m step to a cell 6 m away and erases her walk (an isUndo update carrying an empty history) — the GM reads it as a walk: both foes are offered, and every client's history of Kara keeps her round's walk", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    await aliceMoves(cell(5, 3), "walk", "dragging");
    expect(offersSeen()).toEqual({ Gamemaster: [], Alice: [] });
    await table.client(ALICE_ID).run(() =>
      G()
        .game.scenes.get(SCENE)
        .tokens.get(TOK.kara)
        .update({ ...cell(5, 11), _movementHistory: [] }, { isUndo: true, diff: false }),
    );
    await table.settle();
    expect(gmOffers()).toEqual([CMB.thug, CMB.raider]);
    expect(karaHistory()).toEqual(
      everyone(
        table,
        [cell(5, 5), cell(5, 3), cell(5, 11)].map((c) => `${c.x},${c.y} walk`),
      ),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-25: Alice takes back her 2 m step with v13's undo (revertRecordedMovement) — Kara is back where she started, nothing is offered, her history is empty", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    await aliceMoves(cell(5, 3), "walk", "dragging");
    await table
      .client(ALICE_ID)
      .run(() => G().game.scenes.get(SCENE).tokens.get(TOK.kara).revertRecordedMovement());
    await table.settle();
    expect(table.client(GM_ID).run(() => G().game.scenes.get(SCENE).tokens.get(TOK.kara).y)).toBe(
      cell(5, 5).y,
    );
    expect(offersSeen()).toEqual({ Gamemaster: [], Alice: [] });
    expect(karaHistory()).toEqual(everyone(table, []));
  });

  it("SW-25: the GM views another encounter in the tracker while Alice walks Kara 6 m away — the offers are still made (the combat of Kara's own scene)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const gm = table.client(GM_ID);
    await gm.run(async () => {
      const other = await G().Combat.create({ scene: null });
      G().ui.combat.viewed = other;
    });
    expect(gm.run(() => G().game.combat?.combatants.size ?? 0)).toBe(0);
    await aliceMoves(cell(5, 11), "walk", "dragging");
    expect(gmOffers()).toEqual([CMB.thug, CMB.raider]);
  });

  it("SW-25: Alice posts an attack-of-opportunity offer card naming the Thug (a rule card of kind ft-aoo-offer) — it is not the GM's: no button is drawn on any page", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    const alice = table.client(ALICE_ID);
    const mid = await alice.run(async () => {
      const c = G().game.combat;
      const m = await G().ChatMessage.create({
        type: "rule",
        system: {
          version: 1,
          kind: "ft-aoo-offer",
          ruleId: "SW-25",
          title: [{ key: "", text: "Attack of opportunity", data: [] }],
          lines: [],
          offer: {
            combatId: c.id,
            combatantId: CMB.thug,
            tokenUuid: c.combatants.get(CMB.kara).token.uuid,
            round: c.round,
            x: 0,
            y: 0,
          },
        },
      });
      return m.id as string;
    });
    await table.settle();
    expect(offerOn(table.client(GM_ID), mid).button).toBe(false);
    expect(offerOn(alice, mid).button).toBe(false);
  });

  it("SW-25: the Thug walks away from Kara in round 1 — Alice is offered Kara's attack of opportunity; she clicks its button in round 2: nothing is made, she is told the offer was for an earlier round", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    await nextTurn();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    expect(currentTurn(gm)).toBe("Thug");
    await drag(gm, TOK.thug, [9]);
    const offer = offersSeen().Alice![0]!;
    const button = renderMessage(alice, offer).querySelector('[data-ft-action="attackOfOpportunity"]');
    expect(button).not.toBeNull();
    await nextTurn();
    await nextTurn();
    expect(gm.run(() => G().game.combat.round)).toBe(2);
    const cards = () =>
      alice.run(() => G().game.messages.contents.filter((m: any) => m.type === "attack").length);
    const before = cards();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(cards()).toBe(before);
    expect(told(alice)).toEqual([
      "warn: That attack of opportunity was offered in an earlier round: it can no longer be made (SW-25).",
    ]);
  });

  /** The Thug walks away from Kara on his turn; Alice takes the offer (her copy of it forged first or not). */
  async function takeOffer(forge: boolean): Promise<string | null> {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await encounter();
    await nextTurn();
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await drag(gm, TOK.thug, [9]);
    const offer = offersSeen().Alice![0]!;
    if (forge)
      // Her own copy of the GM's card (no write: a player may not update the GM's message), at Kara's own centre.
      alice.run(() => {
        const k = G().game.scenes.get(SCENE).tokens.get(TOK.kara);
        G()
          .game.messages.get(offer)
          .updateSource({ system: { offer: { x: k.x + 50, y: k.y + 50 } } });
      });
    await take(alice, offer);
    const msg = await dialogKit.aliceRolls(alice, 15, 3, 4);
    return gm.run(() => G().game.users.get(GM_ID).getFlag("frontier-tactics", "attacks")?.[msg]?.no ?? null);
  }

  it("SW-25: Alice takes the Thug's offered attack of opportunity from its button — the GM admits her card (the offer is the GM's, hers, this round, at the Thug, from where he provoked)", async () => {
    expect(await takeOffer(false)).toBeNull();
  });

  it("SW-25: Alice's script moves the offer's point (where the Thug provoked) on her own page to Kara's centre, then takes it — her card's distance is not the one from the GM's offer: the GM refuses it", async () => {
    expect(await takeOffer(true)).toBe("FT.Card.aooNotOffered");
  });
});
