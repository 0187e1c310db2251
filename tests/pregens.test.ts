/**
 * Issue 32: the pregenerated d20 characters and foes of the actors pack are valid under the d20 data model and their
 * sheets compute their numbers from the pack alone — SW-08 Defense (10 + class + Dex, capped by worn armour's maximum
 * Dex), SW-10 wound points equal to Constitution, SW-11 the worn armour's DR, SW-12 speed by armour category, SW-18
 * heroic or ordinary — and every weapon they carry is a d20 pack weapon the engine can roll (damage and, when ranged,
 * a range increment).
 */
import { describe, expect, it } from "vitest";
import { pregenSheetContext } from "./fixtures/sheets.js";
import { packEntry } from "./pack-data.js";

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
  // Scoundrel: 10 + 2 + Dex 16 (+3; blast vest max +5) = 15; DR 2; Con 12.
  ["dace-marrow-scoundrel", { defense: 15, dr: 2, wounds: 12, heroic: true, move: 10 }],
  // Jedi guardian: 10 + 3 + 2 = 15, no armour; Con 13.
  ["ilan-sorr-jedi-guardian", { defense: 15, dr: 0, wounds: 13, heroic: true, move: 10 }],
  // Stormtrooper: 10 + Dex 12 (+1; stormtrooper armour max +2) = 11; DR 5; Con 12; powered armour moves as medium, 8 m.
  ["stormtrooper", { defense: 11, dr: 5, wounds: 12, heroic: false, move: 8 }],
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
