/**
 * Scenario (issue 16): in a "d20 + SWN additions" world, Kara shoots a pirate standing behind a concrete pillar. The
 * pillar is a wall the GM gave the material "thick stone" in the wall configuration (SWN-15: 8 vs TL3); it hides the
 * upper half of the pirate — 8 of the 16 lattice rays, partly obscured (SWN-14, ruling 5: +2 AC) — and gives him
 * cover armour against her TL3 rifle. An ordinary shot's 9 damage loses 8 to the pillar; her aimed shot (SWN-11, −4)
 * ignores the armour but not the concealment, and its 9 damage takes the pirate's last 9 HP.
 *
 * Numbers: Kara's attack bonus is +3 (the SWN block); the rifle's increment is 10 m and the pirate stands 10 m away
 * (one increment, −2: ruling 4c): +1. The pirate: AC 13, partly obscured +2 → 15; 10 HP.
 */
import { describe, expect, it } from "vitest";
import { settle as settleApps } from "../foundry/apps.js";
import { wallData } from "../foundry/canvas.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  clickCard,
  closeTableAfterEach,
  foeToken,
  G,
  GM_ID,
  id,
  onEveryClient,
  rowText,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";
import { lastCardLines, magRifle, startByCount, swnSettings } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";
import { row, tracker } from "./kit-phases.js";
import { answerPrompt, promptField } from "./kit-zebulon.js";

const SCENE = id("sceneSwnCover");
const KARA = id("actKaraSwnCov");
const PIRATE = id("actPirateSwnCov");
const RIFLE = id("itmRifleSwnCov");
const TOK = { kara: id("tokKaraSwnCov"), pirate: id("tokPirateSwnCov") };

let table: Table;
closeTableAfterEach(() => table);
const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.pirate });

/** The pirate's token spans x 2000–2100, y 1300–1400; the pillar stands 0.5 m in front of it. */
const X = cell(10, 5).x - 50;
const TOP = cell(10, 5).y;

/** v13 `CONST.GRID_TYPES`: 1 square, 4 HEXODDQ (hex columns, flat-topped). */
const world = (tl: number | null = 3, gridType = 1) => ({
  settings: swnSettings("SwnCov"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [magRifle(RIFLE, { tl })],
      system: { swn: { ab: 3, hp: { value: 8, max: 8 } } },
    }),
    {
      ...actorSource({
        _id: PIRATE,
        name: "Pirate",
        system: { swn: { ac: 13, hp: { value: 10, max: 10 } } },
      }),
      ownership: { default: 2 },
    },
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Hangar",
      grid: { size: 100, distance: 1, units: "m", type: gridType },
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(0, 5) }),
        foeToken(TOK.pirate, "Pirate", PIRATE, cell(10, 5)),
      ],
      // A concrete pillar: an ordinary wall across the top half of the pirate, thick stone (SWN-15).
      walls: [
        {
          ...wallData("walls", [X, TOP - 300, X, TOP + 50]),
          _id: id("wallPillarSwn"),
          flags: { "frontier-tactics": { material: "thickStone" } },
        },
      ],
    }),
  ],
});

const pirateHp = () => G().game.actors.get(PIRATE).system.swn.hp.value as number;

