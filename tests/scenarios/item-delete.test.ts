/**
 * Scenario (issue 13 "Sheets", review table-ux §3 "Weapons and suits/screens have no delete control, in either
 * mode, and there is no context menu"; finding 15 "Disabled Attack explains itself only in a hover tooltip"):
 *
 * 1. Alice opens her character's sheet on her own client and clicks the trash button on her laser pistol's row.
 *    The confirmation (v13 `DialogV2.confirm`) opens on her client only. No: nothing is written and every client
 *    still has the pistol. Again, Yes: the pistol is gone on every client and from her sheet.
 * 2. She right-clicks her skeinsuit's row and chooses Delete in the context menu; Yes: gone on every client.
 * 3. Bruno may look at her sheet (OBSERVER) but owns nothing on it: no trash button in play or edit mode, the context
 *    menu offers Edit but not Delete, and a delete he sends anyway is refused by the server; the item stays.
 * 4. A weapon that cannot fire says why on the sheet, next to its disabled Attack: "empty" (no SEU left) and
 *    "no ranges entered" (the automatic rifle, whose bands are not in the sources).
 */
import { describe, expect, it } from "vitest";
import {
  answerDialog,
  chooseContextOption,
  click,
  openDialogs,
  resetAppRecords,
  settle as settleApps,
} from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  BRUNO_ID,
  closeTableAfterEach,
  everyone,
  G,
  id,
  itemFromPack,
  onEveryClient,
  text,
  told,
} from "./kit.js";

const EUSYL = id("actEusyl");
const PISTOL = id("itmEusylLaser");
const SUIT = id("itmEusylSkein");
const DRY = id("itmEusylDry");
const RIFLE = id("itmEusylAuto");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = () => ({
  actors: [
    {
      ...actorSource({
        _id: EUSYL,
        name: "Eusyl",
        owner: ALICE_ID,
        abilities: { dex: 80 },
        items: [
          itemFromPack("weapons", "laser-pistol", PISTOL),
          itemFromPack("defenses", "skeinsuit", SUIT),
          itemFromPack("weapons", "laser-pistol", DRY, { ammo: { remaining: 0 } }, "Dry Laser Pistol"),
          itemFromPack("weapons", "automatic-rifle", RIFLE),
        ],
      }),
      // Bruno may see Eusyl's sheet, but owns neither her nor her items.
      ownership: { default: 0, [ALICE_ID]: 3, [BRUNO_ID]: 2 },
    },
  ],
});

/** The user opens the actor's sheet as a double-click does, on their own client; returns its element. */
async function openSheet(client: Client, actorId: string): Promise<HTMLElement> {
  await client.run(() => G().game.actors.get(actorId).sheet.render({ force: true }));
  await client.run(() => settleApps());
  return client.run(() => G().game.actors.get(actorId).sheet.element as HTMLElement);
}

/** Whether each client's copy of Eusyl has this item. */
const hasItem = (itemId: string) =>
  onEveryClient(table, () => !!G().game.actors.get(EUSYL).items.get(itemId));

/** The item ids the server has stored on Eusyl. */
const stored = () =>
  (table.server.world.actors.find((a: any) => a._id === EUSYL)?.items ?? []).map((i: any) => i._id).sort();

async function settleAll(client: Client): Promise<void> {
  await client.run(() => settleApps());
  await table.settle();
  await client.run(() => settleApps());
}

