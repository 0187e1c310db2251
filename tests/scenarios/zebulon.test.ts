/**
 * Scenario: a world on the Zebulon's Guide engine (world setting `frontier-tactics.engine` = "zebulon"). Alice's
 * character fires an electrostunner (blast setting, 4d10: maximum 40) at two Sathar; each shot is read on the
 * resolution table and the card shows the column and the colour; Alice applies the damage and every client sees it.
 *
 * SF-Z-01: the base column is the skill level (Beam Weapons 3 → column +3). SF-Z-02/03: the Expanded modifiers other
 * than ½ DEX and skill, 10 points to a column shift. SF-Z-04: the d100 is read on the final column. The default
 * table (src/rules/zebulon/table.ts): column c succeeds on d100 ≤ S = clamp(5, 95, 25 + 10c); cobalt ≤ round(0.1 S),
 * blue ≤ round(0.4 S), green ≤ round(0.7 S), yellow ≤ S. SF-Z-06: damage = the weapon's maximum × the colour's
 * share (cobalt 1, blue ¾, green ½, yellow ¼), rounded down, at least 1; white does nothing.
 *
 *  - The Sentry, 12 m (Medium, −20; electrostunner ranges 5/10/15 as entered on the item), standing still (+10): −10 → −1 CS → column +2:
 *    S 45, cobalt ≤ 5, blue ≤ 18, green ≤ 32, yellow ≤ 45.
 *  - The Guard, 4 m (Point Blank, 0), standing still (+10): +10 → +1 CS → column +4: S 65, cobalt ≤ 7, blue ≤ 26,
 *    green ≤ 46, yellow ≤ 65.
 */
import { describe, expect, it, vi } from "vitest";
import { pendingDice } from "../foundry/dice.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  appliedSeen,
  attack,
  BRUNO_ID,
  cardButtons,
  cell,
  clickCard,
  closeTableAfterEach,
  G,
  GM_ID,
  itemFromPack,
  rowText,
  sceneSource,
  settingSource,
  staminaOf,
  statusesOf,
  storedStamina,
  tokenSource,
} from "./kit.js";

const SCENE = "sceneZebulon0001";
let table: Table;
vi.setConfig({ testTimeout: 30_000 });
closeTableAfterEach(() => table);

const EUSYL = actorSource({
  _id: "eusylZebulon0001",
  name: "Eusyl",
  owner: ALICE_ID,
  abilities: { dex: 60, rs: 50, sta: 50 },
  items: [
    // The bands this scenario was written with (5/10/15 m), entered on the item: the pack now has rules-tables §18's
    // PB 5 / Short 15 with no Medium band, and the Sentry's column needs a Medium −20.
    itemFromPack("weapons", "electrostunner", undefined, {
      ranges: { pb: 5, s: 10, m: 15, l: null, e: null },
    }),
    itemFromPack("skills", "beam-weapons", undefined, { level: 3 }),
  ],
});
const SENTRY = actorSource({
  _id: "satharSentry0002",
  name: "Sentry",
  type: "creature",
  stamina: 50,
  system: { size: "medium", speed: "medium" },
});
const GUARD = actorSource({
  _id: "satharGuard00003",
  name: "Guard",
  type: "creature",
  stamina: 35,
  system: { size: "medium", speed: "medium" },
});
const TOKENS = {
  eusyl: tokenSource({
    _id: "tokEusyl00000001",
    name: "Eusyl",
    actorId: EUSYL._id,
    actorLink: true,
    ...cell(2, 4),
  }),
  sentry: tokenSource({
    _id: "tokSentry0000002",
    name: "Sentry",
    actorId: SENTRY._id,
    actorLink: true,
    disposition: -1,
    ...cell(14, 4),
  }),
  guard: tokenSource({
    _id: "tokGuard00000003",
    name: "Guard",
    actorId: GUARD._id,
    actorLink: true,
    disposition: -1,
    ...cell(2, 8),
  }),
};
const UNUSED_4D10 = [1, 1, 1, 1]; // the damage dice the attack rolls; Zebulon damage is by colour, not dice

