/**
 * The rule references' generated files (issue 13): lang/en.json's FT.RuleRef.title and .source (each rule ID's
 * tooltip; issue 33 moved them there from a generated src/applications/rule-titles.ts) and packs/rules/rule-index.yml
 * (the Rule Index journal page) are what `npm run rules:index` writes now, every rule ID a screen prints has a title,
 * and every rule has a heading on the page whose anchor is the one a reference opens.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import {
  namedIds,
  RULE_INDEX,
  ruleIndexJournal,
  shortTitle,
  sourceOf,
  withRuleTitles,
} from "../scripts/rule-refs.mjs";
import { catalogRows } from "../scripts/rules-coverage.mjs";
import { RULE_INDEX as CLIENT_RULE_INDEX, ruleAnchor, ruleTooltip } from "../src/applications/rule-refs.js";
import { buildTOC, slugifyHeading } from "./foundry/compendium.js";

const ROOT = resolve(import.meta.dirname, "..");
const read = (p: string) => readFileSync(join(ROOT, p), "utf8");
const catalog = catalogRows(read("docs/rules-catalog.md"));
/** The titles the client shows, as the language file holds them (lang/en.json `FT.RuleRef.title`). */
const RULE_TITLES = (
  JSON.parse(read("lang/en.json")) as { FT: { RuleRef: { title: Record<string, string> } } }
).FT.RuleRef.title;

function files(dir: string, keep: (p: string) => boolean): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p, keep) : keep(p) ? [p] : [];
  });
}

