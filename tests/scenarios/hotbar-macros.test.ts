/**
 * Scenario (issue 33): hotbar macros. Alice drags a row of Eusyl's sheet — her laser pistol, her Strength check —
 * and drops it on slot 3 of the hotbar. v13's Hotbar#_onDrop (client/applications/ui/hotbar.mjs) first calls
 * `Hooks.call("hotbarDrop", hotbar, data, slot)` and makes its own macro unless a handler returns false; the system's
 * handler returns false and makes a script macro calling `game.system.api.rollItemMacro(uuid)` (or
 * `rollCheckMacro(actorUuid, ability)`), assigned to her slot (`User#assignHotbarMacro`). Running it opens the same
 * dialog and posts the same card as the sheet's click (seed 000: ½ DEX 80 → +40 SF-X-11, 10 m with the laser pistol
 * → Short −10 SF-X-14, a pirate that has not moved → +10 SF-X-17: 40 %; SF-B-24: STR 40). A macro whose weapon was
 * deleted says so and rolls nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { pendingDice } from "../foundry/dice.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  onEveryClient,
  renderMessage,
  rowText,
  sceneSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { fiveMarines, marinesToken, squadSource, swnSettings } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { lastCard } from "./kit-grenades.js";
import { dragStartData, dropOnHotbar as dropAt, sheetElement } from "./kit-hotbar.js";
import { yard } from "./kit-yard.js";
import { lastMessageText } from "./kit-zebulon.js";

const { SCENE, EUSYL, PIRATE, TOK_PIRATE, PISTOL, world } = yard("HB");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);
afterEach(async () => {
  const open = table?.all.find((c) => c.userId === ALICE_ID && attackDialog(c));
  if (open) await open.run(() => attackDialog(open).close());
});

const { attackDialog, aliceOpensAttack, aliceRolls } = attackDialogKit(() => table, {
  actor: EUSYL,
  target: TOK_PIRATE,
});

/** Alice starts dragging what `selector` finds on Eusyl's sheet (it says it is draggable): the data it writes. */
async function dragFromSheet(
  alice: Client,
  selector: string,
  actorId = EUSYL,
): Promise<Record<string, unknown>> {
  const el = await sheetElement(alice, actorId, selector);
  expect(el.getAttribute("draggable")).toBe("true");
  return dragStartData(alice, el);
}

/** The drop on hotbar slot `slot` (kit-hotbar's); whether core would go on to make its own macro. */
const dropOnHotbar = (alice: Client, data: Record<string, unknown>, slot: number): Promise<boolean> =>
  dropAt(table, alice, data, slot);

/** A user's macro in a hotbar slot, as every client has it. */
function slotMacro(
  slot: number,
  userId = ALICE_ID,
): Record<string, { name: string; type: string; command: string } | null> {
  return onEveryClient(table, () => {
    const macroId = G().game.users.get(userId).hotbar?.[slot];
    const m = macroId ? G().game.macros.get(macroId) : null;
    return m ? { name: m.name, type: m.type, command: m.command } : null;
  });
}

/** Alice clicks the macro in her hotbar slot (v13: Hotbar → `Macro#execute()`); the table settles. */
async function runSlot(alice: Client, slot: number): Promise<void> {
  await alice.run(async () => {
    const macro = G().game.macros.get(G().game.user.hotbar[slot]);
    await macro.execute();
  });
  await alice.run(() => settleApps());
  await table.settle();
}

