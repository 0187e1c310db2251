/**
 * Compendium packs: YAML sources under packs/<name>/ (one file per entry), compiled to LevelDB with the
 * foundryvtt-cli. Shared by the build, the pack check and `npm run packs:extract`.
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative } from "node:path";
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import YAML from "yaml";

export const ROOT = new URL("..", import.meta.url).pathname;
export const manifest = () => JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8"));

/** Collection name in a LevelDB key for each pack document type. */
export const COLLECTIONS = { Item: "items", Actor: "actors", JournalEntry: "journal", RollTable: "tables" };

export function packs() {
  return manifest().packs.map((p) => ({
    name: p.name,
    type: p.type,
    label: p.label,
    src: join(ROOT, "packs", p.name),
  }));
}

function walk(dir) {
  const out = [];
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names.sort()) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (n.endsWith(".yml") || n.endsWith(".yaml")) out.push(p);
  }
  return out;
}

/** Every source entry of a pack: { file, doc }. */
export function readSources(pack) {
  return walk(pack.src).map((file) => ({
    file: relative(ROOT, file),
    doc: YAML.parse(readFileSync(file, "utf8")),
  }));
}

/**
 * Volatile fields a world edit adds, stripped on extract. A pregen item's `_stats.compendiumSource` is kept: it names
 * the pack entry the item copies (scripts/pregen-sources.mjs), which the GM's world weapon numbers are keyed by.
 */
export function cleanEntry(doc) {
  const compendiumSource = doc._stats?.compendiumSource;
  delete doc._stats;
  if (compendiumSource) doc._stats = { compendiumSource };
  delete doc.ownership;
  if (doc.flags && Object.keys(doc.flags).length === 0) delete doc.flags;
  for (const key of ["items", "pages", "results", "effects"]) {
    for (const child of doc[key] ?? []) cleanEntry(child);
  }
  return doc;
}

/**
 * A pack's LevelDB is held open by another process (a running Foundry with a world that uses the system). Its
 * message is the one line the build prints, without a stack trace.
 */
export class PackLockedError extends Error {
  constructor(dest) {
    const rel = relative(ROOT, dest);
    const shown = rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : dest;
    super(`Close Foundry (or the world) first: it holds ${shown} open.`);
    this.name = "PackLockedError";
    this.dest = dest;
  }
}

/** The LevelDB binding the foundryvtt-cli itself loads (its dependency, not ours). */
const cliRequire = createRequire(createRequire(import.meta.url).resolve("@foundryvtt/foundryvtt-cli"));
const { ClassicLevel } = cliRequire("classic-level");

/**
 * Throws PackLockedError when another process holds the pack's LevelDB lock. The cli opens its database lazily and
 * reports a lock only as "Iterator is not open" with no cause, so the lock is tried here first.
 */
export async function assertPackFree(dest) {
  mkdirSync(dest, { recursive: true });
  const db = new ClassicLevel(dest);
  try {
    await db.open();
  } catch (err) {
    if (err?.code === "LEVEL_LOCKED" || err?.cause?.code === "LEVEL_LOCKED") throw new PackLockedError(dest);
    throw err;
  }
  await db.close();
}

/** One pack's YAML into LevelDB at dest; a pack held open by Foundry is a PackLockedError. */
export async function compileOne(pack, dest) {
  await assertPackFree(dest);
  try {
    await compilePack(pack.src, dest, { yaml: true, recursive: true });
  } catch (err) {
    // Locked between the check and the compile: the cli's error names no lock, only a closed database.
    if (/^LEVEL_(LOCKED|DATABASE_NOT_OPEN|ITERATOR_NOT_OPEN)$/.test(err?.code ?? ""))
      throw new PackLockedError(dest);
    throw err;
  }
}

export async function compileAll(destRoot) {
  const results = [];
  for (const pack of packs()) {
    const dest = join(destRoot, pack.name);
    await compileOne(pack, dest);
    results.push({ name: pack.name, dest, count: readSources(pack).length });
  }
  return results;
}

export async function extractAll(srcRoot) {
  for (const pack of packs()) {
    await extractPack(join(srcRoot, pack.name), pack.src, {
      yaml: true,
      clean: true,
      folders: true,
      omitVolatile: true,
      transformEntry: (doc) => void cleanEntry(doc),
    });
  }
}
