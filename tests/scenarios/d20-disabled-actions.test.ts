/**
 * Scenario (issue 31, review d20rules #6, SW-10 "Disabled (0 Wound Points)"): "A disabled character can only perform a
 * single move or attack action in a round, which means the character can't perform full-round actions. Making an
 * attack action while disabled deals more damage to the character – he or she takes 1 point of wound damage." The
 * special attacks are attack actions ("These attack forms substitute for a melee attack. As melee attacks, they can be
 * used once as an attack action", the Actions in Combat table's note g), total defense is taken "As an attack
 * action" (SW-17), and "Using suppression fire is a full-round action" (SW-43).
 *
 * Kara (Alice's: BAB +6, Str 14, Dex 14, a blaster rifle with autofire) is at 0 wound points, disabled, the Thug
 * (touch Defense 12) beside her.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { requestGM } from "../../src/helpers/gm-request.js";
import { click, resetAppRecords, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  cell,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  onEveryClient,
  sceneSource,
  settingSource,
  tokenSource,
  told,
} from "./kit.js";
import { blasterRifle, d20Foe, HEROIC_POOLS, lastCardLines, startByCount } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { openSheet } from "./kit-grenades.js";
import { row, tracker } from "./kit-phases.js";
import { answerPrompt } from "./kit-zebulon.js";

const SCENE = id("sceneD20DisAct");
const KARA = id("actKaraDisAct");
const THUG = id("actThugDisAct");
const RIFLE = id("itmRifleDisAct");
const TOK = { kara: id("tokKaraDisAct"), thug: id("tokThugDisAct") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const world = () => ({
  settings: [settingSource(id("setEngineDisAct"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [blasterRifle(RIFLE, { auto: true })],
      system: {
        d20: {
          bab: 6,
          abilities: { str: 14, dex: 14 },
          vitality: { value: 0, max: 12 },
          wounds: { value: 0, max: 12 },
        },
      },
    }),
    d20Foe(THUG, "Thug", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Catwalk",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(1, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(2, 5)),
      ],
    }),
  ],
});

/** The table, Kara disabled (the GM's status, as the wound state's apply sets it). */
async function disabledKara(): Promise<void> {
  table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
  await table
    .client(GM_ID)
    .run(() => G().game.actors.get(KARA).toggleStatusEffect("disabled", { active: true }));
  await table.settle();
}

const kara = <T>(f: (a: any) => T) => onEveryClient(table, () => f(G().game.actors.get(KARA)));

/** Alice targets the Thug and presses a special attack on Kara's sheet. */
async function press(alice: Client, kind: string): Promise<void> {
  alice.target(TOK.thug);
  const sheet = await openSheet(alice, KARA);
  alice.run(() =>
    click(sheet.querySelector<HTMLElement>(`[data-action="specialAttack"][data-kind="${kind}"]`)!),
  );
  await alice.run(() => settleApps());
  await table.settle();
}

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

describe("scenario: a disabled d20 character's other attack actions (issue 31, SW-10)", () => {
  it("SW-10 SW-41: disabled Kara trips the Thug — the trip's card (touch d20 15 + 7 = 22 hits: fatigued, Str +1), then its strain: WP 0 → −1, dying and unconscious, no longer disabled, on every client", async () => {
    await disabledKara();
    const alice = table.client(ALICE_ID);
    table.dice(15, 12, 8);
    await press(alice, "trip");
    await answerPrompt(table, alice);
    expect(lastCardLines(table.client(GM_ID))).toContain("Melee touch attack (SW-41): d20 15 + 7 = 22");
    expect(told(alice).at(-1)).toBe("info: Kara strains while disabled: 1 wound point lost (SW-10).");
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -1));
    expect(kara((a) => ["disabled", "dying", "unconscious"].filter((s) => a.statuses.has(s)))).toEqual(
      everyone(table, ["dying", "unconscious"]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-17: on her turn disabled Kara takes total defense from the tracker (an attack action): the card, then WP 0 → −1 on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(KARA).toggleStatusEffect("disabled", { active: true }));
    await startByCount(
      table,
      SCENE,
      [
        { tokenId: TOK.kara, actorId: KARA },
        { tokenId: TOK.thug, actorId: THUG },
      ],
      (name) => (name === "Kara" ? 20 : 5),
    );
    const alice = table.client(ALICE_ID);
    const button = row(await tracker(alice), "Kara").querySelector('[data-action="totalDefense"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(lastCardLines(table.client(GM_ID))).toContain("Kara takes total defense");
    expect(told(alice).at(-1)).toBe("info: Kara strains while disabled: 1 wound point lost (SW-10).");
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -1));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-43: disabled Kara's suppression fire (a full-round action) is refused with the rule, nothing rolled or spent, no card", async () => {
    await disabledKara();
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, RIFLE);
    await dialogKit.set(alice, "plan.mode", "suppression");
    const cards = () => alice.run(() => G().game.messages.contents.length as number);
    const before = cards();
    table.dice(15);
    alice.run(() => click(dialogKit.attackDialog(alice).element.querySelector("button.ft-attack")));
    await alice.run(() => settleApps());
    await table.settle();
    expect(cards()).toBe(before);
    expect(alice.run(() => G().game.actors.get(KARA).items.get(RIFLE).system.ammo.remaining as number)).toBe(
      50,
    );
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, 0));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-42: disabled Kara's aim (a full-round action) is refused with the rule — from the sheet, and her console's request by the GM — no touch attack rolled, no card, nothing kept", async () => {
    await disabledKara();
    const alice = table.client(ALICE_ID);
    const gm = table.client(GM_ID);
    const aimCards = () =>
      gm.run(() => G().game.messages.contents.filter((m: any) => m.system?.ruleId === "SW-42").length);
    table.dice(15, 15);
    await press(alice, "aim");
    expect(told(alice).at(-1)).toBe(
      "warn: Disabled (0 wound points): only a single move or attack action a round — no full attack, charge or other full-round action (SW-10). Nothing was spent.",
    );
    const answer = await alice.run(() =>
      requestGM({
        kind: "aim",
        tokenUuid: `Scene.${SCENE}.Token.${TOK.kara}`,
        target: `Scene.${SCENE}.Token.${TOK.thug}`,
        itemId: RIFLE,
      }),
    );
    await table.settle();
    expect(answer.skipped.map((s) => s.reason)).toEqual(["FT.D20.Disabled.noFullRound"]);
    expect(aimCards()).toBe(0);
    expect(gm.run(() => G().game.users.get(GM_ID).getFlag("frontier-tactics", "aims") ?? {})).toEqual({});
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, 0));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10 SW-39: disabled Kara aids another (an attack action): the GM's aid card (d20 15 + 7 = 22 vs Defense 10, hit), then her strain — WP 0 → −1, dying, on every client, and Alice is told", async () => {
    await disabledKara();
    const alice = table.client(ALICE_ID);
    table.dice(15);
    await press(alice, "aid");
    const lines = lastCardLines(table.client(GM_ID));
    expect(lines).toContain("d20 15 + 7 = 22");
    expect(told(alice).at(-1)).toBe("info: Kara strains while disabled: 1 wound point lost (SW-10).");
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -1));
    expect(kara((a) => ["disabled", "dying", "unconscious"].filter((s) => a.statuses.has(s)))).toEqual(
      everyone(table, ["dying", "unconscious"]),
    );
    expect(table.unhandled).toEqual([]);
  });
});
