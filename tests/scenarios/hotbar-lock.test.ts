/**
 * Scenario (issue 33, review-ux 3.1 and 3.2): a drop on the hotbar follows v13's Hotbar (client/applications/ui/
 * hotbar.mjs `#onDragDrop`, id 18546727422): the "hotbarDrop" hook first, then nothing at all when the bar is locked
 * (`locked` reads the client setting core.hotbarLock) — so a system that takes the drop in its hook keeps that rule.
 * A macro is reused only by its own author (`Macro#author`): the GM owns every macro, so a GM's drop of a player's
 * weapon makes the GM's own macro, and the player's stays the player's.
 */
import { describe, expect, it } from "vitest";
import { resetAppRecords } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
} from "./kit.js";
import { dragStartData, dropOnHotbar as dropAt, sheetElement } from "./kit-hotbar.js";

const EUSYL = id("actEusylHL");
const PISTOL = id("itmLaserHL");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const world = () => ({
  actors: [
    actorSource({
      _id: EUSYL,
      name: "Eusyl",
      owner: ALICE_ID,
      abilities: { dex: 80, str: 40 },
      items: [itemFromPack("weapons", "laser-pistol", PISTOL)],
    }),
  ],
});

/** A user starts dragging what `selector` finds on Eusyl's sheet: the drag data the sheet writes (dragstart). */
const dragFromSheet = async (client: Client, selector: string): Promise<Record<string, unknown>> =>
  dragStartData(client, await sheetElement(client, EUSYL, selector));

/** The drop on hotbar slot `slot` (kit-hotbar's); whether core would go on to make its own macro. */
const dropOnHotbar = (client: Client, data: Record<string, unknown>, slot: number): Promise<boolean> =>
  dropAt(table, client, data, slot);

/** The GM's and Alice's hotbar slot → its macro's name and author's name, as every client has them. */
function hotbars(): Record<string, Record<string, Record<string, string>>> {
  return onEveryClient(table, () =>
    Object.fromEntries(
      G()
        .game.users.contents.filter((u: { id: string }) => u.id === GM_ID || u.id === ALICE_ID)
        .map((u: { name: string; hotbar: Record<string, string> }) => [
          u.name,
          Object.fromEntries(
            Object.entries(u.hotbar ?? {}).map(([slot, macroId]) => {
              const m = G().game.macros.get(macroId);
              return [slot, `${m?.name} by ${m?.author?.name}`];
            }),
          ),
        ]),
    ),
  );
}

const everyoneSees = (v: unknown) => ({ Gamemaster: v, Alice: v });

describe("scenario: hotbar drops follow v13's Hotbar (issue 33)", () => {
  it("issue 33: on a locked hotbar, Alice's Strength check dropped on her pistol's slot 3 (or the empty slot 4) changes nothing", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    expect(await dropOnHotbar(alice, await dragFromSheet(alice, `tr[data-item-id="${PISTOL}"]`), 3)).toBe(
      false,
    );
    const pistolOnly = { Gamemaster: {}, Alice: { 3: "Eusyl: Laser Pistol by Alice" } };
    expect(hotbars()).toEqual(everyoneSees(pistolOnly));
    // Alice locks her bar (the hotbar's lock button: the client setting core.hotbarLock).
    await alice.run(() => G().game.settings.set("core", "hotbarLock", true));
    const check = await dragFromSheet(alice, '[data-action="abilityCheck"][data-ability="str"]');
    expect(await dropOnHotbar(alice, check, 3)).toBe(false);
    expect(await dropOnHotbar(alice, check, 4)).toBe(false);
    expect(hotbars()).toEqual(everyoneSees(pistolOnly));
    expect(onEveryClient(table, () => G().game.macros.size)).toEqual(everyoneSees(1));
    // Unlocked again, the same drop lands on slot 4.
    await alice.run(() => G().game.settings.set("core", "hotbarLock", false));
    expect(await dropOnHotbar(alice, check, 4)).toBe(false);
    expect(hotbars().Alice?.Alice).toEqual({
      3: "Eusyl: Laser Pistol by Alice",
      4: "Eusyl: Strength check by Alice",
    });
    expect(table.unhandled).toEqual([]);
  });

  it("issue 33: the GM drops Eusyl's pistol after Alice did — the GM gets a macro of the GM's own, Alice keeps hers", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    await dropOnHotbar(alice, await dragFromSheet(alice, `tr[data-item-id="${PISTOL}"]`), 3);
    expect(await dropOnHotbar(gm, await dragFromSheet(gm, `tr[data-item-id="${PISTOL}"]`), 1)).toBe(false);
    expect(hotbars()).toEqual(
      everyoneSees({
        Gamemaster: { 1: "Eusyl: Laser Pistol by Gamemaster" },
        Alice: { 3: "Eusyl: Laser Pistol by Alice" },
      }),
    );
    // Alice deletes her macro: the GM's slot keeps the GM's.
    await alice.run(() => G().game.macros.get(G().game.user.hotbar[3]).delete());
    await table.settle();
    expect(hotbars().Gamemaster?.Gamemaster).toEqual({ 1: "Eusyl: Laser Pistol by Gamemaster" });
    expect(table.unhandled).toEqual([]);
  });
});