describe("scenario: an aimed shot at a target behind a concrete pillar (issue 16, SWN-11, SWN-14, SWN-15)", () => {
  it("SWN-15 SWN-14: an ordinary shot — d20 15 + 1 = 16 hits AC 13 + 2 (partly obscured); 1d10 [9] loses the pillar's 8, and the GM's Apply takes 1 HP (10 → 9) on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(15, 9);
    const msg = await attack(table, alice, KARA, RIFLE, [TOK.pirate]);
    expect(told(alice)).toEqual([]);
    for (const c of table.all) {
      const row = rowText(c, msg!, "Pirate");
      expect(row).toContain("Attack bonusSW-04+3");
      expect(row).toContain("Range incrementsSW-06−2");
      expect(row).toContain("Partly obscuredSWN-14+2");
      expect(row).toContain("d20 15 + 1 = 16 vs AC 15 → Hit");
      expect(row).toContain("1d10 [9] − 8 cover armour (SWN-15) = 1 dmg");
      // Ruling 1: no threats, no Star Wars Defense terms under the SWN profile.
      expect(row).not.toContain("Class bonus");
    }
    clickCard(table.client(GM_ID), msg!, "apply", "Pirate");
    await table.settle();
    expect(onEveryClient(table, pirateHp)).toEqual({ Gamemaster: 9, Alice: 9 });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-11: Kara's aimed shot — −4, and the pillar's armour is ignored, not its concealment: d20 18 + 1 − 4 = 15 hits AC 15; 1d10 [9] = 9 takes the pirate from 9 HP to 0, unconscious, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await table.client(GM_ID).run(() => G().game.actors.get(PIRATE).update({ "system.swn.hp.value": 9 }));
    await table.settle();
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, RIFLE);
    expect(dialogKit.chance(alice)).toBe("35%");
    await dialogKit.set(alice, "assist.swnAction", "aimedShot");
    // d20 − 3 against 15: 18 or more, 15 %.
    expect(dialogKit.chance(alice)).toBe("15%");
    const msg = await dialogKit.aliceRolls(alice, 18, 9);
    for (const c of table.all) {
      const row = rowText(c, msg, "Pirate");
      expect(row).toContain("Aimed shotSWN-11−4");
      expect(row).toContain("Partly obscuredSWN-14+2");
      expect(row).toContain("d20 18 − 3 = 15 vs AC 15 → Hit");
      expect(row).toContain("1d10 [9] = 9 dmg");
      expect(row).not.toContain("cover armour");
    }
    clickCard(table.client(GM_ID), msg, "apply", "Pirate");
    await table.settle();
    expect(onEveryClient(table, pirateHp)).toEqual({ Gamemaster: 0, Alice: 0 });
    expect(
      onEveryClient(table, () => G().game.actors.get(PIRATE).statuses.has("unconscious") as boolean),
    ).toEqual({ Gamemaster: true, Alice: true });
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-15: a weapon whose tech level is not entered cannot read the pillar's armour — the attack is refused with a clear message and nothing is spent", async () => {
    table = await createTable({ world: world(null), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    const before = alice.run(() => G().game.actors.get(KARA).items.get(RIFLE).system.ammo.remaining);
    table.dice(15, 9);
    const msg = await attack(table, alice, KARA, RIFLE, [TOK.pirate]);
    expect(msg).toBeNull();
    expect(told(alice).join(" ")).toContain("Mag Rifle has no tech level");
    expect(alice.run(() => G().game.actors.get(KARA).items.get(RIFLE).system.ammo.remaining)).toBe(before);
    expect(table.unhandled).toEqual([]);
  });
});

