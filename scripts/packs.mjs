/**
 * Compendium packs: YAML sources under packs/<name>/ (one file per entry), compiled to LevelDB with the
 * foundryvtt-cli. Shared by the build, the pack check and `npm run packs:extract`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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

/** Volatile fields a world edit adds, stripped on extract. */
export function cleanEntry(doc) {
  delete doc._stats;
  delete doc.ownership;
  if (doc.flags && Object.keys(doc.flags).length === 0) delete doc.flags;
  for (const key of ["items", "pages", "results", "effects"]) {
    for (const child of doc[key] ?? []) cleanEntry(child);
  }
  return doc;
}

export async function compileAll(destRoot) {
  const results = [];
  for (const pack of packs()) {
    const dest = join(destRoot, pack.name);
    await compilePack(pack.src, dest, { yaml: true, recursive: true });
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
