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
import { rollsFor } from "../helpers/own-actor.js";
import { notify, report } from "../helpers/report.js";
import { chatRollMode } from "../helpers/roll-mode.js";
import { isActorDoc, isItemDoc, isUuid } from "./api.js";
import { ruleTooltip } from "./rule-refs.js";

/** Issue 33 (review-play 2.4): what an `@Check` button asks a game's own `rollCheck`. */
export interface EnricherCheck {
  /** The three-letter ability ("" for none). */
  readonly ability: string;
  /** The skill's name as written ("" for none). */
  readonly skill: string;
  /** The difficulty the text gives (`dc=12`), or null: the card then says no verdict. */
  readonly dc: number | null;
}

declare module "../helpers/game.js" {
  interface GameTable {
    /** Issue 33: the checks an `@Check` enricher rolls in this game (applications/enricher-html.ts). */
    readonly checks: readonly ("ability" | "skill")[];
    /**
     * Issue 33 (review-play 2.4): the game's own roll of an `@Check` (loaded on first use), or null for Star Frontiers'
     * (workflows/optional/checks.ts: SF-B-24, SF-Z-04).
     */
    readonly rollCheck: ((actor: Actor.Implementation, check: EnricherCheck) => Promise<void>) | null;
  }
}

type Options = foundry.applications.ux.TextEditor.EnrichmentOptions | undefined;

const t = (key: string, data?: Record<string, string>): string =>
  (data ? game.i18n?.format(key, data) : game.i18n?.localize(key)) ?? key;

/** `str -10 skill="Beam Weapons"` → `{values: ["str", "-10"], skill: "Beam Weapons"}` (v13 `_parseEmbedConfig`'s). */
function parseArgs(raw: string): { values: string[]; named: Record<string, string> } {
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
/** Review-trust 2.2: at most this many dice in an `@Damage` formula (a huge count would hang the clicker's tab). */
const MAX_DICE = 100;
const damageOk = (formula: string): boolean =>
  DAMAGE.test(formula) &&
  [...formula.matchAll(/(\d*)d(\d+)/gi)].reduce((n, m) => n + (Number(m[1]) || 1), 0) <= MAX_DICE &&
  [...formula.matchAll(/d(\d+)/gi)].every((m) => Number(m[1]) >= 1 && Number(m[1]) <= 1000);

/**
 * Review-trust 2.2 (fixa): the seal of the buttons `enrich()` built on this page, random per page load and kept in
 * memory only. The click listener is on the page's body (enrichers.ts), so any `a.ft-enricher[data-ft-enricher]`
 * in the page matches it — raw HTML a player wrote on a journal page the GM then clicks too. A WeakSet of the built
 * elements cannot tell them apart: v13 `TextEditor.enrichHTML` returns a string (`return html.innerHTML`,
 * client/applications/ux/text-editor.mjs, code index id 18869245221), which the sheet parses into new elements. So
 * each built button carries this seal, which no stored text can know, and a click on anything else does nothing.
 */
const SEAL = foundry.utils.randomID(24);

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
  a.dataset.ftSeal = SEAL;
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
  } else a.dataset.tooltipText = whoRolls(data.actorUuid ?? "", kind === "attack" ? data.weapon : undefined);
  return a;
}

/**
 * Review-trust 2.2: who a button rolls for, whatever its `{label}` says: the tooltip reads "{actor} rolls" for the
 * text's actor (or a weapon UUID's actor) this user owns, else "Your selected token or character rolls".
 */
function whoRolls(actorUuid: string, weapon?: string): string {
  const of = (uuid: string) => (isUuid(uuid) ? fromUuidSync(uuid, { strict: false }) : null);
  const held = weapon ? of(weapon) : null;
  const actor = isItemDoc(held) && isActorDoc(held.parent) ? held.parent : of(actorUuid);
  return isActorDoc(actor) && actor.isOwner
    ? t("FT.Enricher.rollsFor", { actor: actor.name ?? "" })
    : t("FT.Enricher.rollsForYours");
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
      const data = {
        skill: named.skill,
        shifts: named.shifts ?? "",
        resultShift: named.resultShift ?? "",
        ability: (named.ability ?? values[0] ?? "").toLowerCase(),
        dc: named.dc ?? "",
      };
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
    // A game with its own checks (d20, SWN) has the d20 six ("int" is Intelligence there, Intuition in Star Frontiers).
    const name = t(table.rollCheck ? `FT.Enricher.ability.${ability}` : `FT.Ability.${ability}.label`);
    const text =
      label ??
      (adjustment
        ? t("FT.Enricher.abilityCheckAdjusted", { ability: name, adjustment: signed(adjustment) })
        : t("FT.Enricher.abilityCheck", { ability: name }));
    return button(
      "check",
      "fa-dice-d20",
      text,
      { ability, adjustment: String(adjustment), dc: named.dc ?? "", actorUuid },
      notHere("ability"),
    );
  }
  if (kind === "Attack") {
    const ref = raw.trim();
    const known = isUuid(ref) ? fromUuidSync(ref, { strict: false }) : null;
    const weapon = known && "name" in known && typeof known.name === "string" ? known.name : ref;
    return button("attack", "fa-crosshairs", label ?? t("FT.Enricher.attack", { weapon }), {
      weapon: ref,
      actorUuid,
    });
  }
  if (kind === "Damage") {
    const formula = raw.trim();
    if (!damageOk(formula)) return null;
    return button("damage", "fa-burst", label ?? t("FT.Enricher.damage", { formula }), {
      formula,
      actorUuid,
      // The writer's own words, kept for the roll's card (the default is drawn in each reader's language).
      label: label ?? "",
    });
  }
  // @Rule[SW-21]: a rule reference as every app shows one (rule-refs.ts decorates it when the sheet renders), then
  // the rule's title in the reader's language (the code, then "Burst": review-play rank 3), or the writer's `{label}`.
  const id = raw.trim().toUpperCase();
  if (!ruleTooltip(id)) return null;
  const cite = document.createElement("span");
  cite.className = "ft-rule-cite";
  const span = document.createElement("span");
  span.className = "ft-rule";
  span.textContent = id;
  cite.append(span, ` ${label ?? t(`FT.RuleRef.title.${id}`)}`);
  return cite;
}

