/**
 * A status effect that lasts a number of turns (a doze grenade's sleep, a stun): the same ActiveEffect
 * `Actor#toggleStatusEffect` creates for the status (its name and icon from `CONFIG.statusEffects`, `statuses` the
 * one id, the overlay flag), with the duration every user sees on the effect: `rounds` (one combat round is a
 * 6-second turn) and `seconds` of world time from now, and in a running combat its round and turn. v13's
 * `toggleStatusEffect` takes no duration (client/documents/actor.mjs), so the effect is created here; turning the
 * status off (`toggleStatusEffect(id, {active: false})`, undo, a Stimdose) finds it as it finds its own, by its
 * single status. Schema: common/documents/active-effect.mjs `duration` (search id 7781359244).
 */
import { SYSTEM_ID } from "../../constants.js";
import { perPage } from "../../helpers/page-state.js";
import { guard } from "../../helpers/report.js";
import { KeyedQueue } from "../../helpers/serial.js";
import { SECONDS_PER_TURN } from "../../rules/index.js";

type ActorI = Actor.Implementation;
type EffectI = ActiveEffect.Implementation;

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
    flags: { core: { overlay }, [SYSTEM_ID]: { timed: true } },
  };
  await actor.createEmbeddedDocuments("ActiveEffect", [effect]);
}

/**
 * Has a timed status of ours run out? In the combat it began in, while that combat runs: once the round has
 * advanced by its rounds (a one-turn stun set in round 1 ends when round 2 begins). Otherwise — set outside a
 * combat, or its combat has ended — once world time has passed its seconds (a round moves world time on by 6 s).
 */
export function hasRunOut(
  effect: Pick<EffectI, "_source" | "flags">,
  now: { combatId: string | null; round: number; worldTime: number },
): boolean {
  if (!effect.flags?.[SYSTEM_ID]?.timed) return false;
  // The stored duration: its `combat` is the combat's id (the prepared field resolves it to the document).
  const d = effect._source.duration;
  if (d.combat && d.combat === now.combatId && d.rounds != null)
    return now.round >= (d.startRound ?? 0) + d.rounds;
  return d.seconds != null && now.worldTime >= (d.startTime ?? 0) + d.seconds;
}

/**
 * v13 records a duration but never ends an effect (client/documents/active-effect.mjs has no expiry; it came in
 * v14): the active GM's client deletes our timed statuses that ran out, on every actor in the combat and every
 * world actor and token actor of the viewed scene, one delete per actor. A doze sleep ends, a stun lifts.
 */
export function expireTimedStatuses(combat: Combat.Implementation | null): Promise<void> {
  // A new round fires both updateCombat and updateWorldTime: one pass at a time, each reading the effects afresh.
  // A pass that fails is reported by its caller; the next pass still runs (KeyedQueue).
  return expiring().run("expire", () => expireNow(combat));
}
/** This page's expiry passes, one at a time. */
const expiring = perPage(() => new KeyedQueue());

async function expireNow(combat: Combat.Implementation | null): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  const now = {
    combatId: combat?.id ?? null,
    round: combat?.round ?? 0,
    worldTime: game.time?.worldTime ?? 0,
  };
  const actors = new Map<string, ActorI>();
  for (const c of combat?.combatants ?? []) if (c.actor) actors.set(c.actor.uuid, c.actor);
  for (const a of game.actors ?? []) actors.set(a.uuid, a);
  for (const t of canvas?.scene?.tokens ?? []) if (t.actor) actors.set(t.actor.uuid, t.actor);
  for (const actor of actors.values()) {
    const ids = actor.effects.filter((e) => hasRunOut(e, now)).map((e) => e.id ?? "");
    if (ids.length) await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
  }
}

/** Once per page: a new round of a combat, or world time moving on, ends what ran out. */
export function registerStatusExpiry(): void {
  Hooks.on("updateCombat", (combat, changed) => {
    if (changed.round !== undefined) void guard(() => expireTimedStatuses(combat));
  });
  Hooks.on("updateWorldTime", () => void guard(() => expireTimedStatuses(game.combat ?? null)));
  // A combat ended: what began in it now runs by world time.
  Hooks.on("deleteCombat", () => void guard(() => expireTimedStatuses(game.combat ?? null)));
}
