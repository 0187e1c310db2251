/** Reads compendium YAML sources for tests: the packs are the one source of truth for item numbers. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { type WeaponSystem, weaponFacts } from "../src/data/item/facts.js";
import type { WeaponFacts } from "../src/rules/index.js";

export const PACK_ROOT = join(import.meta.dirname, "..", "packs");
/**
 * Test-only actors (issue 32: no test creature in a shipped pack): tests/fixtures/actors/<file>.yml, in the packs'
 * format, read with `packEntry(FIXTURE_ACTORS, file)`.
 */
export const FIXTURE_ACTORS = "../tests/fixtures/actors";

/** Every `.yml` file under `dir` (a pack folder, the packs' root or an extracted pack), sub-folders included. */
export function ymlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? ymlFiles(p) : n.endsWith(".yml") ? [p] : [];
  });
}

export function packEntry<T = Record<string, unknown>>(
  pack: string,
  file: string,
): { _id: string; name: string; type: string; system: T } {
  const path = join(PACK_ROOT, pack, `${file}.yml`);
  let entry = parsed.get(path);
  if (entry === undefined) {
    entry = YAML.parse(readFileSync(path, "utf8"));
    parsed.set(path, entry);
  }
  // A copy each time: the caller may change it, and the file is parsed once per worker.
  return structuredClone(entry) as { _id: string; name: string; type: string; system: T };
}
const parsed = new Map<string, unknown>();

export function packWeapon(pack: string, file: string): WeaponFacts {
  const e = packEntry<WeaponSystem>(pack, file);
  return weaponFacts(e.name, e.system);
}
