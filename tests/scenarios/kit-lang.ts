/**
 * A page that reads another language (issue 33, cards in the reader's language): a translation module's file
 * (`tests/fixtures/lang/xx.json`, a small test-only locale) loaded on one client. v13 `Localization#localize` and
 * `#format` (client/helpers/localization.mjs) read the page's own translations, falling back to English, so only that
 * page changes; every other client keeps English.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Client } from "../foundry/world.js";
import { G } from "./kit.js";

type Tree = { readonly [k: string]: string | Tree };

/** The test locale's strings by dotted key ("FT.Check.success" → "Erfolg"). */
export function locale(name = "xx"): Record<string, string> {
  const tree = JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../fixtures/lang/${name}.json`), "utf8"),
  ) as Tree;
  const out: Record<string, string> = {};
  const walk = (node: Tree, at: string) => {
    for (const [k, v] of Object.entries(node))
      if (typeof v === "string") out[`${at}${k}`] = v;
      else walk(v, `${at}${k}.`);
  };
  walk(tree, "");
  return out;
}

/** This client's page reads `name`'s language (`game.i18n.lang` too); keys it lacks stay English. */
export function reads(c: Client, name = "xx"): void {
  const strings = locale(name);
  c.run(() => {
    const i18n = G().game.i18n;
    const { localize, format } = i18n;
    i18n.lang = name;
    i18n.localize = (k: string) => strings[k] ?? localize(k);
    i18n.format = (k: string, data: Record<string, string> = {}) =>
      k in strings
        ? strings[k]!.replace(/{(\w+)}/g, (_m: string, n: string) => data[n] ?? `{${n}}`)
        : format(k, data);
  });
}