describe("npm run rules:index: the rule references", () => {
  it("the committed lang/en.json rule titles and packs/rules/rule-index.yml are what it writes now", () => {
    expect(
      read("lang/en.json"),
      "lang/en.json's FT.RuleRef titles are out of date: run npm run rules:index",
    ).toBe(withRuleTitles(ROOT, read("lang/en.json")));
    expect(read("packs/rules/rule-index.yml"), "rule-index.yml is out of date: run npm run rules:index").toBe(
      ruleIndexJournal(ROOT),
    );
    expect(CLIENT_RULE_INDEX).toEqual(RULE_INDEX);
  });

  it("SF-X-24 SF-X-11 SF-Z-07 SW-24: short titles and sources from the catalog", () => {
    expect(ruleTooltip("SF-X-24")).toBe("SF-X-24 · Burst — Star Frontiers Expanded Game combat");
    expect(ruleTooltip("SF-X-11")).toBe(
      "SF-X-11 · Ranged chance to hit starts at ½ Dexterity — Star Frontiers Expanded Game combat",
    );
    expect(ruleTooltip("SF-Z-07")).toBe("SF-Z-07 · Result shifts — Zebulon's Guide Resolution Table");
    expect(ruleTooltip("RT-6")).toBe("RT-6 · Melee procedure — Star Frontiers Expanded Game, melee");
    expect(ruleTooltip("SF-X-99")).toBeNull();
    // A colon inside brackets is not the rule's name; a long first clause is cut at a word.
    expect(shortTitle("Disengage and run rules (run: ×4, loses Dex, Con rounds then checks).")).toBe(
      "Disengage and run rules",
    );
    expect(
      shortTitle("Range is counted in squares along the most direct path, counting the target's square."),
    ).toBe("Range is counted in squares along the most…");
    expect(sourceOf("SF-B: Star Frontiers Basic Game (`seeds/001_b896954a6a9fc613.txt`)")).toBe(
      "Star Frontiers Basic Game",
    );
    // The client carries the titles of the rules the code names (and RT-6), not of the 138 the catalog has: no
    // screen prints another (the test below), and the bundle stays in its budget.
    expect(catalog.length).toBe(138);
    const named = namedIds(ROOT, /\b(?:S(?:F-[BXZ]|WN?)-\d{2}|RT-\d+)\b/g).filter(
      (id) => id === "RT-6" || catalog.some((r) => r.id === id),
    );
    expect(named.length).toBeGreaterThan(78);
    expect(Object.keys(RULE_TITLES).sort()).toEqual(named);
    for (const id of Object.keys(RULE_TITLES))
      expect(id === "RT-6" || catalog.some((r) => r.id === id), id).toBe(true);
  });

  it("every rule ID a template or a card prints as .ft-rule has a title (none stays a bare ID)", () => {
    const printed = new Set<string>();
    for (const f of [
      ...files(join(ROOT, "templates"), (p) => p.endsWith(".hbs")),
      ...files(join(ROOT, "src"), (p) => p.endsWith(".ts") && !p.endsWith(".test.ts")),
    ])
      for (const m of readFileSync(f, "utf8").matchAll(/class="ft-rule">([A-Z][\w-]+)</g)) printed.add(m[1]!);
    expect(printed.size).toBeGreaterThan(20);
    expect([...printed].filter((id) => !RULE_TITLES[id])).toEqual([]);
    // The modifiers' rule IDs (printed through {{m.ruleId}}) come from the rules' RuleId literals.
    const ruleIds = new Set<string>();
    for (const f of files(join(ROOT, "src/rules"), (p) => p.endsWith(".ts") && !p.endsWith(".test.ts")))
      for (const m of readFileSync(f, "utf8").matchAll(/["'](S(?:F-[BXZ]|WN?)-\d{2}|RT-\d+)["']/g))
        ruleIds.add(m[1]!);
    expect([...ruleIds].filter((id) => !RULE_TITLES[id])).toEqual([]);
  });

  it("the Rule Index page has one heading per rule whose anchor (its id, and its slugified text) is the one a reference opens", () => {
    const entry = YAML.parse(read("packs/rules/rule-index.yml"));
    expect(entry._id).toBe(RULE_INDEX.entryId);
    const page = entry.pages.find((p: { _id: string }) => p._id === RULE_INDEX.pageId);
    expect(page.name).toBe("Rule index");
    const doc = new Window().document;
    const template = doc.createElement("template");
    template.innerHTML = page.text.content;
    const toc = buildTOC([...template.content.children] as unknown as Element[]);
    // Every catalog rule has its heading on the page, and so has the rules-table reference the code names.
    for (const id of [...catalog.map((r) => r.id), "RT-6"]) {
      const heading = toc[ruleAnchor(id)];
      expect(heading?.text, id).toBe(id);
      expect(slugifyHeading(id)).toBe(ruleAnchor(id));
    }
    const burst = toc[ruleAnchor("SF-X-24")]!.element!.nextElementSibling!;
    expect(burst.textContent).toBe(
      "Burst (automated). Burst: 10 rounds as one shot at up to 5 adjacent characters within 10 m width, or one character; one roll for all; one target 5d10; several targets 5d10 + 1d10 per extra target, split evenly, remainder lost.",
    );
  });

  it("visible labels carry no rule ID in their text: it is a .ft-rule beside them, which showRuleIds hides (review 13b M2)", () => {
    const lang = JSON.parse(read("lang/en.json")) as { FT: Record<string, Record<string, string>> };
    // Shown as text on a card, a tracker row, a prompt, or as an icon button's name; tooltip hints may keep theirs.
    const shown = {
      strayRolled: lang.FT.Misc?.strayRolled,
      declare: lang.FT.Phases?.declare,
      heldHint: lang.FT.Phases?.heldHint,
      adjustmentHint: lang.FT.Check?.adjustmentHint,
      declaring: lang.FT.Phases?.declaring,
    };
    expect(shown).toEqual({
      strayRolled: "Stray d100",
      declare: "Declare",
      heldHint: "Held in melee by {by}: cannot move.",
      adjustmentHint: "The players agree on a bonus for an easy action or a penalty for a hard one.",
      declaring: "Declaring now: {side} (side B first).",
    });
    expect(read("templates/apps/turn.hbs")).toContain('{{ftHeld}} <span class="ft-rule">SF-X-09</span>');
    expect(read("src/applications/check-prompt.ts")).toContain('<span class="ft-rule">SF-B-24</span>');
    expect(read("templates/chat/side-roll.hbs")).not.toMatch(/\(S[FW]N?-[A-Z]-\d\d|\(\{\{ruleId\}\}\)/);
  });
});
