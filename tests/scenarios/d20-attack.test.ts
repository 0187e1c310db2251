/**
 * Scenario (issue 14, "d20 engine, part 1", its Foundry bullet; stream d20ui): a world on the d20 engine plays a
 * blaster shot from Alice's sheet at a heroic NPC, and every client reads the card; the GM's Apply writes vitality
 * and wound points that every client then holds.
 *
 * Numbers (seed 002, SW-*): Kara (Alice's) has BAB +3 and Dex 14 (+2, SW-04); the blaster pistol's range increment
 * is 10 m (the pack's, SW-06), so the Thug 38 m away is 3 full increments: −6. Attack bonus 3 + 2 − 6 = −1. The
 * Thug: class Defense +3, Dex 14 (+2), Medium: Defense 10 + 3 + 2 = 15 (SW-08). The pistol's damage dice are not in
 * the seed (the pack flags them missing): the GM entered 3d6 for this table. The Thug is heroic, with VP 10, WP 14
 * and DR 2 from its own hide (SW-10, SW-11).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { change, click, resetAppRecords, SettingsConfig, settle as settleApps } from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  BRUNO_ID,
  cardButtons,
  cardText,
  cell,
  clickCard,
  closeTableAfterEach,
  everyone,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  rowText,
  sceneSource,
  settingSource,
  shown,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneD20Shot");
const KARA = id("actKaraShot");
const THUG = id("actThugShot");
const PISTOL = id("itmPistolShot");
const TOK = { kara: id("tokKaraShot"), thug: id("tokThugShot") };

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

const d20 = (over: Record<string, unknown>) => ({ d20: over });

/** The Thug: an NPC no player owns; `observed` lets every player observe it (its numbers are then public). */
const world = (o: { observed?: boolean; damage?: string; woundLog?: Record<string, unknown> } = {}) => ({
  settings: [settingSource(id("setEngineShot"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "blaster-pistol", PISTOL, { d20: { damage: o.damage ?? "3d6" } })],
      system: d20({ bab: 3, abilities: { dex: 14 }, vitality: { value: 12, max: 12 } }),
    }),
    {
      ...actorSource({
        _id: THUG,
        name: "Thug",
        system: d20({
          classDefense: 3,
          abilities: { dex: 14 },
          heroic: true,
          dr: 2,
          vitality: { value: 10, max: 10 },
          wounds: { value: 14, max: 14 },
          ...(o.woundLog ? { woundLog: o.woundLog } : {}),
        }),
      }),
      ownership: { default: o.observed ? 2 : 0 },
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Landing bay",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        tokenSource({ _id: TOK.thug, name: "Thug", actorId: THUG, actorLink: true, ...cell(38, 5) }),
      ],
    }),
  ],
});

const pools = () =>
  onEveryClient(table, () => {
    const d = G().game.actors.get(THUG).system.d20;
    return `VP ${d.vitality.value} WP ${d.wounds.value}`;
  });

/** The shot's lines of the Thug's row (roll line, threat, concealment) as `client` reads them. */
const shotLine = (client: Client, msg: string) =>
  text(targetBlock(renderMessage(client, msg), "Thug").querySelector(".ft-roll-line"));

const onEvery = (_msg: string, read: (c: Client) => string) =>
  Object.fromEntries(table.all.map((c) => [c.user.name as string, read(c)]));

const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

