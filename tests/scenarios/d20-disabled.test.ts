/**
 * Scenario (issue 31, SW-10 "Disabled (0 Wound Points)"): "A disabled character can only perform a single move or
 * attack action in a round, which means the character can't perform full-round actions. Making an attack action
 * while disabled deals more damage to the character – he or she takes 1 point of wound damage."
 *
 * Numbers: Kara (BAB +6, Str 14 — 12 fatigued after her wounds, SW-10: +7 with her lightsaber) is at 0 wound points, two Thugs (Defense 15) beside her.
 */
import { describe, expect, it } from "vitest";
import { click, settle as settleApps } from "../foundry/apps.js";
import { createTable, type Table } from "../foundry/world.js";
import {
  ALICE_ID,
  actorSource,
  attack,
  cell,
  closeTableAfterEach,
  everyone,
  foeToken,
  G,
  GM_ID,
  id,
  itemFromPack,
  onEveryClient,
  renderMessage,
  sceneSource,
  settingSource,
  targetBlock,
  text,
  tokenSource,
  told,
} from "./kit.js";
import { d20Foe, HEROIC_POOLS, startByCount } from "./kit-d20.js";
import { row, tracker } from "./kit-phases.js";

const SCENE = id("sceneD20Dis");
const KARA = id("actKaraDis");
const THUG = id("actThugDis");
const THUG2 = id("actThug2Dis");
const SABER = id("itmSaberDis");
const TOK = { kara: id("tokKaraDis"), thug: id("tokThugDis"), thug2: id("tokThug2Dis") };

let table: Table;
closeTableAfterEach(() => table);

const world = () => ({
  settings: [settingSource(id("setEngineDis"), "engine", "d20")],
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", SABER, { d20: { damage: "2d8" } })],
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
    d20Foe(THUG2, "Brute", HEROIC_POOLS),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Catwalk",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(1, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(2, 5)),
        foeToken(TOK.thug2, "Brute", THUG2, cell(0, 5)),
      ],
    }),
  ],
});

const kara = <T>(f: (a: any) => T) => onEveryClient(table, () => f(G().game.actors.get(KARA)));

describe("scenario: a disabled d20 character (issue 31)", () => {
  it("SW-10: disabled Kara's full attack at both foes is refused before anything is rolled; her single swing (d20 12 + 7 = 19 hits: fatigued, Str +1) costs her 1 wound point: WP 0 → −1, dying and unconscious, no longer disabled, on every client", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    await table
      .client(GM_ID)
      .run(() => G().game.actors.get(KARA).toggleStatusEffect("disabled", { active: true }));
    const alice = table.client(ALICE_ID);
    const none = await attack(table, alice, KARA, SABER, [TOK.thug, TOK.thug2]);
    expect(none).toBeNull();
    expect(told(alice)).toEqual([
      "warn: Disabled (0 wound points): only a single move or attack action a round — no full attack, charge or other full-round action (SW-10). Nothing was spent.",
    ]);
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, 0));
    table.dice(12, 3, 4);
    const msg = await attack(table, alice, KARA, SABER, [TOK.thug]);
    expect(msg).not.toBeNull();
    for (const c of table.all)
      expect(
        [...targetBlock(renderMessage(c, msg!), "Thug").querySelectorAll(".ft-roll-line")].map((e) =>
          text(e),
        ),
      ).toEqual(["d20 12 + 7 = 19 vs Defense 15 → Hit 2d8 [3, 4] + 1 = 8 dmg"]);
    expect(told(alice).at(-1)).toBe("info: Kara strains while disabled: 1 wound point lost (SW-10).");
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, -1));
    expect(kara((a) => ["disabled", "dying", "unconscious"].filter((s) => a.statuses.has(s)))).toEqual(
      everyone(table, ["dying", "unconscious"]),
    );
    expect(table.unhandled).toEqual([]);
  });

  it("SW-10: on her turn disabled Kara's Run from the tracker (a full-round action) is refused with the rule; no card, no running", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
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
    const cards = () => alice.run(() => G().game.messages.contents.length as number);
    const before = cards();
    const button = row(await tracker(alice), "Kara").querySelector('[data-action="run"]');
    expect(button).not.toBeNull();
    alice.run(() => click(button!));
    await alice.run(() => settleApps());
    await table.settle();
    expect(told(alice)).toEqual([
      "warn: Disabled (0 wound points): only a single move or attack action a round — no full attack, charge or other full-round action (SW-10). Nothing was spent.",
    ]);
    expect(cards()).toBe(before);
    expect(
      onEveryClient(
        table,
        () => !!G().game.combat.combatants.find((c: any) => c.name === "Kara").system.running?.active,
      ),
    ).toEqual(everyone(table, false));
    expect(table.unhandled).toEqual([]);
  });
});
