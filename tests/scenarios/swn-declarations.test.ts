/**
 * Scenario (issue 31, the SWN player's review): the d20 engine's own declarations and wound states are the Star Wars
 * game's, not Stars Without Number's (ruling 1: "vitality/wounds … apply only under the `sw` profile").
 * - The SWN attack dialog offers no SW-21 charge (seed 003's charge is SWN-02's action), no SW-23 fighting
 *   defensively and no SW-44 pulled blow ("only vitality damage": SWN's hit points have no vitality, so the box would
 *   be −4 to hit for full, lethal damage); the improvised weapon (SW-16, −4) stays.
 * - An SWN actor's hidden d20 wounds never matter: at 0 hidden wound points (an actor made in a d20 world) its
 *   attacks are not refused as a disabled character's full-round action and cost it nothing (no SW-10 strain).
 *
 * Numbers: Kara (attack bonus +2, 8 HP) with a 1d8 vibroblade, beside a Thug (AC 12, 9 HP) and a Brute (AC 12).
 */
import { describe, expect, it } from "vitest";
import { d20Attack } from "../../src/games/d20/workflows/attack.js";
import { swnAttack } from "../../src/games/swn/workflows/attack.js";
import { createD20Engine, RulesError } from "../../src/rules/index.js";
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
  rowText,
  sceneSource,
  tokenSource,
  told,
} from "./kit.js";
import { swnSettings } from "./kit-d20.js";
import { attackDialogKit } from "./kit-dialog.js";

const SCENE = id("sceneSwnDecl");
const KARA = id("actKaraSwnDecl");
const THUG = id("actThugSwnDecl");
const BRUTE = id("actBruteSwnDecl");
const BLADE = id("itmBladeSwnDecl");
const TOK = { kara: id("tokKaraSwnDecl"), thug: id("tokThugSwnDecl"), brute: id("tokBruteSwnDecl") };

let table: Table;
closeTableAfterEach(() => table);
const dialogKit = attackDialogKit(() => table, { actor: KARA, target: TOK.thug });

/** `wounds`: Kara's hidden d20 wound points (0: disabled, had she been a Star Wars character). */
const world = (wounds = 10) => ({
  settings: swnSettings("SwnDc"),
  actors: [
    actorSource({
      _id: KARA,
      name: "Kara",
      owner: ALICE_ID,
      items: [itemFromPack("d20", "lightsaber", BLADE, { d20: { damage: "1d8" } }, "Vibroblade")],
      system: {
        swn: { ab: 2, hp: { value: 8, max: 8 } },
        d20: { bab: 6, wounds: { value: wounds, max: 10 }, vitality: { value: 0, max: 10 } },
      },
    }),
    ...(
      [
        [THUG, "Thug"],
        [BRUTE, "Brute"],
      ] as const
    ).map(([_id, name]) => ({
      ...actorSource({ _id, name, system: { swn: { ac: 12, hp: { value: 9, max: 9 } } } }),
      ownership: { default: 2 },
    })),
  ],
  scenes: [
    sceneSource({
      _id: SCENE,
      name: "Dock",
      tokens: [
        tokenSource({ _id: TOK.kara, name: "Kara", actorId: KARA, actorLink: true, ...cell(1, 5) }),
        foeToken(TOK.thug, "Thug", THUG, cell(2, 5)),
        foeToken(TOK.brute, "Brute", BRUTE, cell(0, 5)),
      ],
    }),
  ],
});

/** The names of the dialog's checkboxes in its "more help" fold. */
function helpBoxes(): string[] {
  const alice = table.client(ALICE_ID);
  const dialog = dialogKit.attackDialog(alice);
  return alice.run(() =>
    [...dialog.element.querySelectorAll('[data-ft-fold="assist"] input[type="checkbox"]')].map(
      (e: any) => e.name as string,
    ),
  );
}

const kara = <T>(f: (a: any) => T) => onEveryClient(table, () => f(G().game.actors.get(KARA)));

