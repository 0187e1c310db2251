/**
 * A status effect that lasts a number of turns (a doze grenade's sleep, a stun): the same ActiveEffect
 * `Actor#toggleStatusEffect` creates for the status (its name and icon from `CONFIG.statusEffects`, `statuses` the
 * one id, the overlay flag), with the duration every user sees on the effect: `rounds` (one combat round is a
 * 6-second turn) and `seconds` of world time from now, and in a running combat its round and turn. v13's
 * `toggleStatusEffect` takes no duration (client/documents/actor.mjs), so the effect is created here; turning the
 * status off (`toggleStatusEffect(id, {active: false})`, undo, a Stimdose) finds it as it finds its own, by its
 * single status. Schema: common/documents/active-effect.mjs `duration` (search id 7781359244).
 */
import { SECONDS_PER_TURN } from "../rules/index.js";

type ActorI = Actor.Implementation;

export async function turnOnFor(
  actor: ActorI,
  statusId: string,
  turns: number,
  overlay: boolean,
): Promise<void> {
  if (actor.statuses.has(statusId)) return;
  const status = CONFIG.statusEffects.find((s) => s.id === statusId);
  if (!status) {
    await actor.toggleStatusEffect(statusId, { active: true, overlay });
    return;
  }
  const combat = game.combat;
  const running = !!combat?.started;
  const effect: ActiveEffect.CreateData = {
    name: game.i18n?.localize(status.name ?? statusId) ?? statusId,
    img: status.img ?? null,
    statuses: [statusId],
    duration: {
      rounds: turns,
      seconds: turns * SECONDS_PER_TURN,
      startTime: game.time?.worldTime ?? 0,
      ...(running && combat
        ? { combat: combat.id, startRound: combat.round, startTurn: combat.turn ?? 0 }
        : {}),
    },
    flags: { core: { overlay } },
  };
  await actor.createEmbeddedDocuments("ActiveEffect", [effect]);
}
