/**
 * Issue 33: the enricher's buttons (enrichers.ts registers the pattern) and what a click on one runs, loaded when a
 * page first shows one. Drawn on each reader's page, in that reader's language; a click rolls as the sheet does, so
 * the same checks, dialogs and GM referee apply.
 *
 * Which actor rolls: the sheet's own (an enricher in an actor's or its item's text: `options.relativeTo`, as v13
 * `TextEditor._onClickInlineRoll` takes the roll data of the sheet the link is in), else the user's controlled token's
 * actor, else the user's assigned character (v13 client/documents/chat-message.mjs `getSpeaker` looks the same way).
 * What a check means is the game's (its table's `checks`): Star Frontiers' d100 ability check (SF-B-24), the Zebulon
 * skill check (SF-Z-04); a game without one draws the button disabled, saying so.
 */

import { currentGame } from "../helpers/game.js";
import { notify, report } from "../helpers/report.js";
import { chatRollMode } from "../helpers/roll-mode.js";
import { isActorDoc, isItemDoc, isUuid } from "./api.js";
import { ruleTooltip } from "./rule-refs.js";

declare module "../helpers/game.js" {
  interface GameTable {
    /** Issue 33: the checks an `@Check` enricher rolls in this game (applications/enricher-html.ts). */
    readonly checks: readonly ("ability" | "skill")[];
  }
}

type Options = foundry.applications.ux.TextEditor.EnrichmentOptions | undefined;

const t = (key: string, data?: Record<string, string>): string =>
  (data ? game.i18n?.format(key, data) : game.i18n?.localize(key)) ?? key;

/** `str -10 skill="Beam Weapons"` → `{values: ["str", "-10"], skill: "Beam Weapons"}` (v13 `_parseEmbedConfig`'s). */
export function parseArgs(raw: string): { values: string[]; named: Record<string, string> } {
  const values: string[] = [];
  const named: Record<string, string> = {};
  for (const part of raw.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []) {
    const at = part.indexOf("=");
    const unquote = (s: string) => s.replace(/^"|"$/g, "");
    if (at < 0) values.push(unquote(part));
    else named[part.slice(0, at)] = unquote(part.slice(at + 1));
  }
  return { values, named };
}

const signed = (n: number): string => (n > 0 ? `+${n}` : `−${-n}`);
/** A damage formula the enricher offers: dice and whole numbers added or taken away ("2d10", "3d6+1"). */
const DAMAGE = /^\s*\d*d\d+(\s*[+-]\s*\d*d?\d+)*\s*$/i;

/** The button: `a.ft-enricher` with its data, an icon and its words; disabled (with why) where the game has none. */
function button(
  kind: string,
  icon: string,
  label: string,
  data: Record<string, string>,
  why?: string,
): HTMLElement {
  const a = document.createElement("a");
  a.className = `ft-enricher ft-enricher-${kind}`;
  a.dataset.ftEnricher = kind;
  for (const [k, v] of Object.entries(data)) if (v !== "") a.dataset[k] = v;
  a.setAttribute("role", "button");
  a.tabIndex = 0;
  const i = document.createElement("i");
  i.className = `fa-solid ${icon}`;
  i.inert = true;
  a.append(i, ` ${label}`);
  if (why) {
    a.classList.add("disabled");
    a.setAttribute("aria-disabled", "true");
    a.dataset.tooltipText = why;
  }
  return a;
}

/** The actor an enricher in this text belongs to (an actor's own text, or its item's), as a UUID. */
function ownerOf(options: Options): string {
  const doc = options?.relativeTo as { documentName?: string; uuid?: string; parent?: unknown } | undefined;
  if (doc?.documentName === "Actor") return doc.uuid ?? "";
  if (doc?.documentName === "Item" && doc.parent instanceof Actor) return doc.parent.uuid;
  return "";
}

