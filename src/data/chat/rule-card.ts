/**
 * The `rule` ChatMessage subtype (issue 28): the small card an action posts — a special attack (SW-41), a run
 * (SW-24), an SWN action, a Morale change (SWN-13), Intimidate (SWN-09), Read Morale (SWN-10), overwatch (SWN-08), a
 * squad's healing (SWN-17), the d20 initiative rolls (SW-03), a Fortitude save (SW-10), a drug given, a structure
 * hit (SF-X-41), a spotting distance (SF-X-03). It stores no HTML: its title and lines are i18n keys
 * with their data (text only), so every client draws it in its own language (`workflows/card/rule-card.ts`).
 *
 * A piece of text is either an i18n key (`FT.…`) formatted with its data, or literal text (`key` ""): what is not a
 * sentence of the system (a name, "2d6 [4, 3] +1 = 8"). A datum's value is literal text, or, with `i18n`, an `FT.…`
 * key this client localizes (a band's name, a direction). A line is its pieces, a space between each (Foundry
 * trims every stored string: v13 common/data/fields.mjs `StringField`).
 *
 * The schema refuses what is not even the shape (a number where text goes: v13 `DataModel#validate` on create
 * throws, and the writer's console gets that error). What it holds is checked by {@link ruleCardProblem} when the
 * card is drawn: a card whose kind, rule id or keys are not ones this system writes draws a notice, never its data.
 */
import { array, bool, int, type ModelData, type ModelSpec, num, optional, schema, str } from "../spec.js";

/** The version of the `rule` card's data: a later migration reads it. */
export const RULE_CARD_VERSION = 1;

/** The kinds of rule card (each is the card's css class) and how each lays out its lines. */
export const RULE_CARD_KINDS = {
  "ft-special-card": "paragraphs",
  "ft-special-card ft-swn-card": "paragraphs",
  "ft-morale-card": "paragraphs",
  "ft-overwatch-card": "paragraphs",
  "ft-squad-heal-card": "paragraphs",
  /** SW-03: the title in a paragraph, one list item per combatant. */
  "ft-d20-initiative": "list",
  /** One paragraph of the kind's class, its lines run together, the rule id (when it has one) at its end. */
  "ft-d20-fortitude": "line",
  "ft-drug": "line",
  "ft-structure": "line",
  "ft-spotting": "line",
  /** Issue 33 (review-ux 3.7): an @Damage enricher's roll, its words and dice (applications/enricher-html.ts). */
  "ft-damage-roll": "line",
  /** Issue 33 (review-play 2.4): an @Check enricher's d20 or SWN check (games/d20|swn/workflows/enricher-check.ts). */
  "ft-check-roll": "line",
  /** SW-25, SW-43 (issue 31): an attack of opportunity offered to the threatening combatant's owners, with its button. */
  "ft-aoo-offer": "paragraphs",
} as const;

export type RuleCardKind = keyof typeof RULE_CARD_KINDS;

const DATUM = schema({ name: str(), value: str(), i18n: bool() });
const TEXT = schema({ key: str(), text: str(), data: array(DATUM) });
/**
 * SW-25 (issue 31): the attack of opportunity a card offers — the combat and round, the threatening combatant, and the
 * token whose movement provoked it (its uuid) and where its centre stood when it provoked (the scene's pixels). The
 * button is drawn for that combatant's owners in that round only.
 */
const OFFER = schema({
  combatId: str(),
  combatantId: str(),
  tokenUuid: str(),
  round: int(0, { min: 0 }),
  x: num(0),
  y: num(0),
});

export const RULE_CARD_SPEC = {
  fields: {
    version: int(RULE_CARD_VERSION, { min: 1 }),
    kind: str("ft-special-card"),
    ruleId: str(),
    title: array(TEXT),
    lines: array(schema({ cls: str(), parts: array(TEXT) })),
    offer: optional(OFFER),
  },
} as const satisfies ModelSpec;

/** A `rule` message's `system`. */
export type RuleCardData = ModelData<typeof RULE_CARD_SPEC>;
export type RuleText = RuleCardData["title"][number];
export type RuleLine = RuleCardData["lines"][number];
export type RuleDatum = RuleText["data"][number];
export type RuleOffer = NonNullable<RuleCardData["offer"]>;

/** A piece of text to write as it is (a name, a roll's dice). */
export const literal = (text: string): RuleText => ({ key: "", text, data: [] });

