/** Pure constants shared by the Foundry-facing code. */
export const SYSTEM_ID = "frontier-tactics";
export const systemPath = (p: string) => `systems/${SYSTEM_ID}/${p}`;
export const templatePath = (p: string) => systemPath(`templates/${p}`);

/** Templates used as partials (`{{> "systems/frontier-tactics/templates/…"}}`), preloaded in `init`. */
export const PARTIALS = [
  "item/body-weapon.hbs",
  "item/body-defense.hbs",
  "item/body-powerSource.hbs",
  "item/body-gear.hbs",
  "item/body-skill.hbs",
  "item/body-race.hbs",
  "apps/turn.hbs",
  "actor/d20.hbs",
  "actor/swn.hbs",
  "item/body-weapon-d20.hbs",
  "item/body-defense-d20.hbs",
  // Issue 30: the percentile games' abilities block and the weapon's ammunition (shared by the d20 weapon body).
  "actor/sf-abilities.hbs",
  "item/body-ammo.hbs",
  // Issue 28: the side roll card, drawn from its data on every page (workflows/card/side-roll-card.ts).
  "chat/side-roll.hbs",
  // Issue 33: the d20 and SWN games' cost and weight of a weapon or a suit (review-play 1.2).
  "item/body-cost.hbs",
] as const;
