/**
 * Review-trust 2.1 (fixa): one guard before anything is rolled for an actor from outside its sheet — the API
 * (`game.system.api`), a hotbar macro, an enricher's button. A user rolls only for an actor they own (a GM owns every
 * one); anyone else is told "You do not own {actor}" and nothing is rolled, spent or posted (before: a raw server
 * error at the ammunition write, or a card that spoke as the NPC until the GM refused it at Apply). An actor the user
 * cannot see is not named (review-trust 3.3's rule): "that actor".
 */
import { notify } from "./report.js";

export function rollsFor(actor: Actor.Implementation): boolean {
  if (actor.isOwner) return true;
  const user = game.user;
  const seen = !!user && actor.testUserPermission(user, "LIMITED");
  notify("warn", "FT.Api.notOwner", {
    actor: seen ? (actor.name ?? "") : (game.i18n?.localize("FT.Api.thatActor") ?? ""),
  });
  return false;
}
