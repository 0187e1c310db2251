/**
 * Pack check: every pack compiles with the foundryvtt-cli, reads back with extractPack, and every entry
 * validates against the data models' own schema descriptions and joint checks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { CHARACTER_SPEC, CREATURE_SPEC, SQUAD_SPEC } from "../src/data/actor/specs.js";
import { ITEM_SPECS, type ItemType } from "../src/data/item/specs.js";
import { type ModelSpec, validateData } from "../src/data/spec.js";
import { FIXTURE_ACTORS, PACK_ROOT, packEntry } from "./pack-data.js";

interface Doc {
  _id: string;
  _key: string;
  name: string;
  type?: string;
  folder?: string | null;
  system?: unknown;
  items?: Doc[];
  pages?: (Doc & { text: { content: string } })[];
  results?: (Doc & { range: [number, number] })[];
  formula?: string;
}

const manifest = JSON.parse(readFileSync(join(PACK_ROOT, "..", "system.json"), "utf8")) as {
  packs: { name: string; type: string }[];
};
const COLLECTION: Record<string, string> = {
  Item: "items",
  Actor: "actors",
  JournalEntry: "journal",
  RollTable: "tables",
};
const ACTOR_SPECS: Record<string, ModelSpec> = {
  character: CHARACTER_SPEC,
  creature: CREATURE_SPEC,
  squad: SQUAD_SPEC,
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : n.endsWith(".yml") ? [p] : [];
  });
}
const sources = (pack: string) =>
  files(join(PACK_ROOT, pack)).map((f) => ({ file: f, doc: YAML.parse(readFileSync(f, "utf8")) as Doc }));
/**
 * The validator's issues, and every stored number Foundry would change when it cleans the document (v13's NumberField
 * rounds and clamps silently: common/data/fields.mjs NumberField#_cleanType): a pack must hold what Foundry stores.
 */
const issuesOf = (spec: ModelSpec, system: unknown) => {
  const { value, issues } = validateData(spec, system);
  const out = issues.map((i) => `${i.path} ${i.message}`);
  const walk = (stored: unknown, cleaned: unknown, path: string): void => {
    if (typeof stored === "number") {
      if (stored !== cleaned) out.push(`${path} ${stored} would be stored as ${String(cleaned)}`);
    } else if (stored && typeof stored === "object" && cleaned && typeof cleaned === "object")
      for (const [k, v] of Object.entries(stored))
        walk(v, (cleaned as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
  };
  walk(system, value, "");
  return out;
};

const tmp = mkdtempSync(join(tmpdir(), "ft-packs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("Compendium packs", () => {
  const allIds = new Map<string, string>();

  for (const pack of manifest.packs) {
    describe(pack.name, () => {
      const entries = sources(pack.name);
      const docs = entries.filter((e) => !e.doc._key.startsWith("!folders"));
      const folders = new Set(entries.filter((e) => e.doc._key.startsWith("!folders")).map((e) => e.doc._id));

      it("has entries with stable 16-character ids and keys that match", () => {
        expect(docs.length).toBeGreaterThan(0);
        for (const { file, doc } of entries) {
          expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
          const collection = doc._key.startsWith("!folders") ? "folders" : COLLECTION[pack.type];
          expect(doc._key, file).toBe(`!${collection}!${doc._id}`);
          expect(allIds.has(doc._id), `${file} reuses ${doc._id} from ${allIds.get(doc._id)}`).toBe(false);
          allIds.set(doc._id, file);
          if (doc.folder)
            expect(folders.has(doc.folder), `${file} names a folder that is not in the pack`).toBe(true);
        }
      });

      it("validates every entry against the data models", () => {
        const problems: string[] = [];
        for (const { file, doc } of docs) {
          const name = file.slice(PACK_ROOT.length + 1);
          if (pack.type === "Item") {
            const spec = ITEM_SPECS[doc.type as ItemType];
            if (!spec) problems.push(`${name}: unknown item type ${doc.type}`);
            else problems.push(...issuesOf(spec, doc.system).map((i) => `${name}: ${i}`));
          }
          if (pack.type === "Actor") {
            const spec = ACTOR_SPECS[doc.type ?? ""];
            if (!spec) problems.push(`${name}: unknown actor type ${doc.type}`);
            else problems.push(...issuesOf(spec, doc.system).map((i) => `${name}: ${i}`));
            for (const it of doc.items ?? []) {
              expect(it._key, name).toBe(`!actors.items!${doc._id}.${it._id}`);
              problems.push(
                ...issuesOf(ITEM_SPECS[it.type as ItemType], it.system).map(
                  (i) => `${name} > ${it.name}: ${i}`,
                ),
              );
            }
          }
          if (pack.type === "JournalEntry") {
            expect(doc.pages?.length, name).toBeGreaterThan(0);
            for (const p of doc.pages ?? []) {
              expect(p._key, name).toBe(`!journal.pages!${doc._id}.${p._id}`);
              expect(p.text.content.length, `${name} > ${p.name}`).toBeGreaterThan(50);
            }
          }
          if (pack.type === "RollTable") {
            const [, max] = /^1d(\d+)$/.exec(doc.formula ?? "") ?? [];
            const ranges = (doc.results ?? []).map((r) => r.range).sort((a, b) => a[0] - b[0]);
            expect(ranges[0]?.[0], name).toBe(1);
            for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0], name).toBe(ranges[i - 1]![1] + 1);
            expect(ranges.at(-1)?.[1], name).toBe(Number(max));
          }
        }
        expect(problems).toEqual([]);
      });

      it("compiles to LevelDB and reads back the same entries", async () => {
        const db = join(tmp, "db", pack.name);
        const out = join(tmp, "out", pack.name);
        await compilePack(join(PACK_ROOT, pack.name), db, { yaml: true, recursive: true });
        await extractPack(db, out, { yaml: true, clean: true });
        const back = files(out).map((f) => YAML.parse(readFileSync(f, "utf8")) as Doc);
        expect(back.map((d) => d._id).sort()).toEqual(entries.map((e) => e.doc._id).sort());
        const byId = new Map(back.map((d) => [d._id, d]));
        for (const { doc } of docs) expect(byId.get(doc._id)?.name).toBe(doc.name);
      });
    });
  }

  it("keeps the ids other documents may link to (stable across builds)", () => {
    expect(packEntry("weapons", "laser-pistol")._id).toBe("EumXKznzgYm16qIz");
    expect(packEntry("weapons", "gyrojet-pistol-basic-game").name).toBe("Gyrojet Pistol (Basic Game)");
  });
});

