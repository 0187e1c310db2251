/**
 * The character and creature sheet's context (issue 30), pure: the sheet (actor-sheet.ts) and the template check and
 * previews (tests/fixtures/) both build it here, from the actor's data and the world's game's `sheet` section
 * (sheet-seam.ts). The game names its blocks, weapon cells and the shared controls it draws; this file knows none.
 */
import { templatePath } from "../../constants.js";
import { HANDEDNESS, RACES } from "../../data/actor/specs.js";
import type { WeaponSystem } from "../../data/item/facts.js";
import type { FeedChoice } from "../../data/item/power.js";
import type { ActorSystem } from "../../data/subtypes.js";
import { staminaBar, weaponRow } from "./context.js";
import { creatureContext } from "./creature-context.js";
import { withFeed } from "./power-context.js";
import type { GameSheetSeam } from "./sheet-seam.js";

/** An item as the sheet's lists show it. */
export interface SheetItem {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly type: string;
  readonly system: unknown;
}

/** A weapon item as its row needs it. */
export interface SheetWeapon {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly system: WeaponSystem;
}

export interface ActorSheetInput {
  /** "character" or "creature" (the sheet is registered for those). */
  readonly type: string;
  readonly name: string;
  /** The prepared system (with `derived`). */
  readonly system: ActorSystem;
  /** The stored numbers, which edit mode's inputs show (`actor.system._source`). */
  readonly source: object;
  /** Every item but the weapons, for the lists. */
  readonly items: readonly SheetItem[];
  readonly weapons: readonly SheetWeapon[];
  /** Which source powers each weapon and screen, by item id (SF-X-36, power-context.ts `feedsOf`). */
  readonly feeds: Readonly<Record<string, FeedChoice | null>>;
  readonly variant: "basic" | "expanded";
  /** Bare-hand melee's tooltip, localised (empty where the game has no Punch). */
  readonly punchHint: string;
  /** The client's i18n format (a parameter, so the context is built in a test without Foundry). */
  readonly format: (key: string, data: Record<string, string>) => string;
}

export function actorSheetContext(input: ActorSheetInput, seam: GameSheetSeam) {
  const sys = input.system;
  const show = seam.shows;
  const isCharacter = input.type === "character";
  const of = (...types: string[]) => input.items.filter((i) => types.includes(i.type));
  const dex = sys.abilities.dex?.value ?? 0;
  return {
    system: sys,
    source: input.source,
    isCharacter,
    show,
    defensesHeading: seam.defensesHeading,
    /** The game's own blocks, drawn at the top of the combat tab. */
    blocks: seam.blocks.map((b) => ({ partial: templatePath(b) })),
    ...seam.blockContext(sys),
    creature:
      !isCharacter && show.creatureAttack
        ? creatureContext({ damage: storedDamage(input.source) }, input.name, input.format)
        : null,
    raceChoices: Object.fromEntries(RACES.map((r) => [r, `FT.Race.${r}`])),
    handChoices: Object.fromEntries(HANDEDNESS.map((h) => [h, `FT.Hand.${h}`])),
    variant: input.variant,
    stamina: staminaBar(sys.stamina.value, sys.stamina.max),
    derived: sys.derived,
    punch: { hint: input.punchHint },
    weaponHeads: seam.weaponHeads,
    weapons: input.weapons.map((w) => {
      const row = withFeed(
        weaponRow(w, sys.derived, dex, input.variant),
        input.feeds[w.id],
        w.system.ammo.perShot,
      );
      return { ...row, ...seam.weaponRow(row, w.system, sys) };
    }),
    defenses: of("defense").map((d) => ({ ...d, feed: input.feeds[d.id] ?? null })),
    power: of("powerSource"),
    skills: of("skill"),
    gear: of("gear", "race"),
  };
}
export type ActorSheetContext = ReturnType<typeof actorSheetContext>;

/** A creature's stored damage formula ("" when there is none): what its Attack button is checked against. */
function storedDamage(source: object): string {
  return "damage" in source && typeof source.damage === "string" ? source.damage : "";
}
