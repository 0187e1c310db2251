/**
 * Scenario (issue 15): a d20 full attack in autofire at two targets (SW-22, SW-35, SW-37, ruling 4h). Kara (BAB +6,
 * Dex 14) targets the Guard and the Thug with her blaster rifle and clicks Attack: the dialog plans the whole
 * action — autofire (a full attack, SW-35), four attacks (BAB 6: two iterative, +1 and −5 … the autofire's two
 * extra at the highest bonus), each −6, each with a target she may change — and the card shows every attack under
 * its target. One card, four rounds spent, and her Apply is one request to the GM, who writes the two foes in one
 * batch.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { appInstances, click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cell,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
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
import { blasterRifle, d20Foe, HEROIC_POOLS } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneD20Full");
const KARA = id("actKaraFull");
const GUARD = id("actGuardFull");
const THUG = id("actThugFull");
const RIFLE = id("itmRifleFull");
const TOK = { kara: id("tokKaraFull"), guard: id("tokGuardFull"), thug: id("tokThugFull") };
const uuid = (token: string) => `Scene.${SCENE}.Token.${token}`;

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** Kara's blaster rifle (SW-35): single fire and autofire, the rifle group; or (SW-36) a repeating blaster that also
 * multifires, outside the rifle group. */
const rifle = () => blasterRifle(RIFLE);
const repeater = () => blasterRifle(RIFLE, { multi: true, rifle: false, name: "Repeating Blaster" });

const world = (o: { bab?: number; rapidShot?: boolean; multi?: boolean } = {}) => ({
  settings: [
    settingSource(id("setEngineFull"), "engine", "d20"),
    // Alice may apply her own card to the foes (the trust rules' world switch), so her click is one request.
    settingSource(id("setApplyAllFull"), "playersApplyToAll", true),
  ],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [o.multi ? repeater() : rifle()],
      system: {
        d20: {
          bab: o.bab ?? 6,
          abilities: { dex: 14 },
          vitality: { value: 12, max: 12 },
          feats: { rapidShot: o.rapidShot ?? false },
        },
      },
    }),
    // Defense 15 each (10 + class 3 + Dex +2), heroic: VP 10, WP 14; every player may observe them.
    d20Foe(GUARD, "Guard", HEROIC_POOLS),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.guard, "Guard", GUARD, cell(5, 5)),
        foeToken(TOK.thug, "Thug", THUG, cell(5, 7)),
      ],
    }),
  ],
});

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.guard });

/** Alice targets the Guard and the Thug and clicks Attack on the rifle's row of Kara's sheet: the dialog opens. */
async function aliceOpensAtBoth(alice: Client): Promise<any> {
  alice.target(TOK.guard, TOK.thug);
  await alice.run(() => G().game.actors.get(KARA).sheet.render({ force: true }));
  await alice.run(() => settleApps());
  const sheet = alice.run(() => G().game.actors.get(KARA).sheet.element as HTMLElement);
  const button = sheet.querySelector<HTMLElement>(`tr[data-item-id="${RIFLE}"] [data-action="attack"]`);
  expect(button).not.toBeNull();
  alice.run(() => click(button!));
  await alice.run(() => settleApps());
  await table.settle();
  const dialog = alice.run(() =>
    [...appInstances().values()].find((a: any) => a.constructor.name === "AttackDialog" && a.rendered),
  );
  expect(dialog).toBeDefined();
  return dialog;
}

/** The dialog's step rows as Alice reads them: "Attack n of m · terms | target | bonus · chance". */
const stepRows = (alice: Client, dialog: any): string[] =>
  alice.run(() =>
    [...dialog.element.querySelectorAll("table.ft-steps tbody tr")].map((r: Element) =>
      [...r.querySelectorAll("td")]
        .map((td) => {
          const select = td.querySelector("select");
          return select ? text(select.selectedOptions[0]) : text(td);
        })
        .join(" | "),
    ),
  );

/** A target's row on the card: each attack's step line and roll line, in order. */
const attackLines = (c: Client, msg: string, name: string): string[] =>
  [...targetBlock(renderMessage(c, msg), name).querySelectorAll(".ft-step, .ft-roll-line")].map((e) =>
    text(e),
  );

