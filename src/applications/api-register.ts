/**
 * Issue 33: `game.system.api` (applications/api.ts) as the main module carries it: one stand-in per function that
 * loads the API when a macro first calls it, so only the names are here.
 */
import type { FrontierApi } from "./api.js";

const NAMES = [
  "rules",
  "attack",
  "check",
  "skillCheck",
  "apply",
  "undo",
  "openRule",
  "rollItemMacro",
  "rollCheckMacro",
] as const satisfies readonly (keyof FrontierApi)[];

/** Set `game.system.api` (call at `init`: v13 builds `game.system` with the Game, before any hook). */
export function registerApi(): void {
  const api = Object.fromEntries(
    NAMES.map((name) => [
      name,
      async (...args: unknown[]) => {
        const fn: (...a: never[]) => unknown = (await import("./api.js")).FRONTIER_API[name];
        // Cast: each stand-in passes its caller's arguments on unchanged to the function of the same name.
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  );
  if (game.system) Object.assign(game.system, { api });
}
