/**
 * `npm run link`: symlink dist/ into a Foundry data folder as systems/frontier-tactics.
 * The data folder comes from FOUNDRY_DATA, or from a git-ignored foundry.config.json: { "dataPath": "…" }.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./packs.mjs";

let dataPath = process.env.FOUNDRY_DATA;
const cfg = join(ROOT, "foundry.config.json");
if (!dataPath && existsSync(cfg)) dataPath = JSON.parse(readFileSync(cfg, "utf8")).dataPath;
if (!dataPath) {
  console.error(
    'Set FOUNDRY_DATA or write foundry.config.json with { "dataPath": "/path/to/FoundryVTT/Data" }.',
  );
  process.exit(1);
}
const systems = join(dataPath, "systems");
mkdirSync(systems, { recursive: true });
const target = join(systems, "frontier-tactics");
if (existsSync(target) || lstatSync(target, { throwIfNoEntry: false })) {
  if (!lstatSync(target).isSymbolicLink()) {
    console.error(`${target} exists and is not a link; remove it first.`);
    process.exit(1);
  }
  rmSync(target);
}
symlinkSync(join(ROOT, "dist"), target, "dir");
console.log(`Linked ${target} → dist/`);
