/**
 * The GM's tables are stored as JSON world settings that any GM macro can write (`game.settings.set`). A value
 * the rules would refuse is refused before it is written: the `preCreateSetting` / `preUpdateSetting` hooks (a
 * world setting is a Setting document, client/helpers/client-settings.mjs) return false, so nothing reaches the
 * server, and the GM is told which entry is wrong. What is already stored is still read defensively
 * (`currentEngine`, `currentZebulonTable` fall back to the defaults), so an old bad value cannot break the tables.
 */
import { SYSTEM_ID } from "../constants.js";
import { mergeTable, validateResolutionTable } from "../rules/index.js";
import { notify, report } from "./report.js";
import { SETTINGS, type StoredObject } from "./settings.js";

const CHECKS: Readonly<Record<string, (value: unknown) => unknown>> = {
  [`${SYSTEM_ID}.${SETTINGS.alphaDawnOverrides}`]: mergeTable,
  [`${SYSTEM_ID}.${SETTINGS.zebulonTable}`]: validateResolutionTable,
};

/** Review-trust 2.5 (fixa): the world weapon numbers, which only a GM writes. */
const NUMBERS = `${SYSTEM_ID}.${SETTINGS.weaponNumbers}`;

/** Is this write of a Setting document acceptable? Reports the refusal to the user who tried it. */
export function checkSettingWrite(key: unknown, changes: { value?: unknown }): boolean {
  if (key === NUMBERS && !game.user?.isGM) {
    notify("warn", "FT.WeaponTables.gmOnly");
    return false;
  }
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

/** The weapon numbers a GM last wrote, as this page saw them: what the active GM puts back over anyone else's. */
let accepted: StoredObject = {};
const isStored = (v: unknown): v is StoredObject => typeof v === "object" && v !== null && !Array.isArray(v);
const parsed = (v: unknown): StoredObject => {
  let value = v;
  if (typeof v === "string") {
    try {
      value = JSON.parse(v);
    } catch {
      value = {};
    }
  }
  return isStored(value) ? value : {};
};

/**
 * Review-trust 2.5: the refusal above runs on the writer's own page, which a script can skip; the server lets any
 * user with SETTINGS_MODIFY write (Assistant and up by default, and whoever the GM grants it: v13
 * `CONST.USER_PERMISSIONS.SETTINGS_MODIFY`). So the active GM's page puts back what a non-GM (v13 `User#isGM`: the
 * Assistant and the GM) wrote, as the referee puts back other documents (gm-request.ts), and tells the GM who.
 */
function watchNumbers(doc: { key?: string; value?: unknown }, userId: string): void {
  if (doc.key !== NUMBERS) return;
  const writer = game.users?.get(userId);
  if (writer?.isGM) {
    accepted = parsed(doc.value);
    return;
  }
  if (!game.users?.activeGM?.isSelf) return;
  notify("warn", "FT.WeaponTables.putBack", { user: writer?.name ?? "?" });
  void game.settings?.set(SYSTEM_ID, SETTINGS.weaponNumbers, accepted).catch(report);
}

export function registerSettingGuards(): void {
  Hooks.on("preCreateSetting", (doc, data) => checkSettingWrite(data.key ?? doc.key, data));
  Hooks.on("preUpdateSetting", (doc, changes) => checkSettingWrite(doc.key, changes));
  Hooks.on("createSetting", (doc, _options, userId) => watchNumbers(doc, userId));
  Hooks.on("updateSetting", (doc, _changes, _options, userId) => watchNumbers(doc, userId));
  Hooks.once("ready", () => {
    accepted = parsed(game.settings?.get(SYSTEM_ID, SETTINGS.weaponNumbers));
  });
}
