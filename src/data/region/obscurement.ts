/**
 * The `frontier-tactics.obscurement` RegionBehavior subtype (SW-32, design ruling 5 and §5 "Concealment"): a region
 * the GM draws over fog, smoke, foliage or darkness, with the concealment degree the seed's table gives it (light fog
 * ¼ 10 %, dense fog at 2 m ½ 20 %, dense foliage ¾ 30 %, near total darkness 9/10 40 %, total darkness or dense fog
 * at 4 m total 50 % and guess the square). A d20 attack whose line of fire passes through an active one gets its miss
 * chance (`canvas/obscurement.ts`); the highest of all sources applies (SW-32). It handles no Region events: it is
 * data the attack reads, as core's own Suppress Weather is data the weather reads.
 * Its name and degrees are in `obscurement-type.ts`, which loads outside Foundry too.
 */
import { OBSCUREMENT_DEGREES } from "./obscurement-type.js";

const { StringField } = foundry.data.fields;

function obscurementSchema() {
  return {
    degree: new StringField({
      required: true,
      blank: false,
      initial: "half",
      choices: Object.fromEntries(OBSCUREMENT_DEGREES.map((d) => [d, `FT.Obscurement.degree.${d}`])),
    }),
  };
}

export class ObscurementBehavior extends foundry.data.regionBehaviors.RegionBehaviorType<
  ReturnType<typeof obscurementSchema>
> {
  static override LOCALIZATION_PREFIXES = ["FT.Obscurement"];

  static override defineSchema() {
    return obscurementSchema();
  }
}
