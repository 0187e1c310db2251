/**
 * `npm run packs:extract`: turn compendia edited in a world (dist/packs, Foundry closed) back into clean YAML
 * under packs/, with volatile fields (_stats, ownership) stripped. Review the diff before committing.
 */
import { join } from "node:path";
import { extractAll, ROOT } from "./packs.mjs";

const src = process.argv[2] ?? join(ROOT, "dist", "packs");
await extractAll(src);
console.log(`Extracted ${src} → packs/ (check git diff)`);