describe("scenario: a d20 blaster shot (issue 14)", () => {
  it("SW-04 SW-06 SW-08: the dialog lists the attack terms and the Defense terms, each overridable, and no Star Frontiers declaration the d20 attack does not read: the GM's ruling of class +8 makes Defense 20, and d20 16 − 1 = 15 misses", async () => {
    table = await createTable({ world: world({ observed: true }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, PISTOL);
    const rows = (selector: string) =>
      alice.run(() =>
        [...dialog.element.querySelectorAll(`${selector} tbody tr`)].map((r: Element) => text(r)),
      );
    // The Star Frontiers declarations the d20 attack does not read are not offered (no control that does nothing):
    // nor is the list of Star Frontiers situations to add. Issue 30: the referee's "cannot miss" is drawn only for
    // a GM, so Alice has no declaration at all.
    const declared = alice.run(() =>
      [...dialog.element.querySelectorAll("fieldset.ft-decl label")].map((l: Element) => text(l)),
    );
    expect(declared).toEqual([]);
    expect(alice.run(() => dialog.element.querySelector('select[name^="add."]'))).toBeNull();
    expect(rows("table.ft-mod-table:not(.ft-d20-defense)")).toEqual([
      "Base attack bonus SW-04",
      "Dexterity SW-04",
      "Range increments · 38 m SW-06",
    ]);
    const thug = (name: string) =>
      dialogKit.field(alice, `def.Scene.${SCENE}.Token.${TOK.thug}.${name}`).value;
    expect(["base", "class", "dex"].map(thug)).toEqual(["+10", "+3", "+2"]);
    // Base, class, Dex — and the concealment miss chance, a free percentage (SW-32).
    expect(rows("table.ft-d20-defense").length).toBe(4);
    const defense = () => alice.run(() => text(dialog.element.querySelector('[data-ft-field="t0.defense"]')));
    expect(defense()).toBe("15");
    expect(dialogKit.chance(alice)).toBe("25%");
    await dialogKit.set(alice, `def.Scene.${SCENE}.Token.${TOK.thug}.class`, "+8");
    expect(defense()).toBe("20");
    // d20 −1 against 20: only 20 hits (SW-04, a natural 20): 5 %.
    expect(dialogKit.chance(alice)).toBe("5%");
    const msg = await dialogKit.aliceRolls(alice, 16, 4, 5, 6);
    expect(onEvery(msg, (c) => shotLine(c, msg))).toEqual(
      everyone(table, "d20 16 − 1 = 15 vs Defense 20 → Miss"),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-08 review 14 H2: Alice's dialog against the secret Thug shows none of its Defense terms nor its chance to hit, only the concealment percentage", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const dialog = await dialogKit.aliceOpensAttack(alice, PISTOL);
    const rows = alice.run(() =>
      [...dialog.element.querySelectorAll("table.ft-d20-defense tbody tr")].map((r: Element) => text(r)),
    );
    expect(rows).toEqual(["Concealment, miss chance % SW-32"]);
    expect(alice.run(() => dialog.element.querySelector('[data-ft-field="t0.defense"]'))).toBeNull();
    // Nor its chance to hit, which would give the Defense away (25 % against Defense 15 with attack −1).
    expect(dialogKit.chance(alice)).toBe("?");
    // Her 30 % concealment keeps it hidden when the dialog refreshes.
    await dialogKit.set(alice, `def.Scene.${SCENE}.Token.${TOK.thug}.concealment`, "30");
    expect(dialogKit.chance(alice)).toBe("?");
    // She rolls; the attack goes on against the Thug's own Defense (15: d20 16 − 1 = 15 hits), not printed; the
    // d% 31 > 30 clears her concealment.
    const msg = await dialogKit.aliceRolls(alice, 16, 4, 5, 6, 31);
    expect(shotLine(table.client(GM_ID), msg)).toBe("d20 16 − 1 = 15 → Hit 3d6 [4, 5, 6] = 15 dmg");
    expect(table.unhandled).toEqual([]);
  });

  it("SW-32: Alice types 30 % concealment in the dialog (smoke the scene does not know): the chance falls from 25 % to 17.5 %, and after the hit d20 16 the d% 25 ≤ 30 turns it into a miss on every client", async () => {
    table = await createTable({ world: world({ observed: true }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, PISTOL);
    expect(dialogKit.chance(alice)).toBe("25%");
    await dialogKit.set(alice, `def.Scene.${SCENE}.Token.${TOK.thug}.concealment`, "30");
    expect(dialogKit.chance(alice)).toBe("17.5%");
    // The d20, the damage dice, then the concealment d% the hit asks for.
    const msg = await dialogKit.aliceRolls(alice, 16, 4, 5, 6, 25);
    expect(
      onEvery(msg, (c) =>
        text(targetBlock(renderMessage(c, msg), "Thug").querySelector(".ft-d20-concealment")),
      ),
    ).toEqual(everyone(table, "Concealment: d% 25 / 30% → concealed, miss SW-32"));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 SW-06 SW-08 SW-10 SW-11: at 38 m with a 10 m increment (−6) d20 16 − 1 = 15 vs Defense 15 hits on every client; the GM's Apply takes VP 10 → 0, WP 14 → 11 (DR 2), fatigued, Fortitude DC 8", async () => {
    table = await createTable({ world: world({ observed: true }), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(told(alice)).toEqual([]);
    expect(msg).not.toBeNull();
    expect(onEvery(msg!, (c) => shotLine(c, msg!))).toEqual(
      everyone(table, "d20 16 − 1 = 15 vs Defense 15 → Hit 3d6 [4, 5, 6] = 15 dmg"),
    );
    // The attack's terms and the Defense's, each with its rule, on the card.
    const row = rowText(table.client(BRUNO_ID), msg!, "Thug");
    expect(row).toContain("Base attack bonusSW-04+3DexteritySW-04+2Range incrementsSW-06−6");
    expect(row).toContain("Defense = 15");
    // The dice are stored in the card the GM seals.
    expect(onEveryClient(table, () => G().game.messages.get(msg).system.card.dice)).toEqual(
      everyone(table, [{ d20: 16 }]),
    );
    expect(cardText(table.client(GM_ID), msg!)).toContain(
      "Apply 15 → VP 10 → 0, WP 14 → 11 (DR 2), fatigued",
    );
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 0 WP 11"));
    expect(
      onEvery(msg!, (c) => text(targetBlock(renderMessage(c, msg!), "Thug").querySelector(".ft-applied"))),
    ).toEqual(everyone(table, "Applied: VP 10 → 0, WP 14 → 11 (DR 2), fatigued, Fortitude DC 8"));
    // The write changed the pools alone: the Thug keeps its DR 2 and stays heroic for the next hit.
    expect(
      onEveryClient(table, () => {
        const d = G().game.actors.get(THUG).system.d20;
        return [d.dr, d.heroic];
      }),
    ).toEqual(everyone(table, [2, true]));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 SW-06: d20 15 − 1 = 14 vs Defense 15 misses on every client: no damage, nothing to apply", async () => {
    table = await createTable({ world: world({ observed: true }), online: [GM_ID, ALICE_ID] });
    // The damage dice are rolled with the attack die, as for every engine (attack-flow.ts); a miss deals none.
    table.dice(15, 4, 5, 6);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    expect(onEvery(msg!, (c) => shotLine(c, msg!))).toEqual(
      everyone(table, "d20 15 − 1 = 14 vs Defense 15 → Miss"),
    );
    expect(cardButtons(table.client(GM_ID), msg!)).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 SW-18: a natural 20 threatens; the confirmation d20 17 − 1 = 16 vs Defense 15 confirms, and the heroic Thug takes the 15 to wound points less DR 2: WP 14 → 1, VP untouched", async () => {
    table = await createTable({ world: world({ observed: true }), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    // The d20, then the damage dice, then the confirmation the threat asks for.
    table.dice(20, 4, 5, 6, 17);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    expect(onEvery(msg!, (c) => shotLine(c, msg!))).toEqual(
      everyone(table, "d20 20 − 1 = 19 vs Defense 15 → Hit 3d6 [4, 5, 6] = 15 dmg"),
    );
    expect(
      onEvery(msg!, (c) => text(targetBlock(renderMessage(c, msg!), "Thug").querySelector(".ft-d20-threat"))),
    ).toEqual(everyone(table, "Threat: confirm 17 − 1 = 16 → critical confirmed SW-18"));
    expect(onEveryClient(table, () => G().game.messages.get(msg).system.card.dice)).toEqual(
      everyone(table, [{ d20: 20, confirm: 17 }]),
    );
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(pools()).toEqual(everyone(table, "VP 10 WP 1"));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10: in round 1 of a combat the Thug already lost 4 wound points: this hit's 3 more call for Fortitude DC 5 + 7 = 12, and the round's wound log says 7 on every client", async () => {
    // Round 1 of an encounter with the Thug in it; the Thug's stored wound log says 4 lost in that round.
    const combatId = id("combatShot");
    const base = world({ observed: true, woundLog: { combatId, round: 1, lost: 4 } });
    const combats = [
      {
        _id: combatId,
        scene: SCENE,
        active: true,
        round: 1,
        turn: 0,
        combatants: [{ _id: id("cmbThugShot"), tokenId: TOK.thug, sceneId: SCENE, actorId: THUG }],
      },
    ];
    table = await createTable({ world: { ...base, combats }, online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    clickCard(gm, msg!, "apply", "Thug");
    await table.settle();
    expect(
      onEvery(msg!, (c) => text(targetBlock(renderMessage(c, msg!), "Thug").querySelector(".ft-applied"))),
    ).toEqual(everyone(table, "Applied: VP 10 → 0, WP 14 → 11 (DR 2), fatigued, Fortitude DC 12"));
    expect(onEveryClient(table, () => G().game.actors.get(THUG).system.d20.woundLog)).toEqual(
      everyone(table, { combatId, round: 1, lost: 7 }),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10: the hit calls for a Fortitude save against DC 8: the GM (the NPC's owner) has the button, Alice does not; d20 3 + 0 = 3 fails and knocks the Thug out on every client, once", async () => {
    table = await createTable({ world: world({ observed: true }), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const gm = table.client(GM_ID);
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    clickCard(gm, msg!, "apply", "Thug");
    await table.settle();
    expect(onEvery(msg!, (c) => cardButtons(c, msg!).join(" "))).toEqual({
      Gamemaster: "fortitude:Thug undo:Thug",
      Alice: "",
      Bruno: "",
    });
    const card = renderMessage(gm, msg!);
    const button = card.querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!;
    expect(text(button)).toBe("Fortitude save (DC 8)");
    // The save's d20, then (a failure) the 1d4 rounds it is knocked out for.
    table.dice(3, 2);
    gm.run(() => button.click());
    await table.settle();
    expect(
      onEveryClient(table, () => {
        const last = G().game.messages.contents.at(-1);
        const div = G().document.createElement("div");
        div.innerHTML = shown(last);
        return div.textContent.replace(/\s+/g, " ").trim();
      }),
    ).toEqual(everyone(table, "Thug: Fortitude d20 3 + 0 = 3 vs DC 8 → knocked out for 2 rounds SW-10"));
    // Fatigued from the apply's wound damage (SW-10), knocked out by the failed save.
    expect(onEveryClient(table, () => [...G().game.actors.get(THUG).statuses].sort())).toEqual(
      everyone(table, ["fatigued", "unconscious"]),
    );
    // Saved once: the button is gone from the card.
    expect(cardButtons(gm, msg!)).toEqual(["undo:Thug"]);
    // Knocked out for 1d4 = 2 rounds (SW-10): the status carries its duration.
    expect(
      onEveryClient(table, () =>
        G()
          .game.actors.get(THUG)
          .effects.contents.filter((e: { statuses: Iterable<string> }) =>
            [...e.statuses].includes("unconscious"),
          )
          .map((e: { duration: { rounds: number } }) => e.duration.rounds),
      ),
    ).toEqual(everyone(table, [2]));
    // Undoing the hit wakes the Thug (review 14 M2): the save it called for is undone with it.
    clickCard(gm, msg!, "undo", "Thug");
    await table.settle();
    expect(onEveryClient(table, () => [...G().game.actors.get(THUG).statuses])).toEqual(everyone(table, []));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10: the secret Thug's save — its bonus and DC go to the GM only; Bruno reads just 'Fortitude → knocked out for 2 rounds'", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    const gm = table.client(GM_ID);
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    clickCard(gm, msg!, "apply", "Thug");
    await table.settle();
    const button = renderMessage(gm, msg!).querySelector<HTMLButtonElement>('[data-ft-action="fortitude"]')!;
    // The save's d20, then (a failure) the 1d4 rounds it is knocked out for.
    table.dice(3, 2);
    gm.run(() => button.click());
    await table.settle();
    const saves = (c: Client) =>
      c.run(() =>
        G()
          .game.messages.contents.filter(
            (m: { visible: boolean; content: string }) => m.visible && shown(m).includes("ft-d20-fortitude"),
          )
          .map((m: { content: string }) => {
            const div = G().document.createElement("div");
            div.innerHTML = shown(m);
            return div.textContent.replace(/\s+/g, " ").trim();
          }),
      );
    expect(saves(table.client(BRUNO_ID))).toEqual(["Thug: Fortitude → knocked out for 2 rounds SW-10"]);
    expect(saves(gm)).toEqual([
      "Thug: Fortitude d20 3 + 0 = 3 vs DC 8 → knocked out for 2 rounds SW-10",
      "Thug: Fortitude → knocked out for 2 rounds SW-10",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04 SW-08: Bruno reads no NPC numbers: the Thug's Defense and its terms are not on the card, nor what Apply took", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID, BRUNO_ID] });
    table.dice(16, 4, 5, 6);
    const msg = await attack(table, table.client(ALICE_ID), KARA, PISTOL, [TOK.thug]);
    const bruno = table.client(BRUNO_ID);
    expect(shotLine(bruno, msg!)).toBe("d20 16 − 1 = 15 → Hit 3d6 [4, 5, 6] = 15 dmg");
    expect(rowText(bruno, msg!, "Thug")).not.toContain("Defense");
    // Not in the data Bruno's client received either.
    const stored = bruno.run(() => JSON.stringify(G().game.messages.get(msg).system.card));
    expect(stored).not.toContain('"defense":15');
    expect(stored).not.toContain('"target":15');
    // Nor the chance to hit, from which the bonus on the card would give the Defense (−1 vs 15: 6 naturals, 30 %).
    expect(
      bruno.run(() => {
        const card = G().game.messages.get(msg).system.card;
        return [card.targets[0].chance, card.result.shots[0].outcome.chance];
      }),
    ).toEqual([0, 0]);
    expect(rowText(bruno, msg!, "Thug")).not.toContain("%");
    clickCard(table.client(GM_ID), msg!, "apply", "Thug");
    await table.settle();
    expect(text(targetBlock(renderMessage(bruno, msg!), "Thug").querySelector(".ft-applied"))).toBe(
      "Applied",
    );
    expect(pools()).toEqual(everyone(table, "VP 0 WP 11"));
    expect(table.unhandled).toEqual([]);
  });

  it("SW-06: a blaster without d20 damage dice is refused with a notification before anything is rolled or posted", async () => {
    table = await createTable({ world: world({ damage: "" }), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const msg = await attack(table, alice, KARA, PISTOL, [TOK.thug]);
    expect(msg).toBeNull();
    expect(told(alice)).toEqual([
      "warn: Blaster Pistol has no d20 damage dice: enter them on the weapon's sheet. Nothing was spent.",
    ]);
    expect(table.unhandled).toEqual([]);
  });

  it("SW-04: the GM picks 'd20 (Star Wars RCR)' in the preset menu: every client's world is on the d20 engine, after the reload prompt", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gm.run(async () => {
      const { PresetMenu } = await import("../../src/applications/settings-menus.js");
      const menu = new PresetMenu();
      await menu.render({ force: true });
      const choice = menu.element.querySelector<HTMLInputElement>('input[name="preset"][value="swRcr"]');
      if (!choice) throw new Error("the preset menu offers no d20 preset");
      change(choice, true);
      click(menu.element.querySelector('button[type="submit"]')!);
      await settleApps();
    });
    await table.settle();
    expect(onEveryClient(table, () => G().game.settings.get("frontier-tactics", "engine"))).toEqual(
      everyone(table, "d20"),
    );
    expect(SettingsConfig.reloadConfirmCalls).toEqual([{ world: true }]);
    // The world's engine after the reload is the d20 engine (the one every attack then asks).
    const engine = await gm.run(async () => {
      const { currentEngine } = await import("../../src/helpers/settings.js");
      return (await currentEngine()).id;
    });
    expect(engine).toBe("d20");
    expect(table.unhandled).toEqual([]);
  });
});