describe("scenario: deleting an item from the actor sheet, with confirmation", () => {
  it("Alice deletes her pistol with the row's trash button (No keeps it, Yes removes it everywhere) and her suit through the row's context menu", async () => {
    table = await createTable({ world: world(), online: "players" });
    const alice = table.client(ALICE_ID);
    let sheet = await openSheet(alice, EUSYL);
    const trash = () =>
      alice.run(() =>
        G()
          .game.actors.get(EUSYL)
          .sheet.element.querySelector(`tr[data-item-id="${PISTOL}"] [data-action="itemDelete"]`),
      );
    // Play mode (an existing character opens in play mode) already has the control.
    expect(trash()).not.toBeNull();
    expect(trash().getAttribute("aria-label")).toBe("Delete");

    // First click: the confirmation opens on Alice's client, and nowhere else; she answers No.
    const writes = table.server.log.length;
    alice.run(() => click(trash()));
    await settleAll(alice);
    const dialogs = alice.run(() => openDialogs());
    expect(dialogs).toHaveLength(1);
    expect(alice.run(() => text(dialogs[0]!.element.querySelector(".dialog-content")))).toBe(
      "Remove Laser Pistol from Eusyl? This cannot be undone.",
    );
    for (const c of table.all.filter((c) => c !== alice)) expect(c.run(() => openDialogs())).toEqual([]);
    alice.run(() => answerDialog("no"));
    await settleAll(alice);
    expect(alice.run(() => openDialogs())).toEqual([]);
    expect(table.server.log.slice(writes)).toEqual([]);
    expect(hasItem(PISTOL)).toEqual(everyone(table, true));

    // Second click, Yes: one delete, and the pistol is gone on every client and from her sheet.
    alice.run(() => click(trash()));
    await settleAll(alice);
    alice.run(() => answerDialog("yes"));
    await settleAll(alice);
    expect(table.server.log.slice(writes)).toEqual([
      { action: "delete", type: "Item", userId: ALICE_ID, count: 1 },
    ]);
    expect(hasItem(PISTOL)).toEqual(everyone(table, false));
    expect(stored()).toEqual([DRY, RIFLE, SUIT].sort());
    sheet = alice.run(() => G().game.actors.get(EUSYL).sheet.element);
    expect(sheet.querySelector(`[data-item-id="${PISTOL}"]`)).toBeNull();

    // The suit, through its row's context menu: Edit and Delete are offered; Delete asks, Yes removes it.
    const suitRow = sheet.querySelector<HTMLElement>(`li[data-item-id="${SUIT}"]`);
    expect(suitRow).not.toBeNull();
    alice.run(() => chooseContextOption(suitRow!, "FT.Sheet.delete"));
    await settleAll(alice);
    expect(alice.run(() => text(openDialogs()[0]?.element.querySelector(".dialog-content")))).toBe(
      "Remove Skeinsuit from Eusyl? This cannot be undone.",
    );
    alice.run(() => answerDialog("yes"));
    await settleAll(alice);
    expect(hasItem(SUIT)).toEqual(everyone(table, false));
    expect(stored()).toEqual([DRY, RIFLE].sort());
    expect(
      alice.run(() => G().game.actors.get(EUSYL).sheet.element.querySelector(`[data-item-id="${SUIT}"]`)),
    ).toBeNull();

    expect(told(alice)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  }, 60_000);

  it("Bruno (observer, not an owner) gets no delete control on Alice's sheet, and the server refuses a delete he sends", async () => {
    table = await createTable({ world: world(), online: "players" });
    const bruno = table.client(BRUNO_ID);
    const sheet = await openSheet(bruno, EUSYL);
    expect(sheet.querySelectorAll('[data-action="itemDelete"]')).toHaveLength(0);
    // Edit mode neither: the trash icons of skills, power and gear are for owners too.
    bruno.run(() => click(sheet.querySelector('[data-action="toggleMode"]')!));
    await settleAll(bruno);
    const edited = bruno.run(() => G().game.actors.get(EUSYL).sheet.element as HTMLElement);
    expect(edited.querySelectorAll('[data-action="itemDelete"]')).toHaveLength(0);

    // The context menu offers him Edit (to look at the item), not Delete.
    const suitRow = edited.querySelector<HTMLElement>(`li[data-item-id="${SUIT}"]`)!;
    expect(() => bruno.run(() => chooseContextOption(suitRow, "FT.Sheet.delete"))).toThrow(
      "Context menu entry FT.Sheet.delete is not offered",
    );
    bruno.run(() => chooseContextOption(suitRow, "FT.Sheet.edit"));
    await settleAll(bruno);
    expect(bruno.run(() => G().game.actors.get(EUSYL).items.get(SUIT).sheet.rendered)).toBe(true);
    expect(bruno.run(() => openDialogs())).toEqual([]);

    // A delete sent anyway: the server refuses it, the suit stays on every client and in the world.
    const writes = table.server.log.length;
    const refused = await bruno.run(() =>
      G()
        .game.actors.get(EUSYL)
        .items.get(SUIT)
        .delete()
        .then(
          () => null,
          (e: Error) => e.message,
        ),
    );
    await table.settle();
    expect(refused).toContain("lacks permission to delete");
    expect(table.server.log.slice(writes)).toMatchObject([{ action: "delete", userId: BRUNO_ID, count: 0 }]);
    expect(hasItem(SUIT)).toEqual(everyone(table, true));
    expect(stored()).toEqual([DRY, PISTOL, RIFLE, SUIT].sort());
    expect(table.unhandled).toEqual([]);
  }, 60_000);

  it("a weapon that cannot fire says why on the sheet, next to its disabled Attack: empty, no ranges entered", async () => {
    table = await createTable({ world: world() });
    const alice = table.client(ALICE_ID);
    const sheet = await openSheet(alice, EUSYL);
    const row = (itemId: string) => {
      const tr = sheet.querySelector<HTMLElement>(`tr[data-item-id="${itemId}"]`)!;
      const attack = tr.querySelector<HTMLButtonElement>('[data-action="attack"]')!;
      return { disabled: attack.disabled, reason: text(tr.querySelector(".ft-reason")) };
    };
    expect(row(DRY)).toEqual({ disabled: true, reason: "empty" });
    expect(row(RIFLE)).toEqual({ disabled: true, reason: "no ranges entered" });
    expect(row(PISTOL)).toEqual({ disabled: false, reason: "" });
    // The reason sits right after the button it explains.
    const dry = sheet.querySelector(`tr[data-item-id="${DRY}"] [data-action="attack"]`)!;
    expect(dry.nextElementSibling?.classList.contains("ft-reason")).toBe(true);
    expect(table.unhandled).toEqual([]);
  }, 60_000);
});