/**
 * The actor who rolls: the text's owner when this user owns it, else the controlled token's, else the user's
 * character (review-trust 2.1: an enricher in an NPC's text an observer reads rolls for the reader's own, as dnd5e's
 * check enrichers do).
 */
async function roller(el: HTMLElement): Promise<Actor.Implementation | null> {
  const uuid = el.dataset.actorUuid ?? "";
  const owner = isUuid(uuid) ? await fromUuid(uuid) : null;
  if (isActorDoc(owner) && owner.isOwner) return owner;
  const token = canvas?.tokens?.controlled?.[0]?.actor;
  if (token) return token;
  // fvtt-types: `User#character` is the Actor; read by id as well, for a user whose character is stored unresolved.
  const character: unknown = game.user?.character;
  if (isActorDoc(character)) return character;
  return typeof character === "string" ? (game.actors?.get(character) ?? null) : null;
}

/**
 * Review-trust 2.2: the button's data as `enrich()` could have written it (a sealed button's data is its own, but a
 * script may have changed it since): an actor UUID or none, a weapon UUID or name, a three-letter ability, a damage
 * formula within {@link damageOk}.
 */
function wellFormed(d: DOMStringMap): boolean {
  if (d.actorUuid && !isUuid(d.actorUuid)) return false;
  if (d.dc && !/^\d{1,2}$/.test(d.dc)) return false;
  if (d.ftEnricher === "check" && !d.skill) return /^[a-z]{3}$/.test(d.ability ?? "");
  if (d.ftEnricher === "damage") return damageOk(d.formula ?? "");
  if (d.ftEnricher === "attack") return !!d.weapon && d.weapon.length <= 200;
  return d.ftEnricher === "check";
}

/** A click (or Enter) on an enricher's button: only one `enrich()` built on this page (review-trust 2.2). */
export async function onEnricherClick(el: HTMLElement, event: Event): Promise<void> {
  try {
    if (el.dataset.ftSeal !== SEAL || !wellFormed(el.dataset)) {
      console.warn(
        "Frontier Tactics | an enricher button this page did not build was ignored:",
        el.outerHTML,
      );
      return;
    }
    if (el.getAttribute("aria-disabled") === "true") return notify("warn", el.dataset.tooltipText ?? "");
    const kind = el.dataset.ftEnricher;
    const actor = await roller(el);
    if (!actor) return notify("warn", "FT.Enricher.noActor");
    const d = el.dataset;
    // Review-trust 2.1: the roller is the user's own (a GM owns every actor); told by name otherwise.
    if (!rollsFor(actor)) return;
    // Review-play 2.4: a game with its own checks rolls them (d20: d20 + the ability's modifier; SWN: 2d6 + skill +
    // attribute), in the chat's roll mode as the other enricher rolls.
    const own = currentGame().rollCheck;
    if (kind === "check" && own) {
      const dc = /^\d{1,2}$/.test(d.dc ?? "") ? Number(d.dc) : null;
      return own(actor, { ability: d.ability ?? "", skill: d.skill ?? "", dc });
    }
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
      // A weapon UUID on an actor this user owns: that actor attacks with it; else (review-trust 2.1: someone
      // else's, an NPC's) the roller's own weapon of that name.
      const held = isItemDoc(doc) && isActorDoc(doc.parent) ? doc : null;
      const owned = held && isActorDoc(held.parent) && held.parent.isOwner ? held : null;
      const name = isItemDoc(doc) ? (doc.name ?? "") : ref;
      const item = owned ?? actor.items.getName(name);
      if (!item) return notify("warn", "FT.Enricher.noItem", { name: actor.name ?? "", item: name });
      const { attackWithWeapon } = await import("../workflows/attack/attack.js");
      const shift = "shiftKey" in event && event.shiftKey === true;
      const by = owned && isActorDoc(owned.parent) ? owned.parent : actor;
      if (!rollsFor(by)) return;
      return attackWithWeapon(by, item, { fast: shift });
    }
    if (kind === "damage") {
      // Review-ux 3.7: a card that says what was rolled — the button's words, its dice and total — in each reader's
      // language (a rule card's keys), with the Roll for the dice, in the chat's roll mode.
      const formula = d.formula ?? "";
      if (!damageOk(formula)) return;
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