describe("scenario: an attack resolved on the Zebulon's Guide resolution table (SF-Z-01..04, SF-Z-06)", () => {
  it("blue on column +2 does ¾ of 40, cobalt on column +4 all 40, white nothing; Alice applies and every client sees it", async () => {
    table = await createTable({
      world: {
        actors: [EUSYL, SENTRY, GUARD],
        scenes: [
          sceneSource({
            _id: SCENE,
            name: "Sathar listening post",
            tokens: Object.values(TOKENS),
          }),
        ],
        settings: [
          settingSource("settingEngine001", "engine", "zebulon"),
          // Alice applies her own hits to the Sathar: this table lets players apply to tokens they do not own.
          settingSource("settingApplyAll1", "playersApplyToAll", true),
        ],
      },
      online: "players",
    });
    const gm = table.client(GM_ID);
    const alice = table.client(ALICE_ID);
    const bruno = table.client(BRUNO_ID);

    // Shot 1 at the Sentry: d100 17 on column +2 is blue (≤ 18): 40 × ¾ = 30.
    table.dice(17, ...UNUSED_4D10);
    const first = await attack(table, alice, EUSYL._id, "Electrostunner", [TOKENS.sentry._id]);
    expect(alice.notifications.log).toEqual([]);
    expect(first).not.toBeNull();
    for (const c of table.all) {
      const row = rowText(c, first!, "Sentry");
      expect(row).toContain("12 m · Medium");
      expect(row).toContain("Modifiers = 45% · Column +2");
      expect(row).toContain("MediumSF-X-14−20");
      expect(row).toContain("Target stationarySF-X-17+10");
      expect(row).not.toContain("½ Dexterity");
      expect(row).toContain("17 ≤ 45 Hit Blue · ¾ 4d10 (max 40) × ¾ = 30 dmg");
    }
    expect(cardButtons(alice, first!)).toEqual(["apply:Sentry"]);
    expect(cardButtons(bruno, first!)).toEqual([]);
    expect(rowText(alice, first!, "Sentry")).toContain("Apply 30");

    clickCard(alice, first!, "apply", "Sentry");
    await table.settle();
    for (const c of table.all) {
      expect(staminaOf(c, TOKENS.sentry._id)).toBe(50 - 30);
      // The Sentry's Stamina is the GM's to read (issue "trust", R1-5): players see only that it was applied.
      expect(rowText(c, first!, "Sentry")).toContain(appliedSeen(c, SENTRY._id, "30 (Stamina 50 → 20)"));
      if (!c.run(() => G().game.user.isGM))
        expect(rowText(c, first!, "Sentry")).not.toContain("(Stamina 50 → 20)");
    }
    expect(storedStamina(table, SENTRY._id)).toBe(20);

    // Shot 2 at the Guard, 4 m away: d100 7 on column +4 is cobalt (≤ 7): the full 40, and 35 − 40 = −5 is
    // unconscious (SF-B-15) on every client.
    table.dice(7, ...UNUSED_4D10);
    const second = await attack(table, alice, EUSYL._id, "Electrostunner", [TOKENS.guard._id]);
    for (const c of table.all) {
      const row = rowText(c, second!, "Guard");
      expect(row).toContain("4 m · Point blank");
      expect(row).toContain("Modifiers = 65% · Column +4");
      expect(row).toContain("7 ≤ 65 Hit Cobalt · 1 4d10 (max 40) × 1 = 40 dmg");
    }
    clickCard(alice, second!, "apply", "Guard");
    await table.settle();
    for (const c of table.all) {
      expect(staminaOf(c, TOKENS.guard._id)).toBe(-5);
      expect(statusesOf(c, TOKENS.guard._id)).toEqual(["unconscious"]);
    }

    // Shot 3 at the Sentry: d100 46 on column +2 is white (> 45): a miss, nothing to apply.
    table.dice(46, ...UNUSED_4D10);
    const third = await attack(table, alice, EUSYL._id, "Electrostunner", [TOKENS.sentry._id]);
    for (const c of table.all) expect(rowText(c, third!, "Sentry")).toContain("46 ≤ 45 Miss White · 0");
    expect(cardButtons(gm, third!)).toEqual([]);

    // Three shots at 2 SEU from the 20-SEU clip.
    for (const c of table.all)
      expect(
        c.run(
          () =>
            G()
              .game.actors.get(EUSYL._id)
              .items.find((i: any) => i.name === "Electrostunner").system.ammo.remaining,
        ),
      ).toBe(14);
    expect(pendingDice()).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
