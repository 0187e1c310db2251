/**
 * Pack check: every pack compiles with the foundryvtt-cli, reads back with extractPack, and every entry
 * validates against the data models' own schema descriptions and joint checks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { CHARACTER_SPEC, CREATURE_SPEC, SQUAD_SPEC } from "../src/data/actor/specs.js";
import { ITEM_SPECS, type ItemType } from "../src/data/item/specs.js";
import { type ModelSpec, validateData } from "../src/data/spec.js";
import { FIXTURE_ACTORS, PACK_ROOT, packEntry, ymlFiles } from "./pack-data.js";

interface Adventure {
  actors: Doc[];
  journal: (Doc & { pages: { name: string; text: { content: string } }[] })[];
  scenes: (Doc & {
    tokens: { name: string; actorId: string }[];
    walls: { flags: Record<string, unknown> }[];
  })[];
  folders: Doc[];
}

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
  Adventure: "adventures",
};
const ACTOR_SPECS: Record<string, ModelSpec> = {
  character: CHARACTER_SPEC,
  creature: CREATURE_SPEC,
  squad: SQUAD_SPEC,
};

const sources = (pack: string) =>
  ymlFiles(join(PACK_ROOT, pack)).map((f) => ({ file: f, doc: YAML.parse(readFileSync(f, "utf8")) as Doc }));
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
          if (pack.type === "Adventure") {
            // Issue 32: an Adventure holds its documents inline (the cli packs `!adventures!` entries whole).
            const adv = doc as unknown as Adventure;
            for (const a of adv.actors) {
              const spec = ACTOR_SPECS[a.type ?? ""];
              if (!spec) problems.push(`${name} > ${a.name}: unknown actor type ${a.type}`);
              else problems.push(...issuesOf(spec, a.system).map((i) => `${name} > ${a.name}: ${i}`));
              for (const it of a.items ?? [])
                problems.push(
                  ...issuesOf(ITEM_SPECS[it.type as ItemType], it.system).map(
                    (i) => `${name} > ${a.name} > ${it.name}: ${i}`,
                  ),
                );
            }
            const folderIds = new Set(adv.folders.map((f) => f._id));
            for (const d of [...adv.actors, ...adv.journal, ...adv.scenes])
              if (d.folder && !folderIds.has(d.folder))
                problems.push(`${name} > ${d.name}: folder not in the adventure`);
            const actorIds = new Set(adv.actors.map((a) => a._id));
            for (const sc of adv.scenes)
              for (const t of sc.tokens)
                if (!actorIds.has(t.actorId))
                  problems.push(`${name} > ${sc.name}: token ${t.name} has no actor`);
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
        const back = ymlFiles(out).map((f) => YAML.parse(readFileSync(f, "utf8")) as Doc);
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

/*
 * Issue 32: the quick-start adventures (packs/adventures, written by scripts/adventures.mjs). Their actors are the
 * actors pack's pregens, number for number and with the same ids (a squad finds its leader by id); the journal names
 * only controls whose labels exist; the walls carry the flags the system reads.
 */
describe("Quick-Start Adventures", () => {
  const adventures = () => sources("adventures").map((s) => s.doc as unknown as Adventure & { name: string });
  const strip = ({ _key, folder, ...rest }: Doc & Record<string, unknown>) => ({
    ...rest,
    items: (rest.items ?? []).map(({ _key: _k, ...item }) => item),
  });
  const packActors = new Map(
    sources("actors")
      .filter((s) => s.doc._key.startsWith("!actors!"))
      .map((s) => [s.doc._id, s.doc]),
  );

  it('one adventure per game, each with the page "Your first fight in five steps"', () => {
    expect(adventures().map((a) => a.name)).toEqual([
      "First Fight: Star Frontiers",
      "First Fight: Star Wars d20",
      "First Fight: Stars Without Number",
    ]);
    for (const a of adventures())
      expect(a.journal.flatMap((j) => j.pages.map((p) => p.name))).toEqual([
        "Your first fight in five steps",
      ]);
  });

  it("its actors are copies of the actors pack's, same ids and numbers (rerun scripts/adventures.mjs after a pregen changes)", () => {
    for (const a of adventures())
      for (const actor of a.actors) {
        const pack = packActors.get(actor._id);
        expect(pack, `${a.name} > ${actor.name} is not in the actors pack`).toBeDefined();
        expect(strip(actor as Doc & Record<string, unknown>), `${a.name} > ${actor.name}`).toEqual(
          strip(pack as Doc & Record<string, unknown>),
        );
      }
  });

  it("each scene has hard and soft cover, a low wall, a door and a window; the d20 games' an obscurement region", () => {
    for (const a of adventures()) {
      const scene = a.scenes[0]! as unknown as {
        walls: { door: number; sight: number; flags: Record<string, Record<string, unknown>> }[];
        regions: { behaviors: { type: string }[] }[];
      };
      const flags = scene.walls.map((w) => w.flags["frontier-tactics"] ?? {});
      expect(
        flags.some((f) => f.cover === "hard" && f.height === "low"),
        a.name,
      ).toBe(true);
      expect(
        flags.some((f) => f.cover === "soft"),
        a.name,
      ).toBe(true);
      expect(
        scene.walls.some((w) => w.door === 1),
        a.name,
      ).toBe(true);
      expect(
        scene.walls.some((w) => w.sight === 30),
        a.name,
      ).toBe(true);
      const obscure = scene.regions.flatMap((r) => r.behaviors).map((b) => b.type);
      expect(obscure, a.name).toEqual(
        a.name.includes("Star Frontiers") ? [] : ["frontier-tactics.obscurement"],
      );
    }
  });

  it("the controls its journal names in bold are labels of lang/en.json", () => {
    const labels = new Set<string>();
    const walk = (o: unknown): void => {
      if (typeof o === "string") labels.add(o);
      else if (o && typeof o === "object") for (const v of Object.values(o)) walk(v);
    };
    walk(JSON.parse(readFileSync(join(PACK_ROOT, "..", "lang", "en.json"), "utf8")));
    for (const a of adventures())
      for (const j of a.journal)
        for (const p of j.pages) {
          const named = [...p.text.content.matchAll(/<kbd>([^<]+)<\/kbd>/g)].map((m) => m[1]!);
          expect(named.length, a.name).toBeGreaterThan(2);
          expect(
            named.filter((n) => !labels.has(n)),
            `${a.name}: controls with no label`,
          ).toEqual([]);
        }
  });
});

