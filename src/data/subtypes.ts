/**
 * Type guards for the item and actor subtypes whose `system` is one of this system's data models. They test only
 * `type`, exactly as `doc.type === "weapon"` does; what they add is the type: fvtt-types gives a document of any
 * subtype a `system` that is the union of every model, and a guard narrows it to the model of that subtype
 * (`Item.OfType<"weapon">` is FrontierItem<"weapon">, see types/foundry-config.d.ts). No Foundry global is touched,
 * so pure code and tests can import this. They sit with the models (issue 29: `data/models.ts` reads an actor's
 * skill and armour items through them, and may import nothing above `data/`); `documents/subtypes.ts` passes them on
 * beside the guards of the other documents.
 */

/** The item subtypes this system defines. */
export type FrontierItemType = "weapon" | "defense" | "powerSource" | "gear" | "skill" | "race";
const ITEM_TYPES: readonly string[] = ["weapon", "defense", "powerSource", "gear", "skill", "race"];

/** Is this one of our item subtypes (not a module's own)? Its `system` is then one of our item models. */
export function isFrontierItem(item: Item.Implementation): item is Item.OfType<FrontierItemType> {
  return ITEM_TYPES.includes(item.type);
}

export function isItemType<T extends Item.SubType>(
  item: Item.Implementation,
  type: T,
): item is Item.OfType<T> {
  return item.type === type;
}

/**
 * The Star Frontiers actor subtypes this system defines; their `system` is {@link ActorSystem}. The system's `squad`
 * (SWN-17) is not one of them: it has no Stamina and no abilities, so every reader of these fields treats a squad as
 * "not ours" (see {@link isSquad}).
 */
export type FrontierActorType = "character" | "creature";
export type ActorSystem = Actor.SystemOfType<FrontierActorType>;

/**
 * Is this a character or a creature? Any other actor (a module's own subtype) has none of our fields, and
 * fvtt-types says so: its `system` is the union of every model, the unknown ones included, until this guard.
 */
export function isFrontierActor(actor: Actor.Implementation): actor is Actor.OfType<FrontierActorType> {
  return actor.type === "character" || actor.type === "creature";
}

/** SWN-17: is this a Stars Without Number squad (one token for several NPCs, its own `system`, no Star Frontiers fields)? */
export function isSquad(actor: Actor.Implementation): actor is Actor.OfType<"squad"> {
  return actor.type === "squad";
}

/**
 * A character's or creature's `system`, or undefined for no actor or any other actor. For readers that fall back
 * to a default when a field is missing: they read the same values as before, now typed.
 */
export function actorSystem(actor: Actor.Implementation | null | undefined): ActorSystem | undefined {
  return actor && isFrontierActor(actor) ? actor.system : undefined;
}
