/**
 * Template check: every .hbs compiles with Handlebars and renders with a fixture context built by the same pure
 * functions the sheets use.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { dialogContext } from "../src/applications/attack-dialog-context.js";
import { itemSheetContext } from "../src/applications/sheets/item-context.js";
import { editorContext, tableFromForm } from "../src/applications/zebulon-editor-context.js";
import { PRESETS } from "../src/helpers/presets.js";
import { defaultResolutionTable, RANGE_BANDS } from "../src/rules/index.js";
import { cardView, GM_VIEWER } from "../src/workflows/card/card-context.js";
import { BURST_CARD } from "./fixtures/cards.js";
import { threeSidesTracker } from "./fixtures/combat.js";
import { burstPrep } from "./fixtures/dialog.js";
import { characterContext, SHEET_SEAMS, weaponItem } from "./fixtures/sheets.js";
import { squadSheetContext } from "./fixtures/squad.js";
import { weaponTablesContext } from "./fixtures/weapon-tables.js";
import { createEnv, render, TEMPLATE_ROOT, templateFiles } from "./handlebars-env.js";

const hb = createEnv();

describe("Templates", () => {
  it("every template compiles", () => {
    const files = templateFiles();
    expect(files.length).toBeGreaterThan(10);
    for (const f of files)
      expect(() => hb.precompile(readFileSync(f, "utf8")), relative(TEMPLATE_ROOT, f)).not.toThrow();
  });

  it("SWN-17 SWN-19 the squad sheet: units 3/5 at 13 of 23 HP, the readout 4.5 × 3 = 14 (half 7), 1 hex, led by; inputs for the owner only", () => {
    // Handlebars escapes "=" as &#x3D;: read the page as a browser shows it.
    const shown = (html: string) => html.replaceAll("&#x3D;", "=");
    const gm = shown(render(hb, "actor/squad.hbs", squadSheetContext(true)));
    expect(gm).toContain('name="system.units.value" value="3"');
    expect(gm).toContain('name="system.units.max" value="5"');
    expect(gm).toContain('name="system.hp.value" value="13"');
    expect(gm).toContain("/ 23");
    for (const f of ["hd", "ac", "ab", "save", "morale"]) expect(gm).toContain(`name="system.swn.${f}"`);
    for (const f of ["name", "formula", "ap", "tl", "heavy"])
      expect(gm).toContain(`name="system.weapon.${f}"`);
    expect(gm).toContain("4.5 × 3 units = 14 damage (half 7)");
    expect(gm).toContain("1 × 3 units = 3");
    expect(gm).toContain("Footprint 1 hex");
    expect(gm).toContain("Sgt. Okafor");
    expect(gm).toContain('<prose-mirror name="system.notes"');
    const player = shown(render(hb, "actor/squad.hbs", squadSheetContext(false)));
    expect(player).not.toContain("<input");
    expect(player).not.toContain("prose-mirror");
    expect(player).toContain("4.5 × 3 units = 14 damage (half 7)");
    expect(player).toContain("+1");
    // 18 HP: 4 units, 2 hexes; 1d8 × 4 = 18, half 9 (the design's SWN-17 numbers).
    const four = squadSheetContext(false, { hp: { value: 18 }, units: { value: 4, max: 5 } });
    expect(shown(render(hb, "actor/squad.hbs", four))).toContain("4.5 × 4 units = 18 damage (half 9)");
    expect(shown(render(hb, "actor/squad.hbs", four))).toContain("Footprint 2 hexes");
  });

  it("SWN-17 a squad without a weapon formula says it deals no damage; nobody leads a squad with no leader; 0 HP is wiped out", () => {
    const html = render(
      hb,
      "actor/squad.hbs",
      squadSheetContext(false, {
        weapon: { formula: "" },
        ledBy: "",
        hp: { value: 0 },
        units: { value: 0, max: 5 },
      }),
    );
    expect(html).toContain("No damage formula yet");
    expect(html).toContain("nobody");
    expect(html).toContain("Wiped out");
  });

  it("SF-X-11 SF-X-12 the character sheet in play mode shows chance to hit, ammo and attack buttons", () => {
    const ctx = characterContext(false);
    const html = [
      "actor/header.hbs",
      "actor/tabs.hbs",
      "actor/combat.hbs",
      "actor/gear.hbs",
      "actor/notes.hbs",
    ]
      .map((t) => render(hb, t, ctx))
      .join("\n");
    expect(html).toContain("Eusyl Vrahn");
    // ½ DEX 55 → 28, + Beam 2 → 48 %.
    expect(html).toMatch(/class="ft-chance">48%/);
    expect(html).toContain("14/20");
    expect(html).toContain("Wounded");
    expect(html).toMatch(/<\/i> Attack/);
    expect(html.match(/data-action="attack"/g)).toHaveLength(3);
    // The empty doze grenade's and the range-less rifle's buttons are disabled.
    expect(html.match(/data-action="attack" disabled/g)).toHaveLength(2);
    expect(html).toContain("n/s");
    // The portrait uses DocumentSheetV2's editImage action; each item row is draggable (ActorSheetV2 binds
    // DragDrop with dragSelector ".draggable" and reads data-item-id from the dragged element itself).
    expect(html).toMatch(/<img class="ft-portrait"[^>]* data-action="editImage" data-edit="img"/);
    const rows = html.match(/<(?:li|tr)\b[^>]*data-item-id="[^"]*"[^>]*>/g) ?? [];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => !/class="draggable\b/.test(r))).toEqual([]);
    // Visible text is localized; data-tooltip keys are localized by Foundry itself.
    expect(html.replace(/data-tooltip="[^"]*"/g, "")).not.toContain("FT.");
  });

  it("SF-X-27 the character sheet in edit mode has inputs for every ability", () => {
    const html = render(hb, "actor/combat.hbs", characterContext(true));
    for (const k of ["str", "sta", "dex", "rs", "int", "log", "per", "ldr"])
      expect(html).toContain(`name="system.abilities.${k}.value"`);
  });

  it("SF-X-14 the weapon item sheet shows every band and flags missing numbers", () => {
    const w = weaponItem("w", "Automatic Rifle", {
      missing: ["ranges", "cost"],
      skill: "projectile",
      kind: "projectile",
    });
    // The item sheet's own builder (item-context.ts), as an Alpha Dawn world's item sheet builds it.
    const ctx = {
      item: w,
      editable: true,
      ...itemSheetContext(
        { type: "weapon", system: w.system, missing: ["ranges", "cost"] },
        SHEET_SEAMS.alphaDawn,
      ),
      descriptionHTML: "",
    };
    const html = render(hb, "item/header.hbs", ctx) + render(hb, "item/body.hbs", ctx);
    expect(html).toContain('data-action="editImage" data-edit="img"');
    expect(html).toContain("not in the sources available");
    expect(html).toContain('class="ft-bands ft-flag"');
    for (const b of RANGE_BANDS) expect(html).toContain(`name="system.ranges.${b}"`);
    // Visible text is localized; data-tooltip keys are localized by Foundry itself.
    expect(html.replace(/data-tooltip="[^"]*"/g, "")).not.toContain("FT.");
  });

  it("every item type's body renders", () => {
    for (const type of ["defense", "powerSource", "gear", "skill", "race"]) {
      const html = render(hb, "item/body.hbs", {
        type,
        parts: [{ partial: `systems/frontier-tactics/templates/item/body-${type}.hbs` }],
        editable: true,
        missing: {},
        system: {
          rules: [{ kind: "laser", mode: "absorb", seuPerHit: 0, pointsPerSeu: 5 }],
          abilityModifiers: { str: -10 },
          level: 2,
        },
        choices: {
          skill: {},
          kind: { laser: "FT.DamageKind.laser" },
          mode: { absorb: "FT.DefenseMode.absorb" },
          power: {},
          psa: {},
          slot: {},
          ammoUnit: {},
          rangeUnit: {},
          structural: {},
        },
      });
      expect(html, type).toContain("ft-grid");
    }
  });

  it("SF-X-24 SF-X-22 the burst card shows the split, each target's cover reason and the apply buttons", () => {
    const html = render(
      hb,
      "chat/attack-card.hbs",
      cardView(BURST_CARD, { viewer: GM_VIEWER, attackerName: "Eusyl", unit: "m" }),
    );
    // The pool the Roll gave, then its total (issue 13: the damage dice and formula).
    expect(html).toContain(
      '<span class="ft-working">7d10 [10, 10, 5, 5, 4, 3, 3]</span> = <b>40</b> → <b>13</b> each, 1 lost',
    );
    expect(html).toContain("3 of 5 rays through soft cover");
    expect(html.match(/data-ft-action="apply"/g)).toHaveLength(2);
    expect(html.match(/data-ft-action="undo"/g)).toHaveLength(1);
    // Issue "trust" (R1-5): the card says Pirate 2 was applied; its numbers are added at render time only on the rows
    // of users who may observe the target (card-previews.ts `showAppliedNumbers`), never in the card's HTML.
    expect(html).toContain('<span class="ft-applied-label">Applied</span>');
    expect(html).not.toContain("→ 4");
    expect(html.replace(/data-tooltip="[^"]*"/g, "")).not.toContain("FT.");
  });

  it("SF-X-24 the attack dialog lists every modifier with its rule ID as an input: shared ones once, the burst's chance as the headline", () => {
    const html = render(hb, "apps/attack-dialog.hbs", dialogContext(burstPrep()));
    // Signed values in text inputs (U+2212 minus), shared modifiers once, each target's own in its block.
    expect(html).toContain('name="mod.Pirate 2.cover" value="−10"');
    expect(html).toContain('name="mod.*.burst" value="+20"');
    expect(html.match(/name="mod\.[^"]*\.base"/g)).toEqual(['name="mod.*.base"']);
    expect(html).toContain("SF-X-21");
    // A burst rolls once: its chance is the headline, no target has a chance of its own.
    expect(html).toMatch(/class="ft-chance"><span data-ft-field="burst.chance">30<\/span>%/);
    expect(html).not.toContain('data-ft-field="t0.chance"');
    expect(html).toContain("7d10, split evenly among 3");
    expect(html).toContain('name="decl.burst" checked');
    expect(html.replace(/data-tooltip="[^"]*"/g, "")).not.toContain("FT.");
  });

  it("SF-X-04 the side roll card shows die, modifier and whose it is", () => {
    const html = render(hb, "chat/side-roll.hbs", {
      sideName: "Pirates",
      d10: 3,
      modifier: 4,
      total: 7,
      modifierSource: "Pirate captain",
      ruleId: "SF-X-04",
      holsteredPenalty: -3,
      colour: "#b3261e",
    });
    // The rule IDs are references the showRuleIds setting hides (review 13b M2), not "(SF-X-04)" in the text.
    expect(html).toContain(
      'Initiative modifier of <b>Pirate captain</b> <span class="ft-rule">SF-X-04</span>',
    );
    expect(html).toContain('−3 for a holstered weapon <span class="ft-rule">SF-X-06</span>');
    expect(html).not.toMatch(/\(S[FW]N?-[A-Z]-\d\d/);
  });

  it("SF-Z-04 the resolution-table editor shows 19 columns of four inputs and highlights the bad cell", () => {
    const form: Record<string, unknown> = {};
    for (const [c, row] of Object.entries(defaultResolutionTable().columns))
      for (const [k, v] of Object.entries(row)) form[`c.${c}.${k}`] = v;
    form["c.4.yellow"] = 40;
    form["c.4.green"] = 39;
    const { error, draft } = tableFromForm(form);
    const html = render(hb, "apps/zebulon-editor.hbs", {
      ...editorContext(defaultResolutionTable(), error, true, draft),
      isGM: true,
    });
    expect(html.match(/<input type="number" name="c\./g)).toHaveLength(76);
    expect(html).toContain("Column +4, yellow (40) is below the column to its left (55)");
    expect(html.match(/<td class="bad">/g)).toHaveLength(1);
    expect(html.replace(/data-tooltip="[^"]*"/g, "")).not.toContain("FT.");
  });

  it("Issue 33: the weapon-tables browser marks the GM's numbers and, in edit mode, offers an input per missing number", () => {
    const html = render(hb, "apps/weapon-tables.hbs", weaponTablesContext(true));
    expect(html).toContain(
      '<tr class="ft-wt-row" data-uuid="Compendium.frontier-tactics.weapons.Item.h2fOTwh6n5CG2b0b"',
    );
    expect(html).toContain('draggable="true"');
    expect(html.match(/class="ft-gm-entered"/g)).toHaveLength(1);
    expect(html).toContain('<input type="text" data-path="ranges.pb" value="5"');
    expect(html).toContain('<input type="text" data-path="cost" value=""');
    expect(html).toContain('data-action="export"');
    expect(html.replace(/data-tooltip="[^"]*"/g, "")).not.toContain("FT.");
    expect(render(hb, "apps/weapon-tables.hbs", weaponTablesContext(false))).not.toContain("data-path=");
  });

  it("SF-Z-01 the preset menu lists the presets and says what was modified", () => {
    const html = render(hb, "apps/presets.hbs", {
      presets: PRESETS.map((p) => ({ ...p, chosen: p.id === "sfExpanded" })),
      modified: true,
      diff: ["FT.Settings.autoMiss.name"],
    });
    expect(html).toContain("Star Frontiers with Zebulon&#x27;s table");
    expect(html).toContain("Modified from the preset: 96–00 always misses (SF-X-34)");
    expect(html).toContain('value="sfExpanded" checked');
  });

  it("SF-X-01 SF-X-05 the tracker shows three side headers in move order and the current phase; the GM can edit totals", () => {
    const html = render(hb, "apps/tracker.hbs", threeSidesTracker(true));
    const names = [...html.matchAll(/class="ft-side-name">([^<]+)</g)].map((m) => m[1]);
    expect(names).toEqual(["Security robots", "Pirates", "Player characters"]);
    expect(html).toMatch(
      /class="ft-phase current "[^>]*>\s*<span class="ft-sr-only">Moves<\/span>\s*<b class="ft-phase-letter"[^>]*>B<\/b>\s*<\/li>/,
    );
    expect(html.match(/data-action="editSide"/g)).toHaveLength(3);
    // A button the keyboard reaches (review 13b M3), not an <a> with no href.
    expect(html.match(/<button type="button" class="ft-total[^"]*" data-action="editSide"/g)).toHaveLength(3);
    expect(html.match(/data-combatant-id=/g)).toHaveLength(5);
  });

  it("a control with a data-action is a <button type=button> (focusable, Enter and Space), never an <a> with no href; the tabs keep core's <a data-action=tab>", () => {
    // v13 ApplicationV2 handles [data-action] on click only (application.mjs #onClickAction): an <a> without href is
    // no tab stop and no key press reaches it. Before: itemEdit/itemDelete (gear, combat), editSide, removeRule.
    const anchors = templateFiles()
      .flatMap((t) =>
        [...readFileSync(t, "utf8").matchAll(/<a\b[^>]*data-action="([^"]+)"/g)].map((m) => m[1]),
      )
      .filter((a) => a !== "tab");
    expect(anchors).toEqual([]);
    const combat = render(hb, "actor/combat.hbs", characterContext(true));
    expect(combat).toMatch(/<button type="button" class="ft-link" data-action="itemEdit">/);
  });

  it("SF-X-05 each combatant row keeps core's v13 contract: click to activate, ping and pan, 0 Stamina shown", () => {
    const turn = {
      id: "eusyl",
      name: "Eusyl",
      img: "",
      css: "",
      resource: 0,
      canPing: true,
      effects: { icons: [{ img: "stun.svg", name: "Stunned" }], tooltip: "" },
    };
    const player = render(hb, "apps/turn.hbs", { ...turn, user: { isGM: false } });
    expect(player).toMatch(
      /<li class="combatant "[^>]* data-combatant-id="eusyl" data-action="activateCombatant">/,
    );
    expect(player).toContain('data-action="pingCombatant"');
    expect(player).toContain('data-action="panToCombatant"');
    expect(player).toContain('<span class="resource">0</span>');
    expect(player).toContain('alt="Stunned"');
    expect(player).not.toContain('data-action="toggleHidden"');
    const gm = render(hb, "apps/turn.hbs", { ...turn, user: { isGM: true } });
    expect(gm).toContain('data-action="toggleHidden"');
    expect(gm).not.toContain('data-action="panToCombatant"');
  });

  it("SF-X-39 SF-X-40 SF-X-43 a grenade card shows the bounce, who was caught and the RS checks near explosives", () => {
    const card = {
      ...BURST_CARD,
      burst: false,
      grenade: {
        landing: { x: 0, y: 0 },
        bounced: true,
        stoppedByWall: true,
        direction: 90,
        d10: 5,
        radius: 3,
        caught: [{ id: "a", name: "Pirate 1" }],
        ring: [{ id: "b", name: "Pirate 2", roll: 71, rs: 45, stunned: true }],
      },
    };
    const html = render(
      hb,
      "chat/attack-card.hbs",
      cardView(card, { viewer: GM_VIEWER, attackerName: "Eusyl", unit: "m" }),
    );
    expect(html).toContain("Missed and bounced (d10 5) · stopped by a wall");
    expect(html).toContain("Caught in the blast: Pirate 1");
    expect(html).toContain("Pirate 2 71/45 <b>stunned</b>");
    expect(html).toContain('data-ft-action="place"');
  });
});
