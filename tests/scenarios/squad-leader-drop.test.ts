/**
 * Scenario (issue 33, SWN-19): the squad's leader by drag and drop. The squad sheet's leader field takes an actor
 * dropped from the Actors sidebar or a sheet (drag data `{type: "Actor", uuid}`, as v13's `Actor#toDragData` writes
 * it) and shows the leader by portrait and name, with a button that removes it. The drop goes through SWN-19's
 * `leadSquad` (games/swn/workflows/actions.ts): the leader leads this squad and no other, and every squad written must
 * be the user's. Anything else dropped there — an item, another squad — is refused with a notification, nothing
 * written.
 */
import { describe, expect, it } from "vitest";
import { click, dropData, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  onEveryClient,
  told,
} from "./kit.js";
import { openSheet } from "./kit-zebulon.js";

const KARA = id("actKaraLead");
const RED = id("actRedLead");
const BLUE = id("actBlueLead");
const BLADE = id("itmBladeLead");

let table: Table;
closeTableAfterEach(() => table, resetAppRecords);

const squad = (_id: string, name: string, ledBy = "") => ({
  _id,
  name,
  type: "squad",
  img: "icons/svg/mystery-man.svg",
  system: { ledBy },
  items: [],
  effects: [],
  flags: {},
  ownership: { default: 0, [ALICE_ID]: 3 },
});

const world = () => ({
  actors: [
    {
      ...actorSource({
        _id: KARA,
        name: "Kara",
        owner: ALICE_ID,
        items: [{ _id: BLADE, name: "Vibroblade", type: "weapon", system: {} }],
      }),
      img: "portraits/kara.webp",
    },
    // Kara leads Red Squad; Alice owns both squads.
    squad(RED, "Red Squad", `Actor.${KARA}`),
    squad(BLUE, "Blue Squad"),
  ],
});

/** Alice drops `data` on the leader field of a squad's sheet; the table settles. */
async function dropOnLeader(alice: Client, squadId: string, data: Record<string, unknown>): Promise<void> {
  const zone = (await openSheet(alice, squadId)).querySelector('[data-ft-drop="leader"]');
  expect(zone).not.toBeNull();
  alice.run(() => dropData(zone!, data));
  await alice.run(() => settleApps());
  await table.settle();
}

const ledBy = () =>
  onEveryClient(table, () => [RED, BLUE].map((s) => G().game.actors.get(s).system.ledBy as string));

/** The leader field as a user reads it: the portrait's src, the name, whether the remove button is there. */
async function leaderField(c: Client, squadId: string) {
  const field = (await openSheet(c, squadId)).querySelector('[data-ft-drop="leader"]')!;
  return {
    img: field.querySelector("img")?.getAttribute("src") ?? null,
    name: field.querySelector(".ft-squad-leader")?.textContent?.trim(),
    remove: !!field.querySelector('[data-action="clearLeader"]'),
  };
}

describe("scenario: the squad's leader by drag and drop (issue 33, SWN-19)", () => {
  it("SWN-19: Alice drops Kara on Blue Squad's leader field — Blue shows her portrait and name, Red is no longer hers; the remove button clears it", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    expect(await leaderField(alice, BLUE)).toEqual({ img: null, name: "nobody", remove: false });
    await dropOnLeader(alice, BLUE, { type: "Actor", uuid: `Actor.${KARA}` });
    expect(ledBy()).toEqual(everyone(table, ["", `Actor.${KARA}`]));
    expect(await leaderField(alice, BLUE)).toEqual({
      img: "portraits/kara.webp",
      name: "Kara",
      remove: true,
    });
    expect(await leaderField(table.client(GM_ID), BLUE)).toEqual({
      img: "portraits/kara.webp",
      name: "Kara",
      remove: true,
    });
    const sheet = await openSheet(alice, BLUE);
    alice.run(() => click(sheet.querySelector('[data-action="clearLeader"]')!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(ledBy()).toEqual(everyone(table, ["", ""]));
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-19 bad input: an item or a squad dropped on the leader field is refused with the reason, nothing written", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dropOnLeader(alice, BLUE, { type: "Item", uuid: `Actor.${KARA}.Item.${BLADE}` });
    await dropOnLeader(alice, BLUE, { type: "Actor", uuid: "not a uuid" });
    await dropOnLeader(alice, BLUE, { type: "Actor", uuid: `Actor.${RED}` });
    expect(told(alice)).toEqual([
      "warn: Only an actor can lead a squad: drop a character or creature from the Actors sidebar or the canvas (SWN-19).",
      "warn: Only an actor can lead a squad: drop a character or creature from the Actors sidebar or the canvas (SWN-19).",
      "warn: Red Squad is a squad: a squad is led by a character or creature (SWN-19).",
    ]);
    expect(ledBy()).toEqual(everyone(table, [`Actor.${KARA}`, ""]));
    expect(table.unhandled).toEqual([]);
  });
});
