/**
 * Issue 33: the system's public API for macros and modules, `game.system.api` (`game.system.api.attack(actor,
 * weapon)` in a script macro). Foundry v13 gives a package no API slot of its own: client/packages/client-package.mjs
 * builds `game.system` (a `System`) and each `game.modules.get(id)` (a `Module`) from the manifest, and modules set an
 * `api` property on their Module by convention; dnd5e puts its own on `game.dnd5e`. A system's counterpart is
 * `game.system.api`, set here at `init` (game.system exists from the Game's construction, before any hook).
 *
 * This module loads when a macro first calls the API (api-register.ts puts a lazy stand-in for each function on
 * `game.system.api` at `init`), and what it runs loads then too (the main module stays within its budget): the rules of every engine
 * (pure functions, no Foundry: `const { engine, createEngine } = await api.rules()`), and the workflows a user's
 * click runs — so a macro is held to the same checks, dialogs and GM referee as the sheet or the card.
 */

import { currentGame } from "../helpers/game.js";
import { rollsFor } from "../helpers/own-actor.js";
import { notify, report } from "../helpers/report.js";
import type { AttackOptions } from "../workflows/attack/attack-options.js";

/** A document UUID's shape ("Actor.abc…", "Scene.….Token.….Actor.…", "Compendium.pack.Item.…"), for `fromUuid`. */
export function isUuid(s: string): s is string & Parameters<typeof fromUuid>[0] {
  return /^[A-Z][\w-]*(\.[\w-]+)+$/.test(s);
}
/** This client's actor class (fvtt-types: `instanceof Actor` alone does not give `Actor.Implementation`). */
export const isActorDoc = (d: unknown): d is Actor.Implementation => d instanceof Actor;
/** This client's item class, as {@link isActorDoc}. */
export const isItemDoc = (d: unknown): d is Item.Implementation => d instanceof Item;

type ActorRef = Actor.Implementation | string;
type ItemRef = Item.Implementation | string;

/**
 * An actor from itself or its UUID ("Actor.abc…", a token's "Scene.….Token.….Actor.…") that this user owns, else
 * null (told: no such actor, or review-trust 2.1's "You do not own {actor}", before anything is rolled).
 */
async function actorOf(ref: ActorRef): Promise<Actor.Implementation | null> {
  const doc = typeof ref === "string" ? (isUuid(ref) ? await fromUuid(ref) : null) : ref;
  if (isActorDoc(doc)) return rollsFor(doc) ? doc : null;
  notify("warn", "FT.Api.noActor", { ref: String(typeof ref === "string" ? ref : ref?.uuid).slice(0, 80) });
  return null;
}

/** The actor's own item, from itself, its id, its name or its UUID, else null (told). */
async function itemOf(actor: Actor.Implementation, ref: ItemRef): Promise<Item.Implementation | null> {
  const doc =
    typeof ref === "string"
      ? (actor.items.get(ref) ?? actor.items.getName(ref) ?? (isUuid(ref) ? await fromUuid(ref) : null))
      : ref;
  if (isItemDoc(doc) && doc.parent === actor) return doc;
  notify("warn", "FT.Api.noItem", { ref: String(typeof ref === "string" ? ref : ref?.name).slice(0, 80) });
  return null;
}

/** A chat message from itself or its id. */
const messageOf = (ref: ChatMessage.Implementation | string): ChatMessage.Implementation | null =>
  typeof ref === "string" ? (game.messages?.get(ref) ?? null) : ref;

/** A game's name in this user's language. */
const gameLabel = (key: string): string => game.i18n?.localize(key) ?? key;

