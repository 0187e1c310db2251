/**
 * Every `FT.*` key the code and templates use exists in lang/en.json (keys built from a value, such as
 * `FT.Range.${band}`, are checked for each value they can take).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RANGE_BANDS } from "../src/rules/index.js";
import { localize } from "./setup.js";

const ROOT = join(import.meta.dirname, "..");
function files(dir: string, ext: string[]): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return files(p, ext);
    return ext.some((e) => n.endsWith(e)) && !n.endsWith(".test.ts") ? [p] : [];
  });
}

describe("Language file", () => {
  it("has every literal FT.* key used in src/ and templates/", () => {
    const used = new Set<string>();
    for (const f of [...files(join(ROOT, "src"), [".ts"]), ...files(join(ROOT, "templates"), [".hbs"])]) {
      for (const m of readFileSync(f, "utf8").matchAll(/["'`](FT\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]/g))
        used.add(m[1]!);
    }
    // A prefix handed to a helper (e.g. "FT.Skill" for choices) must name a group of keys.
    const lang = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8"));
    const isGroup = (k: string) =>
      typeof k.split(".").reduce((n: unknown, p) => (n as Record<string, unknown> | undefined)?.[p], lang) ===
      "object";
    const missing = [...used].filter((k) => localize(k) === k && !isGroup(k));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(100);
  });

  it("has the keys built from values", () => {
    const built = [
      ...RANGE_BANDS.map((b) => `FT.Range.${b}`),
      ...["none", "soft", "hard"].map((c) => `FT.Cover.${c}`),
      ...["tiny", "small", "medium", "large", "giant"].map((s) => `FT.Size.${s}`),
      ...["stationary", "walked", "ran", "dodged"].flatMap((m) => [
        `FT.Movement.attacker.${m}`,
        `FT.Movement.target.${m}`,
      ]),
      ...["medium", "fast", "veryFast"].map((a) => `FT.Movement.animal.${a}`),
      ...["slow", "fast"].map((v) => `FT.Modifier.attackerVehicle.${v}`),
      ...["str", "sta", "dex", "rs", "int", "log", "per", "ldr"].flatMap((a) => [
        `FT.Ability.${a}.label`,
        `FT.Ability.${a}.abbr`,
      ]),
    ];
    expect(built.filter((k) => localize(k) === k)).toEqual([]);
  });
});