describe("Weapon numbers the rules tests rely on", () => {
  it("SF-B-16 Basic gyrojet pistol: 2d10, no PB band, S 1, M 2–10, L 11–20, E 21–30 squares, 10 shots", () => {
    const s = packEntry<{
      damage: { formula: string };
      ranges: object;
      rangeUnit: string;
      ammo: { capacity: number };
    }>("weapons", "gyrojet-pistol-basic-game").system;
    expect(s.damage.formula).toBe("2d10");
    expect(s.ranges).toEqual({ pb: null, s: 1, m: 10, l: 20, e: 30 });
    expect(s.rangeUnit).toBe("squares");
    expect(s.ammo.capacity).toBe(10);
  });

  it("SF-X-14 SF-X-36 laser pistol: 5/20/50/100/200 m, 1d10 per SEU set 1–10, ROF 2, 20-SEU clip", () => {
    const s = packEntry<{
      ranges: object;
      rof: number;
      damage: { perSeu: object };
      ammo: { capacity: number; unit: string };
    }>("weapons", "laser-pistol").system;
    expect(s.ranges).toEqual({ pb: 5, s: 20, m: 50, l: 100, e: 200 });
    expect(s.rof).toBe(2);
    expect(s.damage.perSeu).toEqual({ enabled: true, faces: 10, min: 1, max: 10 });
    expect(s.ammo).toMatchObject({ unit: "seu", capacity: 20 });
  });

  it("SF-X-24 automatic rifle: 1d10 single, ROF 3, burst of 10 rounds at 5d10; SF-X-43 frag grenade 8d10 in 3 m", () => {
    const rifle = packEntry<{ damage: { formula: string }; rof: number; burst: object }>(
      "weapons",
      "automatic-rifle",
    ).system;
    expect(rifle).toMatchObject({
      damage: { formula: "1d10" },
      rof: 3,
      burst: { capable: true, rounds: 10, baseDice: 5, bonusNeedsMount: false },
    });
    const frag = packEntry<{ damage: { formula: string }; blastRadius: number; structural: object }>(
      "grenades",
      "fragmentation-grenade",
    ).system;
    expect(frag).toMatchObject({
      damage: { formula: "8d10" },
      blastRadius: 3,
      structural: { per: "shot", amount: 15, placedAmount: 30 },
    });
  });

  it("SF-X-42 the test creature (a test fixture, not in the shipped pack: issue 32) has Stamina 120", () => {
    expect(readdirSync(join(PACK_ROOT, "actors")).filter((f) => /test|creature/i.test(f))).toEqual([]);
    const names = sources("actors").map((s) => s.doc.name);
    expect(names.filter((n) => /test|grazer|beast|pest/i.test(n))).toEqual([]);
    const grazer = packEntry<{ stamina: object }>(FIXTURE_ACTORS, "test-creature-large-grazer-stamina-120");
    expect(grazer.system.stamina).toEqual({ value: 120, max: 120 });
  });

  /*
   * Issue 32: every shipped actor says how its token is placed. v13's BaseToken defaults (common/documents/token.mjs:
   * `actorLink: new fields.BooleanField()` → false; `disposition` initial CONST.TOKEN_DISPOSITIONS.HOSTILE) would make
   * every imported hero a hostile, unlinked token — on the foes' side for SW-19, SW-25, SW-26 and SWN-17. Heroes (and a
   * squad of their side) are linked and friendly, foes unlinked and hostile, as the Star Frontiers samples.
   */
  it("every actor in the actors pack ships a prototype token with an explicit link and disposition: heroes linked and friendly, foes unlinked and hostile", () => {
    const actors = sources("actors").filter((s) =>
      String((s.doc as { _key?: string })._key).startsWith("!actors!"),
    );
    const tokens = actors.map((s) => {
      const doc = s.doc as { name: string; prototypeToken?: { actorLink?: boolean; disposition?: number } };
      const p = doc.prototypeToken;
      return `${doc.name}: ${p?.actorLink === undefined ? "link?" : p.actorLink ? "linked" : "unlinked"} ${p?.disposition ?? "disposition?"}`;
    });
    expect(tokens.sort()).toEqual(
      [
        "Dace Marrow (Scoundrel): linked 1",
        "Eusyl (rules example): linked 1",
        "Ilan Sorr (Jedi Guardian): linked 1",
        "Juno Ash (SWN Expert): linked 1",
        "Kestra Vol (Soldier): linked 1",
        "Raider Boss (SWN NPC): unlinked -1",
        "Raiders (SWN squad): linked -1",
        "Rena Okoye (SWN Warrior): linked 1",
        "Sample Dralasite Brawler: linked 1",
        "Sample Human Trooper: linked 1",
        "Sample Vrusk Medic: linked 1",
        "Sample Yazirian Sniper: linked 1",
        "Stormtrooper: unlinked -1",
        "Thug: unlinked -1",
        "Veteran Fighters (SWN squad): linked 1",
      ].sort(),
    );
  });
});