describe("scenario: overwatch at the pirate behind the pillar (issue 16, SWN-08)", () => {
  /** Kara (20) and the pirate (10) in a d20 combat by count, Kara's turn. */
  async function fight(): Promise<void> {
    await startByCount(
      table,
      SCENE,
      [
        { tokenId: TOK.kara, actorId: KARA },
        { tokenId: TOK.pirate, actorId: PIRATE },
      ],
      (name) => (name === "Kara" ? 20 : 10),
    );
  }

  /** Alice clicks a control on Kara's tracker row. */
  async function karaRow(action: string): Promise<void> {
    const alice = table.client(ALICE_ID);
    const el = await tracker(alice);
    const button = row(el, "Kara").querySelector<HTMLElement>(`[data-action="${action}"]`);
    if (!button) throw new Error(`Kara's row has no ${action}`);
    alice.run(() => button.click());
    await alice.run(() => settleApps());
    await table.settle();
  }

  it("SWN-08: Kara takes overwatch facing east (her round's action); on the pirate's turn her one overwatch shot — d20 17 + 3 − 2 − 2 = 16 vs AC 15 — ignores the pillar's armour (9 damage), and then the overwatch is spent", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await fight();
    const alice = table.client(ALICE_ID);
    await karaRow("overwatch");
    (promptField(alice, "facing") as HTMLSelectElement).value = "90";
    await answerPrompt(table, alice);
    expect(told(alice)).toEqual([]);
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Overwatch SWN-08 Kara takes overwatch facing east with the Mag Rifle, until their next turn.",
    );
    // It was her round's action: no other attack this round.
    expect(await attack(table, alice, KARA, RIFLE, [TOK.pirate])).toBeNull();
    expect(told(alice).join(" ")).toContain("has taken this round's action");
    await table.client(GM_ID).run(() => G().game.combat.nextTurn());
    await table.settle();
    alice.target(TOK.pirate);
    await karaRow("overwatchShot");
    // d20 + 3 − 2 (range) − 2 (overwatch) against 13 + 2: 17 or more, 20 %... with 16 needed: 25 %.
    expect(dialogKit.chance(alice)).toBe("25%");
    const msg = await dialogKit.aliceRolls(alice, 17, 9);
    for (const c of table.all) {
      const line = rowText(c, msg, "Pirate");
      expect(line).toContain("OverwatchSWN-08−2");
      expect(line).toContain("Partly obscuredSWN-14+2");
      expect(line).toContain("d20 17 − 1 = 16 vs AC 15 → Hit");
      expect(line).toContain("1d10 [9] = 9 dmg");
    }
    // Spent: the row no longer offers it.
    const el = await tracker(alice);
    expect(row(el, "Kara").querySelector('[data-action="overwatchShot"]')).toBeNull();
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-08: the overwatch dialog's roll mode (review-ux 2.2) — Kara's overwatch facing east as a self roll is whispered to Alice alone", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await fight();
    const alice = table.client(ALICE_ID);
    await karaRow("overwatch");
    (promptField(alice, "facing") as HTMLSelectElement).value = "90";
    (promptField(alice, "rollMode") as HTMLSelectElement).value = "selfroll";
    await answerPrompt(table, alice);
    expect(told(alice)).toEqual([]);
    expect(
      onEveryClient(table, () => {
        const m = G().game.messages.contents.at(-1);
        return { type: m.type, whisper: [...m.whisper] };
      }),
    ).toEqual({
      Gamemaster: { type: "rule", whisper: [ALICE_ID] },
      Alice: { type: "rule", whisper: [ALICE_ID] },
    });
    expect(lastCardLines(alice)).toBe(
      "Overwatch SWN-08 Kara takes overwatch facing east with the Mag Rifle, until their next turn.",
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-08: facing west, the pirate is outside the 60° arc — the overwatch shot is refused, nothing rolled", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await fight();
    const alice = table.client(ALICE_ID);
    await karaRow("overwatch");
    (promptField(alice, "facing") as HTMLSelectElement).value = "270";
    await answerPrompt(table, alice);
    await table.client(GM_ID).run(() => G().game.combat.nextTurn());
    await table.settle();
    alice.target(TOK.pirate);
    await karaRow("overwatchShot");
    expect(told(alice)).toEqual(["warn: Pirate is outside the 60° overwatch arc (SWN-08)."]);
    expect(dialogKit.attackDialog(alice)).toBeUndefined();
    expect(table.unhandled).toEqual([]);
  });

  it("SWN-08: on a hex map (columns, flat-topped) the facings offered are the six hex sides, not eight compass points; facing east-south-east (120°) the pirate due east is on the arc's edge and her overwatch shot rolls", async () => {
    table = await createTable({ world: world(3, 4), online: [GM_ID, ALICE_ID] });
    await fight();
    const alice = table.client(ALICE_ID);
    await karaRow("overwatch");
    const select = promptField(alice, "facing") as HTMLSelectElement;
    expect(alice.run(() => [...select.options].map((o) => `${o.value} ${o.textContent}`))).toEqual([
      "0 north",
      "60 east-north-east (60°)",
      "120 east-south-east (120°)",
      "180 south",
      "240 west-south-west (240°)",
      "300 west-north-west (300°)",
    ]);
    select.value = "120";
    await answerPrompt(table, alice);
    expect(told(alice)).toEqual([]);
    expect(lastCardLines(table.client(GM_ID))).toBe(
      "Overwatch SWN-08 Kara takes overwatch facing east-south-east (120°) with the Mag Rifle, until their next turn.",
    );
    await table.client(GM_ID).run(() => G().game.combat.nextTurn());
    await table.settle();
    alice.target(TOK.pirate);
    await karaRow("overwatchShot");
    expect(told(alice)).toEqual([]);
    const msg = await dialogKit.aliceRolls(alice, 17, 9);
    expect(rowText(table.client(GM_ID), msg, "Pirate")).toContain("OverwatchSWN-08−2");
    expect(table.unhandled).toEqual([]);
  });
});