describe("scenario: hotbar macros (issue 33)", () => {
  it("issue 33 SF-X-11 SF-X-14 SF-X-17: the laser pistol dropped on slot 3 — its macro opens the attack dialog and posts the sheet's card (40 %, d100 08 hits)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    // The sheet's click first: the card to compare with.
    await aliceOpensAttack(alice, PISTOL);
    const bySheet = text(renderMessage(alice, await aliceRolls(alice, 8, 7)));

    const data = await dragFromSheet(alice, `tr[data-item-id="${PISTOL}"]`);
    expect(data).toEqual({ type: "Item", uuid: `Actor.${EUSYL}.Item.${PISTOL}` });
    // The system takes the drop: core makes no macro of its own.
    expect(await dropOnHotbar(alice, data, 3)).toBe(false);
    const command = `game.system.api.rollItemMacro("Actor.${EUSYL}.Item.${PISTOL}");`;
    const made = { name: "Eusyl: Laser Pistol", type: "script", command };
    expect(slotMacro(3)).toEqual({ Gamemaster: made, Alice: made });
    // Dropped again on slot 4: the same macro, not a second one.
    expect(await dropOnHotbar(alice, data, 4)).toBe(false);
    expect(alice.run(() => G().game.macros.size)).toBe(1);

    alice.target(TOK_PIRATE);
    await runSlot(alice, 3);
    expect(attackDialog(alice)).toBeDefined();
    const byMacro = text(renderMessage(alice, await aliceRolls(alice, 8, 7)));
    // The stamina readout follows the first card's damage (40 → 33 → 26); the rest is the same card.
    expect(byMacro.replace("40 → 33", "")).toBe(bySheet.replace("40 → 33", ""));
    expect(byMacro).toMatch(/Modifiers = 40% .* 8 ≤ 40 Hit 1d10 \[7\] = 7 dmg/);
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 SF-B-24: the Strength check dropped on slot 5 — its macro rolls the check the sheet's click rolls (d100 30 on STR 40: Success)", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const data = await dragFromSheet(alice, '[data-action="abilityCheck"][data-ability="str"]');
    expect(data).toEqual({ type: "FrontierCheck", uuid: `Actor.${EUSYL}`, ability: "str" });
    expect(await dropOnHotbar(alice, data, 5)).toBe(false);
    const made = {
      name: "Eusyl: Strength check",
      type: "script",
      command: `game.system.api.rollCheckMacro("Actor.${EUSYL}", "str");`,
    };
    expect(slotMacro(5)).toEqual({ Gamemaster: made, Alice: made });
    table.dice(30);
    await runSlot(alice, 5);
    expect(table.all.map((c) => lastMessageText(c))).toEqual(
      Array(2).fill("Strength (SF-B-24) 40 (SF-B-24): Success"),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33 bad input: the macro of a deleted weapon says so and rolls nothing; a gear row is left to core", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const data = await dragFromSheet(alice, `tr[data-item-id="${PISTOL}"]`);
    await dropOnHotbar(alice, data, 3);
    await alice.run(() => G().game.actors.get(EUSYL).items.get(PISTOL).delete());
    await table.settle();
    const before = alice.run(() => G().game.messages.size as number);
    await runSlot(alice, 3);
    expect(told(alice)).toContain(
      "warn: This macro's item or actor no longer exists: nothing is rolled. Drag it from the sheet again.",
    );
    expect(alice.run(() => G().game.messages.size)).toBe(before);
    expect(attackDialog(alice)).toBeUndefined();
    // A drop that is none of the system's rolls (an actor from the sidebar) goes on to core's own macro.
    expect(await dropOnHotbar(alice, { type: "Actor", uuid: `Actor.${PIRATE}` }, 6)).not.toBe(false);
    expect(table.unhandled).toEqual([]);
  });
});

const KARA = id("actKaraHB");
const MARINES = id("actMarinesHB");
const TOK_KARA = id("tokKaraHB");
const TOK_MARINES = id("tokMarinesHB");

/** Seed 003, SWN-17 (as swn-squad-attack): five marines (HD 1, AB +1, a 1d8 rifle, 23 HP) and Kara (AC 10, 30 HP). */
const swnWorld = () => ({
  settings: swnSettings("HB"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      system: { swn: { ac: 10, ab: 3, hp: { value: 30, max: 30 } } },
    }),
    squadSource(MARINES, "Marines", {
      ...fiveMarines(),
      weapon: { name: "Rifle", formula: "1d8", ap: 0, tl: 3 },
    }),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing field",
      grid: { size: 100, distance: 3, units: "m" },
      tokens: [
        tokenSource({ _id: TOK_KARA, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        marinesToken(TOK_MARINES, MARINES, cell(4, 5)),
      ],
    }),
  ],
});

describe("scenario: a squad's attack as a hotbar macro (issue 33, SWN-17)", () => {
  it("issue 33 SWN-17: the GM drops the Marines' Attack on slot 1; the macro attacks Kara as the sheet's button — d20 9 + 1 = 10 vs AC 10 is half: 23, half 12", async () => {
    table = await createTable({ world: swnWorld(), online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    const data = await dragFromSheet(gm, '[data-action="squadAttack"]', MARINES);
    expect(data).toEqual({ type: "FrontierSquadAttack", uuid: `Actor.${MARINES}` });
    expect(await dropOnHotbar(gm, data, 1)).toBe(false);
    const made = {
      name: "Marines",
      type: "script",
      command: `game.system.api.rollItemMacro("Actor.${MARINES}");`,
    };
    expect(slotMacro(1, GM_ID)).toEqual({ Gamemaster: made, Alice: made });
    gm.target(TOK_KARA);
    table.dice(9);
    await runSlot(gm, 1);
    const msg = lastCard(gm)!;
    expect(msg).toBeTruthy();
    for (const c of table.all) {
      const row = rowText(c, msg, "Kara");
      expect(row).toContain("d20 9 + 1 = 10 vs AC 10 → half (margin 0)");
      expect(row).toContain("1d8 avg 4.5 × 5 units = 23, half 12");
    }
    expect(table.unhandled).toEqual([]);
  });
});
