/**
 * Scenario (issue 15): a d20 combat of three rounds with a surprise round, a delayed and a readied combatant, from
 * the users' clicks. Kara (Alice; BAB +6, Dex 14, blaster pistol 3d6) and the Guard are aware; the Thug (Dex 12) is
 * not. Every attack is at about 10 m with a 10 m increment (−2).
 *
 * - Round 1, the surprise round (SW-02): only Guard (18) and Kara (14) act, one action each — Alice's full attack is
 *   refused in the dialog, her single shot hits the flat-footed Thug (Defense 13, SW-01), and a second shot is refused
 *   (SW-13). When it ends, the Thug rolls (13 + 1 = 14, after Kara on Dexterity).
 * - Round 2 (SW-34): the GM delays the Guard; Alice readies Kara; on the Thug's count the GM triggers her readied shot
 *   (she acts before him, on 14); the Thug shoots Kara; the GM lets the Guard act last, on 14.
 * - Round 3: nobody re-rolls (SW-03); Kara acts first.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click, resetAppRecords } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
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
  rowText,
  sceneSource,
  settingSource,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, openD20Combat } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Three");
const KARA = id("actKaraThree");
const THUG = id("actThugThree");
const GUARD = id("actGuardThree");
const PISTOL = id("itmPistolThree");
const PISTOL_T = id("itmPistThugThr");
const PISTOL_G = id("itmPistGrdThr");
const TOK = { kara: id("tokKaraThree"), thug: id("tokThugThree"), guard: id("tokGuardThree") };
const CMB = { kara: id("cmbKaraThree"), thug: id("cmbThugThree"), guard: id("cmbGuardThree") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const pistol = (itemId: string) => itemFromPack("d20", "blaster-pistol", itemId, { d20: { damage: "3d6" } });

const world = () => ({
  settings: [settingSource(id("setEngineThree"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [pistol(PISTOL)],
      system: { d20: { bab: 6, abilities: { dex: 14 }, vitality: { value: 30, max: 30 } } },
    }),
    {
      ...d20Foe(THUG, "Thug", { ...HEROIC_POOLS, vitality: { value: 40, max: 40 }, abilities: { dex: 12 } }),
      items: [pistol(PISTOL_T)],
    },
    { ...d20Foe(GUARD, "Guard", HEROIC_POOLS), items: [pistol(PISTOL_G)] },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(10, 5)),
        foeToken(TOK.guard, "Guard", GUARD, cell(10, 8)),
      ],
    }),
  ],
});

const counts = () =>
  onEveryClient(table, () =>
    G().game.combat.turns.map(
      (t: { name: string; initiative: number | null }) => `${t.name} ${t.initiative}`,
    ),
  );
const where = () =>
  onEveryClient(table, () => `${G().game.combat.round}: ${G().game.combat.combatant?.name ?? "—"}`);

async function press(c: Client, name: string, action: string): Promise<void> {
  const button = row(await tracker(c), name).querySelector(`[data-action="${action}"]`);
  if (!button) throw new Error(`${c.userId} has no ${action} on ${name}'s row`);
  c.run(() => click(button));
  await table.settle();
}

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

describe("scenario: a d20 combat of three rounds (issue 15)", () => {
  it("SW-02 SW-13 SW-01 SW-34 SW-03: a surprise round of one action each, a readied shot and a delayed guard in round 2, the counts kept in round 3 — on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    await openD20Combat(table, SCENE, [
      { _id: CMB.kara, tokenId: TOK.kara, actorId: KARA },
      { _id: CMB.thug, tokenId: TOK.thug, actorId: THUG },
      { _id: CMB.guard, tokenId: TOK.guard, actorId: GUARD },
    ]);
    // The GM marks the Thug unaware and begins: Kara 12 + 2 = 14, the Guard 16 + 2 = 18.
    await press(gm, "Thug", "toggleUnaware");
    table.dice(12, 16);
    await gm.run(() => G().game.combat.startCombat());
    await table.settle();
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug null"]));
    expect(where()).toEqual(everyone(table, "1: Guard"));

    // Round 1, the surprise round. The Guard acts; then Kara.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "1: Kara"));
    // SW-02: a full attack is a full-round action — refused in the dialog, which stays open.
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    await dialogKit.set(alice, "plan.fullAttack", true);
    const error = alice.run(() =>
      text(dialogKit.attackDialog(alice).element.querySelector('[data-ft-field="error"]')),
    );
    expect(error).toBe("SW-02: the surprise round allows a single attack or move action");
    await dialogKit.set(alice, "plan.fullAttack", false);
    // One attack (SW-01: the Thug is flat-footed, Defense 13): d20 10 + 6 = 16 hits.
    const first = await dialogKit.aliceRolls(alice, 10, 1, 1, 1);
    expect(rowText(gm, first, "Thug")).toContain("d20 10 + 6 = 16 vs Defense 13 → Hit");
    // SW-13: her one action is spent — a second shot this round is refused before anything is spent.
    const again = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(again).toBeNull();
    expect(told(alice)).toEqual([
      "warn: Kara has already attacked this round (SW-13: one attack action, or a full attack as the round's full-round action).",
    ]);
    // Alice ends Kara's turn, the surprise round's last: the Thug rolls 13 + 1 = 14 (after Kara on Dexterity).
    table.dice(13);
    await alice.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "2: Guard"));
    expect(counts()).toEqual(everyone(table, ["Guard 18", "Kara 14", "Thug 14"]));

    // Round 2. The GM delays the Guard; Alice readies Kara; the Thug's turn comes.
    await press(gm, "Guard", "holdDelay");
    expect(where()).toEqual(everyone(table, "2: Kara"));
    await press(alice, "Kara", "holdReady");
    expect(where()).toEqual(everyone(table, "2: Thug"));
    // The Thug steps out: the GM triggers Kara's readied shot — she acts now, before him, on his count.
    await press(gm, "Kara", "actFromHold");
    expect(where()).toEqual(everyone(table, "2: Kara"));
    // Round 2's one attack. The Thug's turn had started (her trigger was his action), so he is flat-footed no more
    // (SW-01): Defense 14; d20 5 + 6 = 11 misses.
    table.dice(5, 1, 1, 1);
    const readied = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(rowText(gm, readied!, "Thug")).toContain("d20 5 + 6 = 11 vs Defense 14 → Miss");
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "2: Thug"));
    // The Thug shoots Kara (Defense 12): d20 15 + 1 − 2 = 14 hits.
    table.dice(15, 2, 2, 2);
    const thugShot = await attack(table, gm, THUG, PISTOL_T, [TOK.kara]);
    expect(rowText(alice, thugShot!, "Kara")).toContain("d20 15 − 1 = 14 vs Defense 12 → Hit");
    // After the Thug, the GM lets the delaying Guard act: last, on 14.
    await press(gm, "Guard", "actFromHold");
    expect(where()).toEqual(everyone(table, "2: Guard"));
    expect(counts()).toEqual(everyone(table, ["Kara 14", "Thug 14", "Guard 14"]));

    // Round 3: no re-roll; Kara first. The Thug has had his turn: Dex counts, Defense 14.
    await gm.run(() => G().game.combat.nextTurn());
    await table.settle();
    expect(where()).toEqual(everyone(table, "3: Kara"));
    expect(counts()).toEqual(everyone(table, ["Kara 14", "Thug 14", "Guard 14"]));
    table.dice(12, 1, 1, 1);
    const third = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(rowText(gm, third!, "Thug")).toContain("d20 12 + 6 = 18 vs Defense 14 → Hit");
    expect(currentTurn(alice)).toBe("Kara");
    expect(table.unhandled).toEqual([]);
  });
});
