/**
 * Issue 32: the pregenerated d20 characters and foes of the actors pack are valid under the d20 data model and their
 * sheets compute their numbers from the pack alone — SW-08 Defense (10 + class + Dex, capped by worn armour's maximum
 * Dex), SW-10 wound points equal to Constitution, SW-11 the worn armour's DR, SW-12 speed by armour category, SW-18
 * heroic or ordinary — and every weapon they carry is a d20 pack weapon the engine can roll (damage and, when ranged,
 * a range increment).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pregenSheetContext } from "./fixtures/sheets.js";
import { PACK_ROOT, packEntry } from "./pack-data.js";

interface D20Block {
  defense: { total: number };
  dr: number;
  maxDex: number | null;
  wounds: { value: number; max: number };
  heroicLabel: string;
  speed: { move: number } | null;
}
interface PackWeapon {
  missing: string[];
  source: string;
  d20: { damage: string; attack: string; rangeIncrement: number | null };
}
const sheet = (file: string) => (pregenSheetContext("d20", file) as { d20: D20Block }).d20;

const PREGENS: [string, { defense: number; dr: number; wounds: number; heroic: boolean; move: number }][] = [
  // Soldier: 10 + 3 + Dex 14 (+2; combat jumpsuit max +4) = 15; DR 3; Con 14; light armour 10 m.
  ["kestra-vol-soldier", { defense: 15, dr: 3, wounds: 14, heroic: true, move: 10 }],
  // Scoundrel: 10 + 2 + Dex 16 (+3) = 15; no armour (a scoundrel has no Armor Proficiency, RCR-OCR 03-classes.md):
  // DR 0; Con 12.
  ["dace-marrow-scoundrel", { defense: 15, dr: 0, wounds: 12, heroic: true, move: 10 }],
  // Jedi guardian: 10 + 3 + 2 = 15, no armour; Con 13.
  ["ilan-sorr-jedi-guardian", { defense: 15, dr: 0, wounds: 13, heroic: true, move: 10 }],
  // Stormtrooper (RCR-OCR 14-allies-and-opponents.md, Low-Level Stormtrooper: "Defense 12 (+2 class); DR 5; Spd 8 m;
  // VP/WP 0/12"): 10 + class 2 + Dex 11 (+0) = 12; DR 5; Con 12; powered armour moves as medium, 8 m.
  ["stormtrooper", { defense: 12, dr: 5, wounds: 12, heroic: false, move: 8 }],
  // Thug: 10; Con 12.
  ["thug", { defense: 10, dr: 0, wounds: 12, heroic: false, move: 10 }],
];

describe("the d20 pregens and foes of the actors pack (issue 32)", () => {
  it.each(PREGENS)(
    "SW-08 SW-10 SW-11 SW-12 SW-18: %s's sheet computes its numbers from the pack",
    (file, want) => {
      const d = sheet(file);
      expect({
        defense: d.defense.total,
        dr: d.dr,
        wounds: d.wounds.max,
        heroic: d.heroicLabel === "FT.D20.heroic",
        move: d.speed?.move,
      }).toEqual(want);
    },
  );

  /*
   * Issue 32 (fixpacks): the class numbers are the 1st-level rows of RCR-OCR 03-classes.md (josephkampf/starwars-d20-
   * project), columns Base Attack Bonus, Fort, Ref, Will, Defense Bonus: Table 3-6 Soldier "| 1st | +1 | +2 | +0 | +0 |
   * Starting feats | +3 |", Table 3-4 Scoundrel "| 1st | +0 | +0 | +2 | +0 | Illicit barter | +2 |", Table 3-10 Jedi
   * Guardian "| 1st | +1 | +2 | +2 | +1 | Force training, deflect (defense +1) | +3 |"; the foes are the Low-Level
   * Stormtrooper (Thug 4: +4 ranged with Dex 11, Defense 12 (+2 class), Fort +5 Ref +1 Will +1 with Con 12 → base +4)
   * and Low-Level Thug (Thug 2: +3 melee with Str 13, +2 ranged with Dex 11, Defense 10 (+0 class), Fort +4 with Con 12
   * → base +3, Ref +0, Will +0) of 14-allies-and-opponents.md. The pack stores base saves (the roll adds the ability).
   */
  const CLASS_ROWS: [string, { bab: number; classDefense: number; saves: Record<string, number> }][] = [
    ["kestra-vol-soldier", { bab: 1, classDefense: 3, saves: { fort: 2, ref: 0, will: 0 } }],
    ["dace-marrow-scoundrel", { bab: 0, classDefense: 2, saves: { fort: 0, ref: 2, will: 0 } }],
    ["ilan-sorr-jedi-guardian", { bab: 1, classDefense: 3, saves: { fort: 2, ref: 2, will: 1 } }],
    ["stormtrooper", { bab: 4, classDefense: 2, saves: { fort: 4, ref: 1, will: 1 } }],
    ["thug", { bab: 2, classDefense: 0, saves: { fort: 3, ref: 0, will: 0 } }],
  ];
  it.each(CLASS_ROWS)(
    "SW-04 SW-08: %s's base attack bonus, class Defense and base saves are the book's row",
    (file, want) => {
      const d = (packEntry("actors", file).system as { d20: typeof want }).d20;
      expect({ bab: d.bab, classDefense: d.classDefense, saves: d.saves }).toEqual(want);
    },
  );

  it("every item a d20 pregen carries equals its d20 pack item (the row its source names), but for what it carries: worn, loaded, how many grenades", () => {
    const packItems = readdirSync(join(PACK_ROOT, "d20"))
      .filter((f) => f.endsWith(".yml"))
      .map(
        (f) => packEntry("d20", f.replace(/\.yml$/, "")) as { name: string; system: Record<string, unknown> },
      )
      .filter((e) => e.system.source);
    // What a carried copy may change: worn/ready, and its ammunition (a loaded pack; grenades carried, each one shot).
    const carried = (sys: Record<string, unknown>) => {
      const {
        equipped: _e,
        active: _a,
        ammo,
        ...rest
      } = sys as { ammo?: Record<string, unknown> } & Record<string, unknown>;
      if (!ammo) return rest;
      const { remaining: _r, capacity, ...a } = ammo;
      const grenade = (sys.d20 as { grenade?: boolean } | undefined)?.grenade;
      return { ...rest, ammo: grenade ? a : { ...a, capacity } };
    };
    for (const [file] of PREGENS) {
      for (const item of (
        packEntry("actors", file) as unknown as { items: { name: string; system: Record<string, unknown> }[] }
      ).items) {
        const row = packItems.filter((p) => p.system.source === item.system.source);
        expect(row.length, `${file} > ${item.name}: one d20 pack item has its source`).toBe(1);
        expect(carried(item.system), `${file} > ${item.name}`).toEqual(carried(row[0]!.system));
      }
    }
  });

  it("every weapon a d20 pregen carries is a copy of a d20 pack weapon with its numbers, ready to roll", () => {
    for (const [file] of PREGENS) {
      const items = (
        packEntry("actors", file) as unknown as {
          items: { name: string; type: string; system: PackWeapon }[];
        }
      ).items;
      for (const w of items.filter((i) => i.type === "weapon")) {
        expect(w.system.missing, `${file} > ${w.name}`).toEqual([]);
        expect(w.system.d20.damage, `${file} > ${w.name}`).not.toBe("");
        if (w.system.d20.attack !== "melee")
          expect(w.system.d20.rangeIncrement, `${file} > ${w.name}`).toBeGreaterThan(0);
        expect(w.system.source, `${file} > ${w.name}`).toMatch(/^RCR-OCR.*RCR Table 7-2: /);
      }
    }
  });
});
