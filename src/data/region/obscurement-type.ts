/**
 * The name and degrees of the `frontier-tactics.obscurement` RegionBehavior subtype (SW-32), apart from its model
 * class (`obscurement.ts`), which extends a Foundry class and so loads only inside Foundry. The type name carries the
 * system id, as dnd5e declares `dnd5e.difficultTerrain` in its system.json `documentTypes`.
 */
import { SYSTEM_ID } from "../../constants.js";
import { COVER_DEGREES, type CoverDegree } from "../../rules/index.js";

export const OBSCUREMENT_TYPE = `${SYSTEM_ID}.obscurement` as const;

export type ObscurementDegree = Exclude<CoverDegree, "none">;

/** The degrees a region can give (no "none": a region that conceals nothing is a disabled behaviour). */
export const OBSCUREMENT_DEGREES: readonly ObscurementDegree[] = COVER_DEGREES.filter(
  (d): d is ObscurementDegree => d !== "none",
);

export const isObscurementDegree = (d: unknown): d is ObscurementDegree =>
  (OBSCUREMENT_DEGREES as readonly unknown[]).includes(d);
