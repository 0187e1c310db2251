/**
 * Stamps each pregenerated actor's item with the compendium entry it is a copy of (issue 32): the item's
 * `_stats.compendiumSource` is that entry's UUID (`Compendium.frontier-tactics.<pack>.Item.<id>`), as v13 stamps a
 * document dropped from a compendium (client/documents/abstract/client-document.mjs `fromDropData`;
 * `WorldCollection#fromCompendium` keeps embedded items' `_stats` when a GM imports the actor). The world
 * weapon-table editor keys the GM's numbers by it (src/data/item/gm-numbers.ts `gmNumbersKey`), so a number the GM
 * enters for a weapon reaches the pregens that carry it. An item is a copy of the Item pack entry
 * `sourceOf` finds. `node scripts/pregen-sources.mjs` rewrites packs/actors/*.yml; scripts/adventures.mjs stamps the
 * actors it copies the same way; tests/packs.test.ts fails while a copy lacks its source.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import YAML from "yaml";
import { packs, ROOT, readSources } from "./packs.mjs";

const SYSTEM_ID = "frontier-tactics";

/** Every entry of every Item pack: { doc, uuid }. */
export function itemSources() {
  return packs()
    .filter((p) => p.type === "Item")
    .flatMap((pack) =>
      readSources(pack).map(({ doc }) => ({
        doc,
        uuid: `Compendium.${SYSTEM_ID}.${pack.name}.Item.${doc._id}`,
      })),
    );
}

/**
 * The entry an item is a copy of: the one item of its type whose source line is the item's (the d20 pack names its
 * rows so, and a Star Frontiers "Bow" is not a d20 "Bow"), else the one of its type and name; none when not one.
 */
export function sourceOf(item, sources = itemSources()) {
  const ofType = sources.filter((s) => s.doc.type === item.type);
  const src = item.system?.source;
  const bySource = src ? ofType.filter((s) => s.doc.system?.source === src) : [];
  if (bySource.length === 1) return bySource[0].uuid;
  const byName = (bySource.length ? bySource : ofType).filter((s) => s.doc.name === item.name);
  return byName.length === 1 ? byName[0].uuid : null;
}

/** The actor with each copied item's `_stats.compendiumSource` set (in place; returns it). */
export function stampSources(actor, sources = itemSources()) {
  for (const item of actor.items ?? []) {
    const uuid = sourceOf(item, sources);
    if (uuid) item._stats = { ...(item._stats ?? {}), compendiumSource: uuid };
  }
  return actor;
}

/**
 * The file's text with each stamped item's `_stats` written after its `_id` line: a line inserted, not the file
 * serialised again (the pack files keep the foundryvtt-cli's layout). Checked: the text parses to the stamped actor.
 */
export function stampText(text, sources = itemSources()) {
  const doc = YAML.parse(text);
  const lines = text.split("\n");
  for (const item of doc.items ?? []) {
    const uuid = sourceOf(item, sources);
    if (!uuid || item._stats?.compendiumSource === uuid) continue;
    if (item._stats) throw new Error(`${doc.name} > ${item.name}: _stats already set`);
    // The item's "- _id:" line, at whatever indentation the file's sequences use.
    const at = lines.findIndex((l) => l.trimStart() === `- _id: ${item._id}`);
    if (at < 0) throw new Error(`${doc.name} > ${item.name}: no "- _id: ${item._id}" line`);
    const pad = " ".repeat(lines[at].indexOf("-") + 2);
    lines.splice(at + 1, 0, `${pad}_stats:`, `${pad}  compendiumSource: ${uuid}`);
  }
  const out = lines.join("\n");
  if (!isDeepStrictEqual(YAML.parse(out), stampSources(doc, sources)))
    throw new Error(`${doc.name}: the stamped text does not parse to the stamped actor`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sources = itemSources();
  const actors = packs().find((p) => p.name === "actors");
  let n = 0;
  for (const { file } of readSources(actors)) {
    const path = join(ROOT, file);
    const text = readFileSync(path, "utf8");
    const out = stampText(text, sources);
    if (out === text) continue;
    writeFileSync(path, out);
    n++;
  }
  console.log(`Stamped item sources in ${n} actors`);
}
