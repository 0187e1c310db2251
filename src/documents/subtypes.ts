/**
 * Type guards for document subtypes. They test only `type`, exactly as `doc.type === "weapon"` does; what they add
 * is the type: fvtt-types gives a document of any subtype a `system` that is the union of every model, and a guard
 * narrows it to the model of that subtype (`Item.OfType<"weapon">` is FrontierItem<"weapon">, see
 * types/foundry-config.d.ts). No Foundry global is touched, so pure code and tests can import this. The item and
 * actor guards are the models' (`data/subtypes.ts`, issue 29); these are the combat's.
 */

/**
 * The id of a combatant's side. v13's `Combatant#_prepareGroup` replaces `group` (the stored id) with the group
 * document when that group exists, and leaves the raw id when it does not; then the combatant has no side.
 * fvtt-types 13.345 types `group` as the stored id only, so it is read as unknown and tested.
 */
export function sideIdOf(c: Combatant.Implementation): string | null {
  const group: unknown = c.group;
  return typeof group === "object" && group !== null && "id" in group && typeof group.id === "string"
    ? group.id
    : null;
}

/** The side (CombatantGroup) a combatant belongs to, as `Combatant#_prepareGroup` linked it; see {@link sideIdOf}. */
export function sideOf(c: Combatant.Implementation): CombatantGroup.Implementation | null {
  const linked: unknown = c.group;
  const id = sideIdOf(c);
  const group = id ? c.parent?.groups.get(id) : undefined;
  return group && group === linked ? group : null;
}

/** Is this group one of our sides (the `side` subtype, whose `system` is the side model)? */
export function isSide(group: CombatantGroup.Implementation): group is CombatantGroup.OfType<"side"> {
  return group.type === "side";
}

/** Is this chat message an attack card (the `attack` subtype, whose `system.card` holds the card)? */
export function isAttackMessage(
  message: ChatMessage.Implementation,
): message is ChatMessage.OfType<"attack"> {
  return message.type === "attack";
}

/**
 * A token document from the UUID our cards store ("Scene.<id>.Token.<id>"), looked up in the world's scenes: what
 * `fromUuid` returns for such a UUID, typed, and without fvtt-types' template-literal UUID type.
 */
export function tokenByUuid(uuid: string): TokenDocument.Implementation | null {
  const parts = uuid.split(".");
  const [scene, sceneId, token, tokenId] = parts;
  if (parts.length !== 4 || scene !== "Scene" || token !== "Token" || !sceneId || !tokenId) return null;
  return game.scenes?.get(sceneId)?.tokens.get(tokenId) ?? null;
}
