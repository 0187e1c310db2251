/**
 * The d20 compendium (issue 14, then issue 32): every weapon and armour of the Revised Core Rulebook's Tables 7-2 and
 * 7-3 (23 ranged weapons, 20 melee weapons, 11 armours), with every column the tables give, each item naming its row
 * and source key in `system.source`. The tables are read from `tests/fixtures/rcr-equipment.md`, a copy of the
 * project's rules-tables §19, so a number changed in the pack and not in the source (or the reverse) fails here. The
 * numbers are also read by the pure rules as the workflow will.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFENSE_SPEC, WEAPON_SPEC } from "../src/data/item/specs.js";
import { validateData } from "../src/data/spec.js";
import { rangePenalty } from "../src/rules/d20/attack.js";
import { resolveD20 } from "../src/rules/d20/resolve.js";
import { SPEED_TABLE } from "../src/rules/d20/tables.js";
import { PACK_ROOT, packEntry } from "./pack-data.js";

interface WeaponD20 {
  attack: string;
  damage: string;
  threat: number;
  rangeIncrement: number | null;
  fire: { single: boolean; multi: boolean; auto: boolean };
  size: string;
  rifle: boolean;
  grenade: boolean;
  double: boolean;
  burstRadius: number | null;
  reflexDC: number | null;
  stunDC: number | null;
  damageType: string;
  group: string;
}
interface ArmourD20 {
  category: string;
  dr: number | null;
  maxDex: number | null;
  checkPenalty: number | null;
  powered: boolean;
}
interface D20Item {
  missing: string[];
  source: string;
  cost: number | null;
  mass: number | null;
  ammo: { unit: string; capacity: number | null; remaining: number | null };
  description: string;
  d20: WeaponD20 & ArmourD20 & { ignoresDR?: boolean; noDamageDice?: boolean };
}
const files = readdirSync(join(PACK_ROOT, "d20"))
  .filter((f) => f.endsWith(".yml"))
  .map((f) => f.replace(/\.yml$/, ""));
const entries = files.map((f) => packEntry<D20Item>("d20", f));
const d20 = (file: string) => packEntry<D20Item>("d20", file).system.d20;

/** The rows of one markdown table of the fixture, below the heading that starts with `heading`. */
function table(heading: string): string[][] {
  const lines = readFileSync(join(import.meta.dirname, "fixtures", "rcr-equipment.md"), "utf8").split("\n");
  const start = lines.findIndex((l) => l.startsWith(heading));
  const rows: string[][] = [];
  for (const l of lines.slice(start + 1)) {
    if (l.startsWith("|"))
      rows.push(
        l
          .split("|")
          .slice(1, -1)
          .map((c) => c.trim()),
      );
    else if (rows.length) break;
  }
  return rows.slice(2); // the header and its rule
}
const RANGED = table("### 19.2");
const MELEE = table("### 19.3");
const ARMOUR = table("### 19.4");

/** "1,500" → 1500, "1.3 kg" → 1.3, "−3" → −3, "+5" → 5, "—" → null. */
const number = (cell: string): number | null => {
  const m = /^[+−-]?[\d,]+(\.\d+)?/.exec(cell);
  return m ? Number(m[0].replace("−", "-").replace("+", "").replace(/,/g, "")) : null;
};
const dice = (cell: string) => /^\d+d\d+(\+\d+)?/.exec(cell)?.[0] ?? "";
const TYPE: Record<string, string> = {
  Energy: "energy",
  "Energy (ion)": "ion",
  Piercing: "piercing",
  Slashing: "slashing",
  Bludgeoning: "bludgeoning",
  "Slashing/Piercing": "slashingPiercing",
  "—": "",
};
const GROUP: Record<string, string> = {
  "Blaster pistols": "blasterPistols",
  "Blaster rifles": "blasterRifles",
  Heavy: "heavy",
  Exotic: "exotic",
  Slugthrowers: "slugthrowers",
  Simple: "simple",
  Primitive: "primitive",
  Vibro: "vibro",
  "—": "",
};

/** The pack item whose source names this row of the table. */
function itemFor(tableNo: "7-2" | "7-3", row: string) {
  const found = entries.filter((e) => e.system.source.endsWith(`RCR Table ${tableNo}: ${row}`));
  expect(
    found.map((e) => e.name),
    `RCR Table ${tableNo}: ${row}`,
  ).toHaveLength(1);
  return found[0]!;
}

