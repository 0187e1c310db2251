/** Health models (issue 14): what a hit does to its target, chosen by the target, never by the engine. */
export * from "./hit-points.js";
export * from "./model.js";
export * from "./squad.js";
export * from "./stamina.js";
export * from "./vitality-wounds.js";

import type { HitPointsHealth } from "./hit-points.js";
import type { SquadHealth } from "./squad.js";
import type { StaminaHealth } from "./stamina.js";
import type { VitalityWoundsHealth } from "./vitality-wounds.js";

/** A target's health as its model keeps it. */
export type HealthState = StaminaHealth | VitalityWoundsHealth | HitPointsHealth | SquadHealth;