/** `CONFIG.TextEditor.enrichers[…].enricher`: the element for one match, or null to leave the text as written. */
export function enrich(match: RegExpMatchArray, options?: Options): HTMLElement | null {
  const [, kind, raw = "", label] = match;
  const actorUuid = ownerOf(options);
  const { values, named } = parseArgs(raw);
  const table = currentGame();
  const notHere = (what: "ability" | "skill") =>
    table.checks.includes(what) ? undefined : t("FT.Enricher.notInGame", { game: t(table.label) });
  if (kind === "Check") {
    if (named.skill) {
      const data = { skill: named.skill, shifts: named.shifts ?? "", resultShift: named.resultShift ?? "" };
      const text = label ?? t("FT.Enricher.skillCheck", { skill: named.skill });
      return button(
        "check",
        "fa-dice-d20",
        text,
        { ...data, required: named.required ?? "", actorUuid },
        notHere("skill"),
      );
    }
    const ability = (named.ability ?? values[0] ?? "").toLowerCase();
    const adjustment = Number(named.adjustment ?? values[1] ?? 0) || 0;
    if (!/^[a-z]{3}$/.test(ability)) return null;
    const name = t(`FT.Ability.${ability}.label`);
    const text =
      label ??
      (adjustment
        ? t("FT.Enricher.abilityCheckAdjusted", { ability: name, adjustment: signed(adjustment) })
        : t("FT.Enricher.abilityCheck", { ability: name }));
    return button(
      "check",
      "fa-dice-d20",
      text,
      { ability, adjustment: String(adjustment), actorUuid },
      notHere("ability"),
    );
  }
  if (kind === "Attack") {
    const ref = raw.trim();
    const known = isUuid(ref) ? fromUuidSync(ref) : null;
    const weapon = known && "name" in known && typeof known.name === "string" ? known.name : ref;
    return button("attack", "fa-crosshairs", label ?? t("FT.Enricher.attack", { weapon }), {
      weapon: ref,
      actorUuid,
    });
  }
  if (kind === "Damage") {
    const formula = raw.trim();
    if (!DAMAGE.test(formula)) return null;
    return button("damage", "fa-burst", label ?? t("FT.Enricher.damage", { formula }), {
      formula,
      actorUuid,
      // The writer's own words, kept for the roll's card (the default is drawn in each reader's language).
      label: label ?? "",
    });
  }
  // @Rule[SW-21]: a rule reference as every app shows one (rule-refs.ts decorates it when the sheet renders).
  const id = raw.trim().toUpperCase();
  if (!ruleTooltip(id)) return null;
  const span = document.createElement("span");
  span.className = "ft-rule";
  span.textContent = id;
  return span;
}

/** The actor who rolls: the text's owner, else the controlled token's, else the user's character. */
async function roller(el: HTMLElement): Promise<Actor.Implementation | null> {
  const uuid = el.dataset.actorUuid ?? "";
  const owner = isUuid(uuid) ? await fromUuid(uuid) : null;
  if (isActorDoc(owner)) return owner;
  const token = canvas?.tokens?.controlled?.[0]?.actor;
  if (token) return token;
  // fvtt-types: `User#character` is the Actor; read by id as well, for a user whose character is stored unresolved.
  const character: unknown = game.user?.character;
  if (isActorDoc(character)) return character;
  return typeof character === "string" ? (game.actors?.get(character) ?? null) : null;
}

/** A click (or Enter) on an enricher's button. */
export async function onEnricherClick(el: HTMLElement, event: Event): Promise<void> {
  try {
    if (el.getAttribute("aria-disabled") === "true") return notify("warn", el.dataset.tooltipText ?? "");
    const kind = el.dataset.ftEnricher;
    const actor = await roller(el);
    if (!actor) return notify("warn", "FT.Enricher.noActor");
    const d = el.dataset;
    if (kind === "check" && d.skill) {
      const skill = actor.items.getName(d.skill);
      if (!skill) return notify("warn", "FT.Enricher.noItem", { name: actor.name ?? "", item: d.skill });
      const { rollSkillCheck } = await import("../workflows/optional/checks.js");
      return rollSkillCheck(actor, skill, {
        shifts: Number(d.shifts ?? 0) || 0,
        resultShift: Number(d.resultShift ?? 0) || 0,
        required: d.required || null,
      });
    }
    if (kind === "check") {
      const { rollAbilityCheck } = await import("../workflows/optional/checks.js");
      return rollAbilityCheck(actor, d.ability ?? "", Number(d.adjustment ?? 0) || 0);
    }
    if (kind === "attack") {
      const ref = d.weapon ?? "";
      const doc = isUuid(ref) ? await fromUuid(ref) : null;
      // A weapon UUID on an actor: that actor attacks with it; else the roller's weapon of that name.
      const owned = isItemDoc(doc) && isActorDoc(doc.parent) ? doc : null;
      const item = owned ?? actor.items.getName(isItemDoc(doc) ? (doc.name ?? "") : ref);
      if (!item) return notify("warn", "FT.Enricher.noItem", { name: actor.name ?? "", item: ref });
      const { attackWithWeapon } = await import("../workflows/attack/attack.js");
      const shift = "shiftKey" in event && event.shiftKey === true;
      const by = owned && isActorDoc(owned.parent) ? owned.parent : actor;
      return attackWithWeapon(by, item, { fast: shift });
    }
    if (kind === "damage") {
      // Review-ux 3.7: a card that says what was rolled — the button's words, its dice and total — in each reader's
      // language (a rule card's keys), with the Roll for the dice, in the chat's roll mode.
      const formula = d.formula ?? "";
      const roll = await new Roll(formula).evaluate();
      const { postRuleCard } = await import("../workflows/card/rule-card.js");
      const { keyed, line } = await import("../data/chat/rule-card.js");
      const dice = roll.dice.flatMap((die) => die.results.map((r) => String(r.result))).join(" + ");
      const label = d.label || { key: "FT.Enricher.damage" };
      const said = keyed("FT.Enricher.damageRolled", {
        label,
        formula,
        dice: dice || formula,
        total: String(roll.total),
      });
      await postRuleCard(
        { kind: "ft-damage-roll", ruleId: "", title: [said], lines: [line(said)] },
        { speaker: ChatMessage.getSpeaker({ actor }), rolls: [roll], rollMode: chatRollMode() },
      );
    }
  } catch (e) {
    report(e);
  }
}