describe("the d20 compendium holds RCR Tables 7-2 and 7-3 (issue 32)", () => {
  it("the fixture has the 23 ranged weapons, 20 melee weapons and 11 armours of rules-tables §19", () => {
    expect([RANGED.length, MELEE.length, ARMOUR.length]).toEqual([23, 20, 11]);
    // One item per row, and one more: the improvised thrown object (SW-16), which is no row of the tables.
    expect(entries.filter((e) => / RCR Table 7-[23]: /.test(e.system.source))).toHaveLength(54);
    expect(
      entries
        .map((e) => e.name)
        .filter((n) => !entries.some((e) => e.name === n && /Table/.test(e.system.source))),
    ).toEqual(["Improvised Thrown Object"]);
  });

  it("every ranged weapon's row: cost, damage, critical, range increment (burst), weight, stun DC, type, fire modes, size, group, shots, Reflex DC", () => {
    for (const [row, cost, dmg, crit, range, wt, stun, type, modes, size, group, shots, second] of RANGED) {
      const e = itemFor("7-2", row!);
      const s = e.system;
      const burst = /\((\d+) m burst\)/.exec(range!);
      const reflex = /Reflex DC (\d+)/.exec(second!);
      const thrown = burst !== null || /^(Net|Electro-net)$/.test(row!);
      expect(
        {
          cost: s.cost,
          mass: s.mass,
          damage: s.d20.damage,
          threat: s.d20.threat,
          rangeIncrement: s.d20.rangeIncrement,
          attack: s.d20.attack,
          stunDC: s.d20.stunDC,
          damageType: s.d20.damageType,
          fire: s.d20.fire,
          size: s.d20.size,
          group: s.d20.group,
          rifle: s.d20.rifle,
          grenade: s.d20.grenade,
          burstRadius: s.d20.burstRadius,
          reflexDC: s.d20.reflexDC,
          capacity: s.ammo.capacity,
        },
        row,
      ).toEqual({
        cost: number(cost!),
        mass: number(wt!),
        damage: dice(dmg!),
        threat: crit!.startsWith("19") ? 19 : 20,
        rangeIncrement: number(range!),
        attack: thrown ? "thrown" : "ranged",
        stunDC: number(stun!),
        damageType: TYPE[type!],
        fire:
          modes === "—"
            ? { single: true, multi: false, auto: false }
            : { single: /S/.test(modes!), multi: /\bM\b/.test(modes!), auto: /\bA\b/.test(modes!) },
        size: size!.toLowerCase(),
        group: GROUP[group!],
        rifle: group === "Blaster rifles",
        grenade: burst !== null,
        burstRadius: burst ? Number(burst[1]) : null,
        reflexDC: reflex ? Number(reflex[1]) : null,
        capacity: number(shots!),
      });
      expect(s.source, row).toMatch(/^RCR-OCR/);
    }
  });

  it("every melee weapon's row: cost, damage, critical, thrown range increment, weight, stun DC, type, size, group", () => {
    for (const [row, cost, dmg, crit, range, wt, stun, type, size, group] of MELEE) {
      const s = itemFor("7-2", row!).system;
      expect(
        {
          attack: s.d20.attack,
          cost: s.cost,
          mass: s.mass,
          damage: s.d20.damage,
          double: s.d20.double,
          threat: s.d20.threat,
          rangeIncrement: s.d20.rangeIncrement,
          stunDC: s.d20.stunDC,
          damageType: s.d20.damageType,
          size: s.d20.size,
          group: s.d20.group,
        },
        row,
      ).toEqual({
        attack: "melee",
        cost: number(cost!),
        mass: number(wt!),
        damage: dice(dmg!),
        double: /double/i.test(`${row} ${dmg}`),
        threat: crit!.startsWith("19") ? 19 : 20,
        rangeIncrement: number(range!),
        stunDC: number(stun!),
        damageType: TYPE[type!],
        size: size === "—" ? "" : size!.toLowerCase(),
        group: GROUP[group!],
      });
    }
  });

  it("SW-12 SW-11 SW-08: every armour's row — DR, max Dex, check penalty, cost, weight, and its speeds are the speed table's for its category", () => {
    for (const [row, cls, cost, dr, maxDex, acp, speed10, speed6, wt] of ARMOUR) {
      const s = itemFor("7-3", row!).system;
      expect(
        { dr: s.d20.dr, maxDex: s.d20.maxDex, checkPenalty: s.d20.checkPenalty, cost: s.cost, mass: s.mass },
        row,
      ).toEqual({
        dr: number(dr!),
        maxDex: number(maxDex!),
        checkPenalty: number(acp!),
        cost: number(cost!),
        mass: number(wt!),
      });
      expect(s.d20.powered, row).toBe(cls === "Powered");
      if (cls !== "Powered") expect(s.d20.category, row).toBe(cls!.toLowerCase());
      const category = s.d20.category as "light";
      expect([SPEED_TABLE.medium?.[category], SPEED_TABLE.small?.[category]], row).toEqual([
        number(speed10!),
        number(speed6!),
      ]);
    }
  });

  it("no d20 item flags a number the tables give as missing, and every item passes the data model's checks", () => {
    const flagged = entries.flatMap((e) => e.system.missing.map((m) => `${e.name}: ${m}`));
    // The improvised thrown object's damage and size are the GM's (SW-16: whatever is thrown).
    expect(flagged).toEqual(["Improvised Thrown Object: d20.damage", "Improvised Thrown Object: d20.size"]);
    for (const e of entries) {
      const spec = e.type === "weapon" ? WEAPON_SPEC : DEFENSE_SPEC;
      expect(validateData(spec, e.system).issues, e.name).toEqual([]);
    }
  });

  it("SW-06: the blaster pistol's increment is 10 m — 9 m no penalty, 38 m −6, 100 m −20, 101 m out of range", () => {
    const pistol = d20("blaster-pistol");
    expect(pistol).toMatchObject({ attack: "ranged", rangeIncrement: 10, threat: 20, damage: "3d6" });
    const inc = pistol.rangeIncrement!;
    expect([9, 38, 100].map((m) => rangePenalty(m, inc).penalty)).toEqual([0, -6, -20]);
    expect(rangePenalty(101, inc).inRange).toBe(false);
  });

  it("SW-06 SW-38 SW-16: the frag grenade and an improvised thrown object are thrown with a 4 m increment, at most 5 (20 m)", () => {
    for (const file of ["grenade", "improvised-thrown-object"]) {
      expect(d20(file), file).toMatchObject({ attack: "thrown", rangeIncrement: 4 });
      expect(rangePenalty(20, 4, "thrown")).toMatchObject({ penalty: -10, inRange: true });
      expect(rangePenalty(21, 4, "thrown").inRange).toBe(false);
    }
    expect(d20("grenade")).toMatchObject({ grenade: true, damage: "4d6+1", burstRadius: 4, reflexDC: 15 });
    expect(d20("thermal-detonator")).toMatchObject({
      grenade: true,
      damage: "8d6+6",
      burstRadius: 8,
      reflexDC: 15,
    });
  });

  it("SW-18: the lightsaber threatens on 19–20: a natural 19 that hits threatens, one that misses does not", () => {
    const saber = d20("lightsaber");
    expect(saber).toMatchObject({ attack: "melee", threat: 19, damage: "2d8" });
    const check = { bonus: 0, target: 15, threat: saber.threat, naturals: true, missChance: 0 };
    expect(resolveD20(check, { d20: 19, confirm: 2 }).critical).toBe("threat");
    expect(resolveD20({ ...check, target: 25 }, { d20: 19 }).critical).toBe("none");
  });

  it("every row's item names its sources by key: RCR-OCR first, and any other key is one the row names (never the rejected TYR)", () => {
    for (const [tableNo, rows] of [
      ["7-2", RANGED],
      ["7-2", MELEE],
      ["7-3", ARMOUR],
    ] as const) {
      for (const cells of rows) {
        const row = cells[0]!;
        const source = itemFor(tableNo, row).system.source;
        const keys = source.slice(0, source.indexOf(`, RCR Table ${tableNo}: `)).split("; ");
        expect(keys[0], row).toBe("RCR-OCR");
        for (const key of keys.slice(1)) {
          expect(key, row).not.toBe("TYR");
          expect(cells.join(" | "), `${row}: ${key}`).toContain(key);
        }
      }
    }
  });

  it("SW-04 (issue 32, packs review 2.8): every d20 pack weapon whose book row gives shots per pack ships loaded — dragged onto a sheet, its shots are counted from the first one (the Star Frontiers weapons ship loaded too)", () => {
    const unloaded = entries
      .filter(
        (e) =>
          e.system.ammo &&
          e.system.ammo.capacity !== null &&
          e.system.ammo.remaining !== e.system.ammo.capacity,
      )
      .map((e) => `${e.name} ${e.system.ammo.remaining}/${e.system.ammo.capacity}`);
    expect(unloaded).toEqual([]);
    expect(entries.filter((e) => e.system.ammo && e.system.ammo.capacity !== null).length).toBe(16);
  });

  it("SW-38 (issue 32): each d20 grenade is one, counted as it is thrown (as the Star Frontiers frag grenade); no other weapon is", () => {
    const counted = entries
      .filter((e) => e.system.d20.grenade)
      .map((e) => `${e.name} ${e.system.ammo.unit} ${e.system.ammo.remaining}/${e.system.ammo.capacity}`);
    expect(counted).toEqual([
      "Frag Grenade rounds 1/1",
      "Stun Grenade rounds 1/1",
      "Thermal Detonator rounds 1/1",
    ]);
  });

  it('SW-11 (issue 32): the lightsabers, and only they, ignore armour\'s DR (§19.2: "ignores the DR of armour and objects")', () => {
    expect(entries.filter((e) => e.system.d20.ignoresDR).map((e) => e.name)).toEqual([
      "Double Lightsaber",
      "Lightsaber",
    ]);
  });

  it("issue 32: the weapons the tables give no damage dice (stun only, special, +2 unarmed) are marked so, and only they", () => {
    expect(entries.filter((e) => e.system.d20.noDamageDice).map((e) => e.name)).toEqual([
      "Combat Gloves",
      "Electro-net",
      "Net",
      "Stun Grenade",
    ]);
  });

  it("no d20 item's description opens with an empty paragraph", () => {
    expect(entries.filter((e) => e.system.description.startsWith("<p></p>")).map((e) => e.name)).toEqual([]);
  });

  it("SW-35 SW-36: the heavy repeating blaster fires multifire and autofire only", () => {
    expect(d20("heavy-repeating-blaster").fire).toEqual({ single: false, multi: true, auto: true });
  });
});