describe("scenario: SWN plays none of the d20 attacker's declarations it has no rule for (issue 31)", () => {
  it("SW-21 SW-23 SW-44: Kara's SWN attack dialog offers no d20 charge, fighting defensively or pulled blow — the improvised weapon (SW-16) stays — and her swing rolls none of their terms", async () => {
    table = await createTable({ world: world(), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    await dialogKit.aliceOpensAttack(alice, BLADE);
    const boxes = helpBoxes();
    expect(boxes).toContain("assist.improvised");
    for (const gone of [
      "assist.charging",
      "assist.fightingDefensively",
      "assist.pullingBlow",
      "assist.pulledHalf",
    ])
      expect(boxes).not.toContain(gone);
    const msg = await dialogKit.aliceRolls(alice, 12, 5);
    for (const c of table.all) {
      const line = rowText(c, msg, "Thug");
      expect(line).toContain("d20 12 + 2 = 14 vs AC 12 → Hit");
      expect(line).not.toContain("SW-21");
      expect(line).not.toContain("SW-44");
    }
    expect(table.unhandled).toEqual([]);
  });

  it("SW-21 SW-23 SW-44: the swn profile's engine refuses a crafted charge, fighting defensively or pulled blow; the sw profile still plays them", () => {
    const facts = (d20: Record<string, unknown>) => ({
      attacker: {
        d20: {
          bab: 0,
          strMod: 0,
          dexMod: 0,
          size: "medium",
          swn: { ab: 2, band: null, action: null },
          ...d20,
        },
      },
      target: {
        distance: 1,
        d20: { defense: 12, dexMod: 0, size: "medium", swn: { ac: 12, band: null, concealment: "none" } },
      },
      weapon: { name: "Vibroblade", d20: { rangeIncrement: null, damage: "1d8" } },
    });
    const plan = { fullAttack: false, mode: "single" as const, surpriseRound: false, targets: ["t"] };
    const refusal = (profile: "sw" | "swn", d20: Record<string, unknown>) => {
      try {
        // A crafted request, as a script would send it (any: the facts are built loosely here).
        createD20Engine({ profile }).attackSteps?.(facts(d20) as any, plan);
        return null;
      } catch (e) {
        return e instanceof RulesError ? e.key : String(e);
      }
    };
    expect(refusal("swn", { charging: true })).toBe("FT.SWN.Declared.charging");
    expect(refusal("swn", { fightingDefensively: true })).toBe("FT.SWN.Declared.fightingDefensively");
    expect(refusal("swn", { pullingBlow: true })).toBe("FT.SWN.Declared.pullingBlow");
    expect(refusal("swn", { improvised: true })).toBeNull();
    expect(refusal("sw", { charging: true })).toBeNull();
    expect(refusal("sw", { pullingBlow: true })).toBeNull();
    // And the SWN attack section keeps no SW-21 / SW-23 mark on the attacker's Combatant, whatever it is sent.
    const crafted = { attacker: { d20: { charging: true, fightingDefensively: true } } };
    // Only the attacker's declarations are read (any: no whole request is built).
    expect(swnAttack.keeps(crafted as any, 1)).toBeNull();
    expect(d20Attack.keeps(crafted as any, 1)).not.toBeNull();
  });
});

describe("scenario: an SWN actor's hidden d20 wounds never matter (issue 31)", () => {
  it("SW-10: Kara, at 0 hidden d20 wound points, attacks the Thug and the Brute at once and then the Thug again — nothing is refused as a disabled full-round action, and after each attack her wounds stay 0, no dying or unconscious, no strain notice, on every client", async () => {
    table = await createTable({ world: world(0), online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    table.dice(12, 13, 5, 4);
    const both = await attack(table, alice, KARA, BLADE, [TOK.thug, TOK.brute]);
    expect(both).not.toBeNull();
    expect(told(alice)).toEqual([]);
    table.dice(14, 6);
    const again = await attack(table, alice, KARA, BLADE, [TOK.thug]);
    expect(again).not.toBeNull();
    expect(told(alice)).toEqual([]);
    expect(kara((a) => a.system.d20.wounds.value)).toEqual(everyone(table, 0));
    expect(kara((a) => a.system.swn.hp.value)).toEqual(everyone(table, 8));
    expect(kara((a) => ["disabled", "dying", "unconscious"].filter((s) => a.statuses.has(s)))).toEqual(
      everyone(table, []),
    );
    expect(table.unhandled).toEqual([]);
  });
});
