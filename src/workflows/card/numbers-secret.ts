import { SYSTEM_ID } from "../../constants.js";
import { clientSettings, SETTINGS } from "../../helpers/settings.js";

type ActorI = Actor.Implementation;

/**
 * An NPC whose numbers the card keeps from players (issue "trust", R1-5): no player owns it, some player cannot
 * observe it, and the world does not show NPC numbers. Every client receives the card's data, so what it leaves
 * out is out for everyone.
 */
export function keepsNumbersSecret(actor: ActorI | null | undefined): boolean {
  if (!actor || clientSettings().get(SYSTEM_ID, SETTINGS.showNpcNumbers)) return false;
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM);
  if (players.some((u) => actor.testUserPermission(u, "OWNER"))) return false;
  return players.some((u) => !actor.testUserPermission(u, "OBSERVER"));
}