export const FRONTIER_API = {
  /**
   * The rules engines, loaded when first asked: `createEngine(id, tables?, profile?)` builds any of them ("alphaDawn",
   * "zebulon", "d20" with profile "sw" or "swn"), `engine` is this world's. Pure functions of numbers (dice come in as
   * numbers). Not the whole rules barrel: a dynamic import of its namespace puts every engine into the main module
   * (Rollup places what the namespace needs with the barrel's static importers), as the build's budget showed.
   */
  async rules() {
    const { createEngine } = await import("../rules/create-engine.js");
    const { currentEngine } = await import("../helpers/settings.js");
    return { createEngine, engine: await currentEngine() };
  },
  /** The weapon's attack at this user's targets, as the sheet's Attack (`{fast: true}`: no dialog, as shift-click). */
  async attack(actor: ActorRef, weapon: ItemRef, options: Pick<AttackOptions, "fast"> = {}): Promise<void> {
    const a = await actorOf(actor);
    const item = a ? await itemOf(a, weapon) : null;
    if (!a || !item) return;
    const { attackWithWeapon } = await import("../workflows/attack/attack.js");
    await attackWithWeapon(a, item, { fast: !!options.fast });
  },
  /**
   * The check the world's game rolls, as its sheet and `@Check` do: Star Frontiers' ability check (SF-B-24) at the
   * score, adjusted ±5, 10 or 15; Star Wars d20's d20 + the ability's modifier; Stars Without Number's 2d6 + the
   * skill (`options.skill`: Notice or Lead) + the attribute's modifier — the d20 games against `options.dc` when given
   * (issue 33, final review 1: a d20 world's call rolled Star Frontiers' d100 against its default scores).
   */
  async check(
    actor: ActorRef,
    ability: string,
    adjustment = 0,
    options: { readonly dc?: number; readonly skill?: string } = {},
  ): Promise<void> {
    const a = await actorOf(actor);
    if (!a) return;
    const table = currentGame();
    if (table.rollCheck) {
      const label = gameLabel(table.label);
      // The d20 games' checks take no ±5/10/15 adjustment (SF-B-24's), and SWN has only skill checks.
      if (adjustment) return notify("warn", "FT.Api.noAdjustment", { game: label });
      if (!table.checks.includes(options.skill ? "skill" : "ability"))
        return notify("warn", "FT.Enricher.notInGame", { game: label });
      const dc = options.dc;
      if (dc !== undefined && !(Number.isInteger(dc) && dc >= 0 && dc <= 99))
        return notify("warn", "FT.Api.badDc", { dc: String(dc).slice(0, 20) });
      const asked = { ability: String(ability).toLowerCase(), skill: options.skill ?? "", dc: dc ?? null };
      return table.rollCheck(a, asked).catch(report);
    }
    const { rollAbilityCheck } = await import("../workflows/optional/checks.js");
    await rollAbilityCheck(a, ability, adjustment).catch(report);
  },
  /** A Zebulon skill check (SF-Z-01 … SF-Z-07) with the skill item's level; options as the sheet's prompt. */
  async skillCheck(
    actor: ActorRef,
    skill: ItemRef,
    options: { shifts?: number; resultShift?: number; required?: string | null } = {},
  ): Promise<void> {
    const a = await actorOf(actor);
    const item = a ? await itemOf(a, skill) : null;
    if (!a || !item) return;
    const { rollSkillCheck } = await import("../workflows/optional/checks.js");
    await rollSkillCheck(a, item, options).catch(report);
  },
  /** Apply an attack card's damage to the targets named (their card ids), else to all: the GM checks it. */
  async apply(message: ChatMessage.Implementation | string, targetIds: string[] = []): Promise<void> {
    const m = messageOf(message);
    if (!m) return notify("warn", "FT.Api.noMessage", { ref: String(message).slice(0, 80) });
    const { requestCardDamage } = await import("../workflows/card/card-actions.js");
    await requestCardDamage(m, "apply", targetIds);
  },
  /** Undo what was applied from an attack card (the GM's). */
  async undo(message: ChatMessage.Implementation | string, targetIds: string[] = []): Promise<void> {
    const m = messageOf(message);
    if (!m) return notify("warn", "FT.Api.noMessage", { ref: String(message).slice(0, 80) });
    const { requestCardDamage } = await import("../workflows/card/card-actions.js");
    await requestCardDamage(m, "undo", targetIds);
  },
  /** Open the Rule Index at a rule ("SW-21"). */
  async openRule(id: string): Promise<void> {
    const { openRuleIndex } = await import("./rule-refs.js");
    await openRuleIndex(id);
  },
  /** A hotbar macro's roll (issue 33): the weapon, skill or squad attack the macro was made from, as its sheet rolls it. */
  async rollItemMacro(uuid: string): Promise<void> {
    await (await import("../workflows/macros.js")).rollItemMacro(uuid);
  },
  /** A hotbar macro's ability check (issue 33), as the sheet's check button rolls it. */
  async rollCheckMacro(actorUuid: string, ability: string): Promise<void> {
    await (await import("../workflows/macros.js")).rollCheckMacro(actorUuid, ability);
  },
};

export type FrontierApi = typeof FRONTIER_API;
