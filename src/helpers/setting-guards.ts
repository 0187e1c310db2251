/**
 * The GM's tables are stored as JSON world settings that any GM macro can write (`game.settings.set`). A value
 * the rules would refuse is refused before it is written: the `preCreateSetting` / `preUpdateSetting` hooks (a
 * world setting is a Setting document, client/helpers/client-settings.mjs) return false, so nothing reaches the
 * server, and the GM is told which entry is wrong. What is already stored is still read defensively
 * (`currentEngine`, `currentZebulonTable` fall back to the defaults), so an old bad value cannot break the tables.
 */
import { SYSTEM_ID } from "../constants.js";
import { mergeTable, validateResolutionTable } from "../rules/index.js";
import { report } from "./report.js";
import { SETTINGS } from "./settings.js";

const CHECKS: Readonly<Record<string, (value: unknown) => unknown>> = {
  [`${SYSTEM_ID}.${SETTINGS.alphaDawnOverrides}`]: mergeTable,
  [`${SYSTEM_ID}.${SETTINGS.zebulonTable}`]: validateResolutionTable,
};

/** Is this write of a Setting document acceptable? Reports the refusal to the user who tried it. */
export function checkSettingWrite(key: unknown, changes: { value?: unknown }): boolean {
  const check = typeof key === "string" ? CHECKS[key] : undefined;
  if (!check || !("value" in changes)) return true;
  let value: unknown = changes.value;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      // Not JSON: the check itself refuses a string.
    }
  }
  try {
    check(value);
    return true;
  } catch (e) {
    report(e);
    return false;
  }
}

export function registerSettingGuards(): void {
  Hooks.on("preCreateSetting", (doc, data) => checkSettingWrite(data.key ?? doc.key, data));
  Hooks.on("preUpdateSetting", (doc, changes) => checkSettingWrite(doc.key, changes));
}
