/**
 * Scenario (issue 27, review foundry-v13-ui-canvas-2 §2.2): "moved this round" counts only the token's own movement.
 * v13 records each waypoint with the movement action that reached it; a GM's displacement (the "displace" action, as
 * a nudge, a Teleport Token region or an undo) or a blink is not the target walking or running, so it keeps the
 * stationary-target +10 (SF-X-17). A target that walked the same squares does not.
 *
 * Numbers (dialog-modifiers.test.ts): Eusyl DEX 80 → ½ DEX +40 (SF-X-11); the pirate 10 m away → laser pistol Short
 * −10 (SF-X-14); a stationary target +10, a walking one 0 (SF-X-17): 40 % against 30 %.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneMoveAct");
const EUSYL = id("actEusylMove");
const PIRATE = id("actPirateMove");
const TOK_EUSYL = id("tokEusylMove");
const TOK_PIRATE = id("tokPirateMove");
const PISTOL = id("itmLaserMove");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);
afterEach(async () => {
  const open = table?.all.find((c) => c.userId === ALICE_ID && attackDialog(c));
  if (open) await open.run(() => attackDialog(open).close());
});

const world = () => ({
  settings: [settingSource(id("setPhasesMove"), "enforcePhases", false)],
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
      name: "Yard",
      grid: { size: 100, distance: 1, units: "m" },
      tokens: [
        tokenSource({ _id: TOK_EUSYL, name: "Eusyl", actorId: EUSYL, actorLink: true, x: 1500, y: 1500 }),
        tokenSource({ _id: TOK_PIRATE, name: "Pirate", actorId: PIRATE, actorLink: false, x: 2500, y: 1500 }),
      ],
    }),
  ],
});

const { attackDialog, aliceOpensAttack, chance, aliceRolls, cardLine } = attackDialogKit(() => table, {
  actor: EUSYL,
  target: TOK_PIRATE,
});

/** An encounter with both tokens, started (each side rolls its d10, SF-X-04). */
async function begin(): Promise<void> {
  table = await createTable({ world: world(), online: "players" });
  table.dice(6, 3);
  await table.client(GM_ID).run(async () => {
    const combat = await G().Combat.create({ scene: SCENE, active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { tokenId: TOK_EUSYL, sceneId: SCENE, actorId: EUSYL },
      { tokenId: TOK_PIRATE, sceneId: SCENE, actorId: PIRATE },
    ]);
    await combat.startCombat();
  });
  await table.settle();
}

/** The GM moves the pirate 5 m south and back with movement action `action` (v13 `TokenDocument#move`). */
async function pirateThereAndBack(action: string): Promise<void> {
  const token = () => G().game.scenes.get(SCENE).tokens.get(TOK_PIRATE);
  await table.client(GM_ID).run(() => token().move({ x: 2500, y: 2000, action }));
  await table.client(GM_ID).run(() => token().move({ x: 2500, y: 1500, action }));
  await table.settle();
}

describe("scenario: a displaced target is not a moving target (SF-X-17)", () => {
  it("SF-X-17: the GM displaces the pirate 5 m and back mid-round; Alice's shot still has Target stationary +10: 40 %, on every client's card", async () => {
    await begin();
    const alice = table.client(ALICE_ID);
    await pirateThereAndBack("displace");
    // v13 records the origin of a first movement with that movement's first action (client/documents/token.mjs
    // `#preUpdateMovement`: `action: previous ? "displace" : waypoints[0].action`): a displace from the start.
    expect(
      onEveryClient(table, () =>
        G()
          .game.scenes.get(SCENE)
          .tokens.get(TOK_PIRATE)
          .movementHistory.map((w: { action: string }) => w.action),
      ),
    ).toEqual(everyone(table, ["displace", "displace", "displace"]));
    await aliceOpensAttack(alice, PISTOL);
    expect(chance(alice)).toBe("40%");
    const cardId = await aliceRolls(alice, 12, 7);
    expect(cardLine(cardId)).toBe(
      "Modifiers = 40% ½ DexteritySF-X-11+40ShortSF-X-14−10Target stationarySF-X-17+10 12 ≤ 40 Hit",
    );
    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-17: the pirate walks the same 5 m and back; it is a moving target, no +10: 30 %", async () => {
    await begin();
    const alice = table.client(ALICE_ID);
    await pirateThereAndBack("walk");
    await aliceOpensAttack(alice, PISTOL);
    expect(chance(alice)).toBe("30%");
    expect(table.unhandled).toEqual([]);
  }, 30_000);

  it("SF-X-17 (issue 31, trust review 1.2): Alice's console moves Eusyl 1 px with a forged 5 m walk in an undo write ({isUndo: true}) — the GM puts the walk back on every client (only the 1 px move is recorded); her own undo of a walk she made (v13 revertRecordedMovement: a shortened history, the token back at its last kept waypoint) stays", async () => {
    await begin();
    const alice = table.client(ALICE_ID);
    const history = () =>
      onEveryClient(table, () => {
        const doc = G().game.scenes.get(SCENE).tokens.get(TOK_EUSYL);
        return `${doc.x}: ${doc.movementHistory.map((w: { x: number; action: string }) => `${w.x} ${w.action}`).join(", ")}`;
      });
    await alice.run(() => {
      const doc = G().game.scenes.get(SCENE).tokens.get(TOK_EUSYL);
      const walk = [0, 1, 2, 3, 4, 5].map((i) => ({
        x: 1000 + 100 * i,
        y: 1500,
        elevation: 0,
        width: 1,
        height: 1,
        shape: 0,
        action: "walk",
        terrain: null,
        snapped: false,
        explicit: true,
        checkpoint: true,
        intermediate: false,
        userId: G().game.user.id,
        movementId: "forgedWalkSF0001",
        cost: i === 0 ? 0 : 1,
      }));
      return doc.update({ x: doc.x + 1, _movementHistory: walk }, { isUndo: true, diff: false });
    });
    await table.settle();
    expect(history()).toEqual(everyone(table, "1501: 1500 walk, 1501 walk"));
    // Honest: she walks Eusyl 2 m east, then undoes that walk (v13's own undo); the GM keeps it.
    await alice.run(() =>
      G().game.scenes.get(SCENE).tokens.get(TOK_EUSYL).move({ x: 1701, y: 1500, action: "walk" }),
    );
    await table.settle();
    expect(history()).toEqual(everyone(table, "1701: 1500 walk, 1501 walk, 1701 walk"));
    await alice.run(() => {
      const doc = G().game.scenes.get(SCENE).tokens.get(TOK_EUSYL);
      return doc.revertRecordedMovement(doc.movementHistory.at(-1).movementId);
    });
    await table.settle();
    expect(history()).toEqual(everyone(table, "1501: 1500 walk, 1501 walk"));
    expect(table.unhandled).toEqual([]);
  }, 30_000);
});