/**
 * An i18n key and its data: each value is literal text, or an `FT.…` key (a value given as `{ key }`) this client
 * localizes.
 */
export function keyed(key: string, data: Readonly<Record<string, string | { key: string }>> = {}): RuleText {
  return {
    key,
    text: "",
    data: Object.entries(data).map(([name, v]) =>
      typeof v === "string" ? { name, value: v, i18n: false } : { name, value: v.key, i18n: true },
    ),
  };
}

/** A line of pieces; a roll line unless `cls` says otherwise. */
export const line = (parts: RuleText | readonly RuleText[], cls = "ft-roll-line"): RuleLine => ({
  cls,
  parts: "key" in parts ? [parts] : [...parts],
});

const KEY = /^FT\.[A-Za-z0-9_.-]+$/;
const RULE_ID = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;
const CLS = /^[a-z0-9 -]*$/;

function textProblem(t: RuleText, at: string): string | null {
  if (t.key !== "" && !KEY.test(t.key)) return `${at}: "${t.key}" is not a key of this system`;
  for (const d of t.data)
    if (d.i18n && !KEY.test(d.value)) return `${at}: "${d.value}" is not a key of this system`;
  return null;
}

/** Whether `kind` is one this system writes. */
export const isRuleCardKind = (kind: string): kind is RuleCardKind => Object.hasOwn(RULE_CARD_KINDS, kind);

/**
 * Why this card's data is not one this system writes (its version, kind, rule id, keys or classes), or null. The
 * schema saw to the shape; this sees to what is drawn from it.
 */
export function ruleCardProblem(card: RuleCardData): string | null {
  if (card.version > RULE_CARD_VERSION) return `version ${card.version} is newer than this system's`;
  if (!isRuleCardKind(card.kind)) return `"${card.kind}" is not a kind of rule card`;
  // A one-line card may name no rule (a drug given); every other names its rule.
  const noRule = card.ruleId === "" && RULE_CARD_KINDS[card.kind] === "line";
  if (!noRule && !RULE_ID.test(card.ruleId)) return `"${card.ruleId}" is not a rule id`;
  for (const [i, t] of card.title.entries()) {
    const p = textProblem(t, `title[${i}]`);
    if (p) return p;
  }
  for (const [i, l] of card.lines.entries()) {
    if (!CLS.test(l.cls)) return `lines[${i}]: "${l.cls}" is not a class`;
    for (const [j, t] of l.parts.entries()) {
      const p = textProblem(t, `lines[${i}].parts[${j}]`);
      if (p) return p;
    }
  }
  return null;
}

/** The layout of a kind this system writes. */
export const layoutOf = (kind: RuleCardKind): "paragraphs" | "list" | "line" => RULE_CARD_KINDS[kind];

/** What a rule card says: its kind (css class), its rule id, its title and its lines. */
export interface RuleCard {
  readonly kind: RuleCardKind;
  readonly ruleId: string;
  readonly title: RuleText | readonly RuleText[];
  readonly lines: readonly RuleLine[];
  /** SW-25: the attack of opportunity it offers. */
  readonly offer?: RuleOffer;
}

/** Who posts it and who reads it: as `ChatMessage.create` takes them. */
export interface RuleCardPost {
  readonly speaker?: ChatMessage.CreateData["speaker"];
  readonly whisper?: string[];
  readonly rolls?: Roll[];
  /** The roll mode to apply (v13 `ChatMessage.applyRollMode`), when the card follows the user's. */
  readonly rollMode?: Parameters<typeof ChatMessage.applyRollMode>[1];
}

/**
 * A rule card's message data: `type: "rule"`, its data in `system`, and no stored HTML (the roll mode is the
 * poster's to apply). Here, below the documents, so the combat posts its d20 initiative card without importing the
 * card workflow (issue 29).
 */
export function ruleCardMessage(card: RuleCard, post: RuleCardPost = {}): ChatMessage.CreateData {
  const system: RuleCardData = {
    version: RULE_CARD_VERSION,
    kind: card.kind,
    ruleId: card.ruleId,
    title: "key" in card.title ? [card.title] : [...card.title],
    lines: [...card.lines],
    offer: card.offer,
  };
  return {
    type: "rule",
    content: "",
    system,
    ...(post.speaker ? { speaker: post.speaker } : {}),
    ...(post.whisper ? { whisper: post.whisper } : {}),
    ...(post.rolls?.length ? { rolls: post.rolls } : {}),
  };
}
