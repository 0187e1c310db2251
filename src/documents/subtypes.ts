/**
 * Type guards for document subtypes. They test only `type`, exactly as `doc.type === "weapon"` does; what they add
 * is the type: fvtt-types gives a document of any subtype a `system` that is the union of every model, and a guard
 * narrows it to the model of that subtype (`Item.OfType<"weapon">` is FrontierItem<"weapon">, see
 * types/foundry-config.d.ts). No Foundry global is touched, so pure code and tests can import this.
 */

export function isItemType<T extends Item.SubType>(
  item: Item.Implementation,
  type: T,
): item is Item.OfType<T> {
  return item.type === type;
}

/** The actor subtypes this system defines; their `system` is {@link ActorSystem}. */
export type FrontierActorType = "character" | "creature";

/**
 * Is this a character or a creature? Any other actor (a module's own subtype) has none of our fields, and
 * fvtt-types says so: its `system` is the union of every model, the unknown ones included, until this guard.
 */
export function isFrontierActor(actor: Actor.Implementation): actor is Actor.OfType<FrontierActorType> {
  return actor.type === "character" || actor.type === "creature";
}
