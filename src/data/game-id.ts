/**
 * Issue 30: the stored values that name a game — the engine and d20 profile settings, and what a card records of the
 * game it was rolled under — and how each is read (anything unknown is the default). Pure: helpers/game.ts picks the
 * world's game with these, helpers/settings.ts registers the settings with these choices.
 */
import type { EngineId } from "../rules/index.js";

/** The games a world can play: SWN is the d20 engine's `swn` profile (ruling 1). */
export const GAME_IDS = ["alphaDawn", "zebulon", "d20", "swn"] as const;
export type GameId = (typeof GAME_IDS)[number];

/** The engine setting's choices (i18n keys), in the settings menu's order. */
export const ENGINE_CHOICES: Readonly<Record<EngineId, string>> = {
  alphaDawn: "FT.Engine.alphaDawn",
  zebulon: "FT.Engine.zebulon",
  d20: "FT.Engine.d20",
};

/** The d20 profile setting's choices (ruling 1). */
export const PROFILE_CHOICES: Readonly<Record<"sw" | "swn", string>> = {
  sw: "FT.Profile.sw",
  swn: "FT.Profile.swn",
};

/** A stored engine id as one of the engines (anything unknown is Alpha Dawn, the default). */
export function engineIdOf(id: unknown): EngineId {
  return id === "zebulon" || id === "d20" ? id : "alphaDawn";
}

/** A stored d20 profile (ruling 1); anything unknown is `sw`. */
export function profileIdOf(profile: unknown): "sw" | "swn" {
  return profile === "swn" ? "swn" : "sw";
}

/** The game of an engine id and a d20 profile as stored (anything unknown is Alpha Dawn, the default engine). */
export function gameIdOf(engine: unknown, profile?: unknown): GameId {
  const id = engineIdOf(engine);
  return id === "d20" && profileIdOf(profile) === "swn" ? "swn" : id;
}

/** What a card records of its game besides its engine: SWN's profile, nothing for the others (`gameOf`'s inverse). */
export function cardProfile(profile: unknown): { readonly profile?: "swn" } {
  return profileIdOf(profile) === "swn" ? { profile: "swn" } : {};
}
