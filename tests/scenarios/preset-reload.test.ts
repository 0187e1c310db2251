/**
 * Scenario: the GM chooses a rule preset in the real preset menu (`PresetMenu`, rendered in the GM's own DOM) on a
 * table with players logged in. The system registers its settings through the harness's `game.settings` (v13
 * `ClientSettings`: the registry `game.settings.settings`, keyed "namespace.key", with `requiresReload`). A direct
 * `game.settings.set` never prompts in v13, so a preset that changes a `requiresReload` setting (the engine) must
 * call `SettingsConfig.reloadConfirm({world: true})` itself; a preset that changes none must not.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  answerDialog,
  change,
  click,
  openDialogs,
  resetAppRecords,
  SettingsConfig,
  settle as settleApps,
} from "../foundry/apps.js";
import { type Client, createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, everyone, G, GM_ID, onEveryClient } from "./kit.js";

let table: Table;
beforeEach(() => resetAppRecords());
closeTableAfterEach(() => table);

/** The GM opens the preset menu, picks `preset` and presses Save; the table settles. */
async function gmChooses(gm: Client, preset: string): Promise<void> {
  await gm.run(async () => {
    const { PresetMenu } = await import("../../src/applications/settings-menus.js");
    const menu = new PresetMenu();
    await menu.render({ force: true });
    change(menu.element.querySelector<HTMLInputElement>(`input[name="preset"][value="${preset}"]`)!, true);
    click(menu.element.querySelector('button[type="submit"]')!);
    await settleApps();
  });
  await table.settle();
}

const setting = (key: string) => onEveryClient(table, () => G().game.settings.get("frontier-tactics", key));

describe("scenario: choosing a rule preset", () => {
  it("SF-Z-01 switching to Zebulon's Guide changes the engine: the GM is asked, once, to reload every client", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    // The engine is the one setting registered with requiresReload, in the registry core keeps.
    expect(gm.run(() => G().game.settings.settings.get("frontier-tactics.engine").requiresReload)).toBe(true);
    expect(setting("engine")).toEqual(everyone(table, "alphaDawn"));
    await gmChooses(gm, "sfZebulon");
    expect(setting("engine")).toEqual(everyone(table, "zebulon"));
    expect(SettingsConfig.reloadConfirmCalls).toEqual([{ world: true }]);
    // The GM agrees: with SETTINGS_MODIFY, the reload is the world's.
    gm.run(() => answerDialog("yes", "reload-world-confirm"));
    await gm.run(() => settleApps());
    expect(SettingsConfig.reloads).toEqual([{ world: true }]);
    expect(table.client(ALICE_ID).run(() => openDialogs())).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });

  it("SF-B-14 switching between the two Alpha Dawn presets keeps the engine: no reload prompt", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID] });
    const gm = table.client(GM_ID);
    await gmChooses(gm, "sfBasic");
    expect(setting("variant")).toEqual(everyone(table, "basic"));
    expect(setting("engine")).toEqual(everyone(table, "alphaDawn"));
    expect(SettingsConfig.reloadConfirmCalls).toEqual([]);
    expect(gm.run(() => openDialogs())).toEqual([]);
    expect(table.unhandled).toEqual([]);
  });
});
