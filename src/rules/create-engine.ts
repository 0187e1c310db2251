/**
 * The engine a world uses (Alpha Dawn, Zebulon's Guide or d20), in a module of its own: `helpers/settings.ts`
 * `currentEngine` imports it when the page first builds the world's engine (issue 33), so every engine's code is a
 * lazy chunk rather than part of the module every page loads.
 */
import { createAlphaDawnEngine } from "./alpha-dawn/engine.js";
import type { AlphaDawnTable } from "./alpha-dawn/tables.js";
import type { EngineId, ResolutionEngine } from "./core/engine.js";
import { createD20Engine } from "./d20/engine.js";
import type { SwnProfileId } from "./swn/profile.js";
import { createZebulonEngine } from "./zebulon/engine.js";
import type { ResolutionTable } from "./zebulon/table.js";

/** The engine a world uses (Alpha Dawn, Zebulon's Guide or d20). */
export function createEngine(
  id: EngineId,
  tables: { alphaDawn?: AlphaDawnTable; zebulon?: ResolutionTable } = {},
  /** The d20 engine's profile (ruling 1): `sw` unless the world chose the SWN additions. */
  profile: SwnProfileId = "sw",
): ResolutionEngine {
  switch (id) {
    case "alphaDawn":
      return createAlphaDawnEngine(tables.alphaDawn);
    case "zebulon":
      return createZebulonEngine(tables.zebulon, tables.alphaDawn);
    case "d20":
      return createD20Engine({ profile });
    default:
      throw new Error(`The ${id} engine is not available in this version`);
  }
}