describe("pregens' items name the compendium entry they copy (issue 32, ready review 1.1)", () => {
  it("every item of the actors pack and the adventures that copies an Item pack entry carries its _stats.compendiumSource (scripts/pregen-sources.mjs), so the GM's world weapon numbers reach it", async () => {
    const { itemSources, sourceOf } = await import("../scripts/pregen-sources.mjs");
    const sources = itemSources();
    const byUuid = new Map(sources.map((s: { uuid: string; doc: { name: string } }) => [s.uuid, s.doc.name]));
    const actorDir = join(PACK_ROOT, "actors");
    const advDir = join(PACK_ROOT, "adventures");
    type A = {
      name: string;
      items?: { name: string; type: string; _stats?: { compendiumSource?: string } }[];
    };
    const actors: A[] = [
      ...readdirSync(actorDir)
        .filter((f) => f.endsWith(".yml"))
        .map((f) => YAML.parse(readFileSync(join(actorDir, f), "utf8")) as A),
      ...readdirSync(advDir)
        .filter((f) => f.endsWith(".yml"))
        .flatMap((f) => (YAML.parse(readFileSync(join(advDir, f), "utf8")) as { actors: A[] }).actors),
    ];
    const wrong: string[] = [];
    let stamped = 0;
    for (const a of actors)
      for (const item of a.items ?? []) {
        const want = sourceOf(item, sources);
        if (item._stats?.compendiumSource !== (want ?? undefined)) wrong.push(`${a.name} > ${item.name}`);
        if (want) {
          stamped++;
          expect(byUuid.get(want), `${a.name} > ${item.name}`).toBe(item.name);
          // Review-final-ready 1.1: a copy lists as missing what its source does, so the GM's numbers fill it too.
          const source = sources.find((s: { uuid: string }) => s.uuid === want)?.doc as {
            system?: { missing?: string[] };
          };
          const missing = (x?: { missing?: string[] }) => [...(x?.missing ?? [])].sort();
          expect(
            missing((item as { system?: { missing?: string[] } }).system),
            `${a.name} > ${item.name}`,
          ).toEqual(missing(source?.system));
        }
      }
    expect(wrong).toEqual([]);
    expect(stamped).toBeGreaterThan(60);
    const medic = actors.find((a) => a.name === "Sample Vrusk Medic");
    expect(medic?.items?.find((i) => i.name === "Needler Pistol")?._stats?.compendiumSource).toBe(
      "Compendium.frontier-tactics.weapons.Item.ez1Du4W37P3oH5NC",
    );
  });
});

describe("the install description (issue 32, ready review 2.8)", () => {
  it("system.json's description, which Foundry shows in the system browser and on world creation, names every game", () => {
    const { description } = JSON.parse(
      readFileSync(join(import.meta.dirname, "..", "system.json"), "utf8"),
    ) as {
      description: string;
    };
    for (const game of ["Star Frontiers", "Zebulon's Guide", "Star Wars d20", "Stars Without Number"])
      expect(description, game).toContain(game);
  });
});

describe("the Star Frontiers pregens ship ready (issue 32, ready review 2.4)", () => {
  it("every suit and screen a Star Frontiers pregen wears ships switched on, and a screen is linked to its wearer's power pack", () => {
    type I = {
      _id: string;
      type: string;
      name: string;
      system: { active?: boolean; powerSource?: string; slot?: string };
    };
    for (const file of [
      "sample-human-trooper",
      "sample-vrusk-medic",
      "sample-yazirian-sniper",
      "sample-dralasite-brawler",
    ]) {
      const items = (packEntry("actors", file) as unknown as { items: I[] }).items;
      for (const d of items.filter((i) => i.type === "defense")) {
        expect(d.system.active, `${file} > ${d.name}`).toBe(true);
        if (d.system.slot === "screen")
          expect(items.find((i) => i._id === d.system.powerSource)?.type, `${file} > ${d.name}`).toBe(
            "powerSource",
          );
      }
    }
  });
});
