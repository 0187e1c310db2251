/**
 * Issue 32: every control the rules journal, the other pack texts and the README name exists. A control of this
 * system is written as it reads on screen inside `<kbd>…</kbd>` (HTML in the packs, the same tag in the README's
 * Markdown); Foundry's own controls are written in quotes and not checked here. A named control must be a string of
 * lang/en.json: the whole string (a `{placeholder}` standing for any text), or its short form — the text before a
 * parenthesis or a colon, as an icon's tooltip "Run (SW-24)" or "Delay (SW-34): end the turn now…" is named "Run"
 * or "Delay".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACK_ROOT, ymlFiles } from "./pack-data.js";

/** Every string value of lang/en.json. */
function langValues(node: unknown, out: string[] = []): string[] {
  if (typeof node === "string") out.push(node);
  else if (node && typeof node === "object") for (const v of Object.values(node)) langValues(v, out);
  return out;
}
const values = langValues(JSON.parse(readFileSync("lang/en.json", "utf8")));
const escapeRe = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
const pattern = (v: string) =>
  new RegExp(
    `^${v
      .split(/\{\w+\}/)
      .map(escapeRe)
      .join(".+")}$`,
  );
/** A string's short form: up to its first " (" or ": " ("Run (SW-24)" → "Run"). */
const shortForm = (v: string) => v.split(/ \(|: /)[0]?.trim() ?? v;
/** A string that is all placeholder ("{name}", "{name} (side {letter})" cut short) names nothing. */
const hasWords = (v: string) => /[A-Za-z]{2}/.test(v.replace(/\{\w+\}/g, ""));
const patterns = values
  .flatMap((v) => [v, shortForm(v)])
  .filter(hasWords)
  .map(pattern);

/** Is `label` a label of lang/en.json? */
const isLabel = (label: string): boolean => patterns.some((re) => re.test(label.trim()));

/** The controls a text names: the text of each `<kbd>…</kbd>`, tags inside it removed. */
const namedControls = (text: string): string[] =>
  [...text.matchAll(/<kbd>(.*?)<\/kbd>/gs)].map((m) =>
    (m[1] ?? "").replace(/<[^>]+>/g, "").replace(/\s+/g, " "),
  );

/** The YAML text unfolded: a folded scalar's line breaks read as spaces. */
const packText = (file: string) => readFileSync(file, "utf8").replace(/\s*\n\s*/g, " ");
const readme = readFileSync("README.md", "utf8");

describe("named controls exist (issue 32)", () => {
  it("the matcher: a label, its short form and a placeholder pass; an invented label fails", () => {
    expect(isLabel("Attack")).toBe(true);
    expect(isLabel("Run")).toBe(true); // "Run (SW-24)"
    expect(isLabel("Reflex save")).toBe(true); // "Reflex save (DC {dc})"
    expect(isLabel("Reflex save (DC 15)")).toBe(true);
    expect(isLabel("Fire the lasers")).toBe(false);
    expect(namedControls("<p>Click <kbd>Attack</kbd>, then <kbd>Fire\n the lasers</kbd>.</p>")).toEqual([
      "Attack",
      "Fire the lasers",
    ]);
  });

  it("every control the how-to-play journal names is a label of lang/en.json, one page per game", () => {
    const file = join(PACK_ROOT, "rules", "how-to-play-a-combat-turn-in-foundry.yml");
    const named = namedControls(packText(file));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((l) => !isLabel(l))).toEqual([]);
    const text = packText(file);
    for (const game of ["Star Frontiers", "Star Wars d20", "Stars Without Number"])
      expect(text).toContain(`${game}: a turn in Foundry`);
  });

  it("every control any pack text names (journal pages, tables, item descriptions) is a label of lang/en.json", () => {
    const bad = ymlFiles(PACK_ROOT).flatMap((f) =>
      namedControls(packText(f))
        .filter((l) => !isLabel(l))
        .map((l) => `${f.slice(PACK_ROOT.length + 1)}: ${l}`),
    );
    expect(bad).toEqual([]);
  });

  it("every control the README names, its quick start first, is a label of lang/en.json", () => {
    const quickStart = /^## Quick start[^\n]*\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
    expect(namedControls(quickStart).length).toBeGreaterThan(10);
    expect(namedControls(readme).filter((l) => !isLabel(l))).toEqual([]);
  });
});
