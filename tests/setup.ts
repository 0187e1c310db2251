/**
 * Test set-up: the few Foundry globals the Foundry-facing code reads, as small typed fakes, with the real
 * `lang/en.json` behind `game.i18n`. Pure rules tests do not touch any of it.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

type LangTree = { [key: string]: string | LangTree };
const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../lang/en.json"), "utf8")) as LangTree;

/** Looks a dotted key up in the real language file; unknown keys come back unchanged, as in Foundry. */
export function localize(key: string): string {
  let node: string | LangTree | undefined = lang;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return key;
    node = node[part];
  }
  return typeof node === "string" ? node : key;
}

export function format(key: string, data: Record<string, unknown> = {}): string {
  return localize(key).replace(/\{(\w+)\}/g, (_, k: string) => String(data[k] ?? `{${k}}`));
}

/** Stands for `game.i18n` (Localization#localize / #format / #has). */
const fakeGame = {
  i18n: { localize, format, has: (key: string) => localize(key) !== key, lang: "en" },
};
// A scenario worker runs many files in one module graph (vitest.config: `isolate: false`): once the table harness
// owns `game` (a getter per client, tests/foundry/context.ts), the fake is neither needed nor allowed.
if (!Object.getOwnPropertyDescriptor(globalThis, "game")?.get)
  (globalThis as unknown as { game: unknown }).game = fakeGame;

// Issue 30: the game tables the generic screens ask (helpers/game.ts); src/index.ts registers them at `init`, and a
// pure context builder under test (the attack dialog's) asks them without one. Registering twice is harmless.
await import("./fixtures/games.js");