const rounds = () =>
  table.client(ALICE_ID).run(() => G().game.actors.get(KARA).items.get(RIFLE).system.ammo.remaining);

describe("scenario: a d20 autofire full attack at two targets (issue 15)", () => {
  it("SW-22 SW-35 ruling 4h: Alice's dialog plans autofire as four attacks (+2, +2, +2, −3: iterative −5 and autofire −6), the targets in turn; she sends the third at the Thug, and one card shows each attack under its target on every client, four rounds spent", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await aliceOpensAtBoth(alice);
    // Two targets: the dialog starts in the rifle's autofire, a full attack (SW-35: autofire takes one).
    expect(dialogKit.field(alice, "plan.mode").value).toBe("autofire");
    expect(dialogKit.field(alice, "plan.fullAttack").disabled).toBe(true);
    // BAB +6: attacks at +6 and +1 (SW-22); autofire adds two at +6 (SW-35); all −6; Dex +2. d20 + 2 vs 15 hits on
    // 13+ (40 %), d20 − 3 on 18+ (15 %).
    expect(stepRows(alice, dialog)).toEqual([
      "Attack 1 of 4 · Autofire −6 SW-35 | Guard | +2 · 40%",
      "Attack 2 of 4 · Autofire −6 SW-35 | Thug | +2 · 40%",
      "Attack 3 of 4 · Autofire −6 SW-35 | Guard | +2 · 40%",
      "Attack 4 of 4 · Iterative attack −5 SW-22 · Autofire −6 SW-35 | Thug | −3 · 15%",
    ]);
    await dialogKit.set(alice, "plan.step.2", uuid(TOK.thug));
    expect(stepRows(alice, dialog)[2]).toBe("Attack 3 of 4 · Autofire −6 SW-35 | Thug | +2 · 40%");
    // The four d20s, then each attack's 3d8.
    const msg = await dialogKit.aliceRolls(alice, 14, 10, 15, 19, 1, 2, 3, 5, 5, 5, 2, 2, 2, 1, 1, 2);
    expect(told(alice)).toEqual([]);
    const seen = onEveryClient(table, () => null as unknown);
    for (const c of table.all)
      seen[c.user.name as string] = {
        header: text(renderMessage(c, msg).querySelector(".ft-why")),
        guard: attackLines(c, msg, "Guard"),
        thug: attackLines(c, msg, "Thug"),
      };
    expect(seen).toEqual(
      everyone(table, {
        header: expect.stringContaining("Full attack (4) · Autofire SW-22 · Spent 4 rounds"),
        guard: [
          "Attack 1 of 4 · Autofire −6 SW-35",
          "d20 14 + 2 = 16 vs Defense 15 → Hit 3d8 [1, 2, 3] = 6 dmg",
        ],
        thug: [
          "Attack 2 of 4 · Autofire −6 SW-35",
          "d20 10 + 2 = 12 vs Defense 15 → Miss",
          "Attack 3 of 4 · Autofire −6 SW-35",
          "d20 15 + 2 = 17 vs Defense 15 → Hit 3d8 [2, 2, 2] = 6 dmg",
          "Attack 4 of 4 · Iterative attack −5 SW-22 · Autofire −6 SW-35",
          "d20 19 − 3 = 16 vs Defense 15 → Hit 3d8 [1, 1, 2] = 4 dmg",
        ],
      }),
    );
    // Ruling 4h: one round per attack.
    expect(rounds()).toBe(46);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-22 SW-35 issue 15's write budget: Alice's Apply to all is one request to the GM, who writes both foes in one batch (Guard VP 10 → 4, Thug 10 → 0) and marks the card, seen on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    await aliceOpensAtBoth(alice);
    await dialogKit.set(alice, "plan.step.2", uuid(TOK.thug));
    const msg = await dialogKit.aliceRolls(alice, 14, 10, 15, 19, 1, 2, 3, 5, 5, 5, 2, 2, 2, 1, 1, 2);
    // Issue 30 (table-ux-2 #14): each Apply of the full attack says what it does (every player may observe the
    // foes): the GM's and Alice's (the author's) buttons; Bruno, a bystander, has none.
    const applyOf = (c: Client, name: string) => {
      const b = targetBlock(renderMessage(c, msg), name).querySelector('[data-ft-action="apply"]');
      return b ? text(b) : null;
    };
    for (const c of [table.client(GM_ID), alice]) {
      expect(applyOf(c, "Guard")).toBe("Apply 6 → VP 10 → 4");
      expect(applyOf(c, "Thug")).toBe("Apply 10 → VP 10 → 0");
    }
    expect([applyOf(table.client(BRUNO_ID), "Guard"), applyOf(table.client(BRUNO_ID), "Thug")]).toEqual([
      null,
      null,
    ]);
    const from = table.server.log.length;
    const card = renderMessage(alice, msg);
    const all = card.querySelector<HTMLButtonElement>('[data-ft-action="applyAll"]');
    expect(all).not.toBeNull();
    alice.run(() => all!.click());
    await table.settle();
    expect(requestsSince(table, from)).toEqual([
      "update User by Alice",
      "update Actor by Gamemaster",
      "update ChatMessage by Gamemaster",
      "update User by Gamemaster",
    ]);
    expect(
      onEveryClient(table, () =>
        [GUARD, THUG].map((a) => G().game.actors.get(a).system.d20.vitality.value).join(" "),
      ),
    ).toEqual(everyone(table, "4 0"));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-37: with Rapid Shot the autofire full attack is five attacks, all −8 (autofire −6, Rapid Shot −2): the seed's table cell for BAB +6 (+0/+0/+0/+0/−5), with Dex +2", async () => {
    table = await createTable({ world: world({ rapidShot: true }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await aliceOpensAtBoth(alice);
    expect(stepRows(alice, dialog).map((r) => r.split(" | ")[2])).toEqual([
      "0 · 30%",
      "0 · 30%",
      "0 · 30%",
      "0 · 30%",
      "−5 · 5%",
    ]);
    await dialogKit.cancel(alice);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-35 ruling 4h: Alice's shift-click at the two (no dialog) fires the rifle's autofire at once — BAB +3 gives three attacks at −1, the targets in turn — one card, three rounds", async () => {
    table = await createTable({ world: world({ bab: 3 }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    const msg = await attack(table, alice, KARA, RIFLE, [TOK.guard, TOK.thug]);
    expect(told(alice)).toEqual([]);
    expect(msg).not.toBeNull();
    const gm = table.client(GM_ID);
    expect([attackLines(gm, msg!, "Guard"), attackLines(gm, msg!, "Thug")]).toEqual([
      [
        "Attack 1 of 3 · Autofire −6 SW-35",
        "d20 5 − 1 = 4 vs Defense 15 → Miss",
        "Attack 3 of 3 · Autofire −6 SW-35",
        "d20 5 − 1 = 4 vs Defense 15 → Miss",
      ],
      ["Attack 2 of 3 · Autofire −6 SW-35", "d20 5 − 1 = 4 vs Defense 15 → Miss"],
    ]);
    expect(rounds()).toBe(47);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-36: multifire with the repeating blaster is three attacks — the two iterative ones and one extra at the highest bonus — each −4: +4, +4, −1 with Dex +2 (no unbraced −2: that is autofire's and the auto-only weapons')", async () => {
    table = await createTable({ world: world({ multi: true }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await aliceOpensAtBoth(alice);
    await dialogKit.set(alice, "plan.mode", "multifire");
    expect(stepRows(alice, dialog)).toEqual([
      "Attack 1 of 3 · Multifire −4 SW-36 | Guard | +4 · 50%",
      "Attack 2 of 3 · Multifire −4 SW-36 | Thug | +4 · 50%",
      "Attack 3 of 3 · Iterative attack −5 SW-22 · Multifire −4 SW-36 | Guard | −1 · 25%",
    ]);
    // Autofire on the same weapon, outside the rifle group and unbraced: −6 and −2 more (SW-35).
    await dialogKit.set(alice, "plan.mode", "autofire");
    expect(stepRows(alice, dialogKit.attackDialog(alice))[0]).toBe(
      "Attack 1 of 4 · Autofire −6 SW-35 · Recoil, unbraced −2 SW-35 | Guard | 0 · 30%",
    );
    await dialogKit.cancel(alice);
    expect(table.unhandled).toEqual([]);
  });
});
