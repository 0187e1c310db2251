/**
 * What the active GM does with side Morale (issue 16; SWN-09, SWN-10, SWN-12, SWN-13; moved out of side-morale.ts,
 * which holds the numbers, who holds the factors and what a reader keeps): keep the factors a GM enters (SWN-12,
 * `setGmFactors`), recompute a side when something it counts changes and write its band and card (`refreshMorale`,
 * `settleSide`), record an intimidation, and answer the Intimidate and Read Morale requests. Loaded when first needed (side-morale-hooks.ts wires its requests and hooks).
 */
import { playsSideMorale } from "../../../canvas/morale-band.js";
import { SYSTEM_ID } from "../../../constants.js";
import { keyed, line, literal, type RuleLine } from "../../../data/chat/rule-card.js";
import { actorSystem } from "../../../data/subtypes.js";
import { combatState } from "../../../documents/combat/gm-state.js";
import { isSide, sideIdOf } from "../../../documents/subtypes.js";
import { QUERY_TIMEOUT } from "../../../helpers/gm-query.js";
import { perPage } from "../../../helpers/page-state.js";
import { notify } from "../../../helpers/report.js";
import { askedRollMode, postedFor } from "../../../helpers/roll-mode-asked.js";
import { KeyedQueue } from "../../../helpers/serial.js";
import { clientSettings, SETTINGS } from "../../../helpers/settings.js";
import {
  checkIntimidateThisRound,
  checkReadThisRound,
  intimidate,
  MORALE_BANDS,
  type MoraleBand,
  moraleCheckBonus,
  RulesError,
  readMorale,
} from "../../../rules/index.js";
import { postRuleCard } from "../../../workflows/card/rule-card.js";
import {
  bandEffects,
  type GmMoraleFactors,
  gmFactors,
  holderOf,
  holdsFactors,
  isRecord,
  keepRead,
  type MoraleMember,
  membersOf,
  moraleOfSide,
  notHeld,
  type PublicMorale,
  publicOf,
  readStore,
  type Store,
  sideMoraleNow,
  startOf,
  warnNotHeld,
} from "./side-morale.js";
import { QUERY_CLAIM, QUERY_READING } from "./side-morale-queries.js";

type CombatI = Combat.Implementation;
type GroupI = CombatantGroup.OfType<"side">;
type UserI = User.Implementation;

/**
 * Keep the GM's factors of a side (GM), dropping combats no longer in the world; the group then names this browser
 * as their holder (a new key when it did not hold them: entering them here takes the side over); then recompute.
 */
export async function setGmFactors(combat: CombatI, sideId: string, f: GmMoraleFactors): Promise<void> {
  const group = combat.groups.get(sideId);
  if (!group || !isSide(group)) return;
  const live = new Set((game.combats?.contents ?? []).map((c) => c.id ?? ""));
  const store = readStore("sideMorale");
  const held = holdsFactors(combat, group) ? holderOf(group) : null;
  const key = held?.key ?? foundry.utils.randomID();
  const next: Store = {};
  for (const [id, sides] of Object.entries(store)) if (live.has(id)) next[id] = sides;
  next[combat.id ?? ""] = { ...(next[combat.id ?? ""] ?? {}), [sideId]: { ...f, key } };
  await clientSettings().set(SYSTEM_ID, SETTINGS.sideMorale, next);
  if (held?.key !== key || held.user !== game.user?.id)
    await group.update({ system: { moraleFactors: { user: game.user?.id ?? "", key } } });
  await refreshMorale(combat);
}

const QUEUE = perPage(() => new KeyedQueue());

/**
 * The active GM: bring every side's public record in line with its Morale now — the band, and the start snapshot
 * once the combat has started — in one group update per side that changed, and one card per band change.
 */
export function refreshMorale(combat: CombatI): Promise<void> {
  if (!game.user?.isActiveGM || !playsSideMorale() || !combat.id) return Promise.resolve();
  return QUEUE().run(combat.id, async () => {
    for (const group of combat.groups.contents) {
      if (!isSide(group)) continue;
      // §2-E: without the GM's factors this browser would work out another number, write a band and post a card.
      if (!holdsFactors(combat, group)) {
        warnNotHeld(combat, group);
        continue;
      }
      await settleSide(
        membersOf(combat, group.id ?? ""),
        gmFactors(combat.id ?? "", group.id ?? ""),
        publicOf(group),
        combat.started,
        sideWrites(group),
      );
    }
  });
}

/** What a Morale change writes: the side's public record (one group update), and one card. */
export interface MoraleWrites {
  updateSide(morale: {
    readonly band?: string;
    readonly intimidated?: readonly number[];
    readonly start?: { readonly members: number; readonly hp: number };
  }): Promise<void>;
  postBand(before: string, after: MoraleBand): Promise<void>;
}

/**
 * SWN-12, SWN-13: bring one side's public record in line with its Morale now — the band, and the start snapshot once
 * the fight has started — in one update, and one card when the band changed (the first band a side gets, as the
 * fight starts, is no change of heart: no card). Nothing is written when nothing changed.
 */
export async function settleSide(
  members: readonly MoraleMember[],
  gm: GmMoraleFactors,
  pub: PublicMorale,
  started: boolean,
  w: MoraleWrites,
): Promise<void> {
  const now = sideMoraleNow(members, gm, pub);
  const band = now?.band ?? "";
  const start = started && now && pub.start.members === 0 ? startOf(members) : null;
  if (band === pub.band && !start) return;
  await w.updateSide({ band, ...(start ? { start } : {}) });
  // Before the fight starts (the GM still gathering the sides) a band moves silently.
  if (started && pub.band && band) await w.postBand(pub.band, band);
}

/** An Intimidate's outcome: success, and the band it moved the side to (null when it stayed). */
export interface IntimidationResult {
  readonly success: boolean;
  readonly band: MoraleBand | null;
}

/**
 * SWN-09 after the roll: a success marks the round and, with the band it leaves, is one update of the side's record;
 * success or not, one card says it. Refused (a RulesError) when the side was intimidated this round already.
 */
export async function recordIntimidation(
  members: readonly MoraleMember[],
  gm: GmMoraleFactors,
  pub: PublicMorale,
  round: number,
  total: number,
  w: Pick<MoraleWrites, "updateSide"> & { postIntimidation(r: IntimidationResult): Promise<void> },
): Promise<IntimidationResult> {
  const now = sideMoraleNow(members, gm, pub);
  if (!now) throw new RulesError("FT.SWN.Morale.none", "That side has no Morale", { side: "" });
  const { success } = intimidate(total, now.value, pub.intimidated.includes(round));
  let result: IntimidationResult = { success, band: null };
  if (success) {
    const intimidated = [...pub.intimidated, round];
    const band = sideMoraleNow(members, gm, { ...pub, intimidated })?.band ?? null;
    await w.updateSide({ intimidated, ...(band && band !== pub.band ? { band } : {}) });
    result = { success, band: band && band !== pub.band ? band : null };
  }
  await w.postIntimidation(result);
  return result;
}

/** A side's writes in Foundry: its group, and a chat card. */
function sideWrites(group: GroupI): MoraleWrites {
  return {
    updateSide: async (morale) => {
      await group.update({ system: { morale } });
    },
    postBand: (before, after) => postBandCard(group, before, after),
  };
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/**
 * The band's effects as the card writes them: "Tactical retreat: −2 to attack" (SWN-13). The effects are a key each
 * reader localizes, formatted with the line's own values (`attack`, `ac`, `value`).
 */
function bandLine(name: string, band: MoraleBand): RuleLine {
  const e = bandEffects(band);
  const effects =
    e.attack && e.ac
      ? "FT.SWN.Morale.attackAndAc"
      : e.attack
        ? "FT.SWN.Morale.attackTerm"
        : e.ac
          ? "FT.SWN.Morale.acTerm"
          : "FT.SWN.Morale.noEffect";
  return line(
    keyed("FT.SWN.Morale.bandLine", {
      side: name,
      band: { key: `FT.SWN.Morale.${band}` },
      effects: { key: effects },
      value: signed(e.attack || e.ac),
      attack: signed(e.attack),
      ac: signed(e.ac),
    }),
    "ft-result",
  );
}

async function postBandCard(group: GroupI, before: string, after: MoraleBand): Promise<void> {
  const fell =
    MORALE_BANDS.findIndex((b) => b.band === after) < MORALE_BANDS.findIndex((b) => b.band === before);
  await postRuleCard(
    {
      kind: "ft-morale-card",
      ruleId: "SWN-13",
      title: keyed(fell ? "FT.SWN.Morale.fell" : "FT.SWN.Morale.rose", { side: group.name ?? "" }),
      lines: [bandLine(group.name ?? "", after)],
    },
    { speaker: { alias: group.name ?? "" } },
  );
}

/* -------------------------------------------- */
/*  Intimidate and Read Morale                  */
/* -------------------------------------------- */

/**
 * The combatant of the actor the asker acts with (the sheet's), in `combat`, when the asker owns that actor (the
 * server vouched for the asker; the actor id is their word, checked here); null otherwise.
 */
function askersCombatant(
  combat: CombatI,
  requester: UserI,
  actorId: string,
): Combatant.Implementation | null {
  const c = combat.combatants.contents.find((m) => m.actor?.id === actorId || m.actorId === actorId);
  return c?.actor?.testUserPermission(requester, "OWNER") ? c : null;
}

function checkedCombat(combatId: string): CombatI {
  const combat = game.combats?.get(combatId);
  if (!combat?.started)
    throw new RulesError("FT.SWN.Morale.noFight", "Morale is read in a fight that has started");
  if (!playsSideMorale())
    throw new RulesError("FT.SWN.Morale.notSwn", "This world does not use the SWN additions");
  return combat;
}

/**
 * The bonus of the asker's Morale check, worked out here from the actor's sheet (review §2-C: never the asker's
 * word): SWN-09 Lead + Cha, SWN-10 Notice + the better of Wis and Cha (`moraleCheckBonus`). A squad has no skills or
 * attributes: 0. The owner can edit their own sheet (v13 common/documents/actor.mjs `#canUpdate`), within the
 * schema's bounds (skill −1..4), and the GM sees the sheet.
 */
function checkBonus(actor: Actor.Implementation | null, skill: "notice" | "lead"): number {
  const sys = actorSystem(actor);
  if (!sys) return 0;
  const a = sys.d20.abilities;
  return moraleCheckBonus(sys.swn[skill], skill === "notice" ? [a.wis ?? 10, a.cha ?? 10] : [a.cha ?? 10]);
}

async function roll2d6(): Promise<Roll> {
  return new Roll("2d6").evaluate();
}

const dice = (r: Roll) => r.dice.flatMap((d) => d.results.map((x) => x.result)).join(", ");

/**
 * SWN-09 (the active GM, for `requester`): an Intimidate at a side — 2d6 + the asker's bonus against the side's
 * Morale now; a success lowers it by 1 and marks the round (a second this round is refused before anything is rolled).
 * One group update (the round, and the band if it moved) and one card in the asker's roll mode, and a public band
 * card when the band moved; a failure is the card alone.
 */
export async function handleIntimidate(
  body: {
    readonly combatId: string;
    readonly actorId: string;
    readonly sideId: string;
    readonly rollMode?: string;
  },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const combat = checkedCombat(body.combatId);
  // One at a time with the side's recomputations (review of issue 16, M6): two Intimidates in one round cannot
  // both pass the round's check, and a recomputation never writes a band from before the intimidation.
  return QUEUE().run(combat.id ?? "", () => intimidateNow(combat, body, requester));
}

async function intimidateNow(
  combat: CombatI,
  body: {
    readonly combatId: string;
    readonly actorId: string;
    readonly sideId: string;
    readonly rollMode?: string;
  },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const found = combat.groups.get(body.sideId);
  const group = found && isSide(found) ? found : null;
  const actor = askersCombatant(combat, requester, body.actorId);
  if (!group) throw new RulesError("FT.SWN.Morale.noSide", "No such side");
  if (!actor) throw new RulesError("FT.SWN.Morale.notInFight", "You have no combatant in this fight");
  if (sideIdOf(actor) === group.id) throw new RulesError("FT.SWN.Morale.ownSide", "That is your own side");
  // §2-E: the side's Morale is worked out where its factors are; elsewhere the check would be against another number.
  if (!holdsFactors(combat, group)) throw notHeld(group);
  const now = moraleOfSide(combat, group);
  if (!now) throw new RulesError("FT.SWN.Morale.none", "That side has no Morale", { side: group.name ?? "" });
  // The round the GM's writes left: a player's round write is not yet put back (`FrontierCombat#settled`).
  const round = combat.settled.round;
  const pub = publicOf(group);
  // SWN-09: refused before anything is rolled once the side was intimidated this round, or once this actor tried
  // this round (an action: a failure is no retry, review trust-and-faults-2 §2-C). The try is kept on the Combat,
  // which only a GM may write (v13 common/documents/combat.mjs `#canUpdate`).
  if (pub.intimidated.includes(round)) intimidate(0, now.value, true);
  const who = actor.actor?.id ?? body.actorId;
  checkIntimidateThisRound(roundsOf(combat, "intimidations")[who], round, actor.name ?? "");
  await combat.update({ system: { intimidations: { ...roundsOf(combat, "intimidations"), [who]: round } } });
  const bonus = checkBonus(actor.actor, "lead");
  const r = await roll2d6();
  const total = (r.total ?? 0) + bonus;
  const rolled = literal(
    `${actor.name ?? requester.name ?? ""}: 2d6 [${dice(r)}] ${bonus ? `${signed(bonus)} ` : ""}= ${total}`,
  );
  const side = group.name ?? "";
  const { success } = await recordIntimidation(
    membersOf(combat, group.id ?? ""),
    gmFactors(combat.id ?? "", group.id ?? ""),
    pub,
    round,
    total,
    {
      ...sideWrites(group),
      postIntimidation: async ({ success, band }) => {
        await postRuleCard(
          {
            kind: "ft-morale-card",
            ruleId: "SWN-09",
            title: keyed("FT.SWN.Intimidate.title", { side }),
            lines: [
              line(rolled),
              line(
                success ? keyed("FT.SWN.Intimidate.success", { side }) : keyed("FT.SWN.Intimidate.failure"),
                `ft-result ${success ? "hit" : "miss"}`,
              ),
            ],
          },
          {
            speaker: ChatMessage.getSpeaker({ actor: actor.actor ?? undefined }),
            rolls: [r],
            // Issue 33: in the roll mode the asker picked, for the asker (roll-mode-asked.ts).
            ...postedFor(askedRollMode(body.rollMode), requester.id ?? ""),
          },
        );
        // Issue 33 SWN-09 SWN-13: the band is the table's (its terms are on every card); a band the Intimidate moved
        // is posted for all on its own card, as a casualty's is, whatever the Intimidate's roll mode (review-trust 2.1).
        if (band) await postBandCard(group, pub.band, band);
      },
    },
  );
  return { applied: success ? [group.id ?? ""] : [], skipped: [] };
}

/** What a reader learns of one side (SWN-10). */
export interface ReadSide {
  readonly id: string;
  readonly name: string;
  readonly value: number;
  readonly band: MoraleBand;
}

/**
 * SWN-10 (the active GM, for `requester`): Read Morale — 2d6 + the bonus worked out from the reading actor's sheet
 * against 6, once per actor per round (a Move; the round is kept on the Combat, which only a GM may write: v13
 * common/documents/combat.mjs `#canUpdate`). A second read that round, or a side in sight whose factors this browser
 * does not hold, is refused before anything is rolled. On a success the GM hands the Morale of every side with a
 * member not hidden from players to the reader's browser alone (`deliverReading`), for it to keep; the GM is told
 * when it did not get there. The card, in the reader's roll mode, says only the roll and whether it succeeded.
 */
export async function handleReadMorale(
  body: { readonly combatId: string; readonly actorId: string; readonly rollMode?: string },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const combat = checkedCombat(body.combatId);
  // One at a time (as Intimidate): two reads of one actor in a round cannot both pass the round's check.
  return QUEUE().run(combat.id ?? "", () => readNow(combat, body, requester));
}

/** The round each actor last read Morale in, or tried to intimidate in (the combat's GM state, issue 29). */
function roundsOf(combat: CombatI, key: "moraleReads" | "intimidations"): Record<string, number> {
  return combatState(combat)[key];
}

async function readNow(
  combat: CombatI,
  body: { readonly combatId: string; readonly actorId: string; readonly rollMode?: string },
  requester: UserI,
): Promise<{ applied: string[]; skipped: { id: string; reason: string }[] }> {
  const actor = askersCombatant(combat, requester, body.actorId);
  if (!actor) throw new RulesError("FT.SWN.Morale.notInFight", "You have no combatant in this fight");
  // The round the GM's writes left: a player's round write is not yet put back (`FrontierCombat#settled`).
  const round = combat.settled.round;
  const reader = actor.actor?.id ?? body.actorId;
  checkReadThisRound(roundsOf(combat, "moraleReads")[reader], round, actor.name ?? "");
  const seen = combat.groups.contents.filter(
    (g): g is GroupI =>
      isSide(g) && combat.combatants.contents.some((c) => sideIdOf(c) === g.id && !c.hidden),
  );
  for (const group of seen)
    if (moraleOfSide(combat, group) && !holdsFactors(combat, group)) throw notHeld(group);
  const bonus = checkBonus(actor.actor, "notice");
  // The Move is spent whether the check succeeds or not: the round is kept before the roll.
  await combat.update({ system: { moraleReads: { ...roundsOf(combat, "moraleReads"), [reader]: round } } });
  const r = await roll2d6();
  const total = (r.total ?? 0) + bonus;
  const { success } = readMorale(total);
  await postRuleCard(
    {
      kind: "ft-morale-card",
      ruleId: "SWN-10",
      title: keyed("FT.SWN.ReadMorale.title"),
      lines: [
        line([
          literal(
            `${actor.name ?? requester.name ?? ""}: 2d6 [${dice(r)}] ${bonus ? `${signed(bonus)} ` : ""}= ${total}`,
          ),
          keyed("FT.SWN.ReadMorale.vs"),
        ]),
        line(
          keyed(success ? "FT.SWN.ReadMorale.success" : "FT.SWN.ReadMorale.failure"),
          `ft-result ${success ? "hit" : "miss"}`,
        ),
      ],
    },
    {
      speaker: ChatMessage.getSpeaker({ actor: actor.actor ?? undefined }),
      rolls: [r],
      // Issue 33: in the roll mode the asker picked, for the asker (roll-mode-asked.ts).
      ...postedFor(askedRollMode(body.rollMode), requester.id ?? ""),
    },
  );
  // Issue 33 SWN-10: a blind read is the GM's to tell — v13's blind roll hides its result from the roller
  // (chat-message.mjs `isContentVisible`), so the reading is not written to the reader's User either.
  if (!success || askedRollMode(body.rollMode) === CONST.DICE_ROLL_MODES.BLIND)
    return { applied: [], skipped: [] };
  const sides: ReadSide[] = [];
  for (const group of seen) {
    const now = moraleOfSide(combat, group);
    if (now) sides.push({ id: group.id ?? "", name: group.name ?? "", value: now.value, band: now.band });
  }
  const payload = { id: foundry.utils.randomID(), combatId: combat.id ?? "", round, sides };
  if (requester.id === game.user?.id) await keepRead(payload);
  // Final trust review 2.2: delivered once the Morale queue has moved on — a reader's page that never answers
  // holds up no other Intimidate or read (v13's User#query waits for the server's time-out).
  else
    void deliverReading(requester, payload).then((delivered) => {
      // The card already says the reading succeeded; the GM is told it did not reach the reader.
      if (!delivered) notify("warn", "FT.SWN.ReadMorale.notDelivered", { user: requester.name ?? "" });
    });
  return { applied: sides.map((s) => s.id), skipped: [] };
}

/** The readings this GM page holds until their reader claims them: ticket → reading (issue 33 SWN-10). */
const TICKETS = perPage(() => new Map<string, ReadingPayload>());

/** What a reader is told (SWN-10): the sides in sight, with their Morale, and the round read. */
export interface ReadingPayload {
  readonly id: string;
  readonly combatId: string;
  readonly round: number;
  readonly sides: readonly ReadSide[];
}

/**
 * A query given up on after its time-out and 2 s more on this page's own clock (final trust review 2.2): v13's
 * `User#query` leaves the time-out to the server (client/documents/user.mjs), as `asGM` does not (helpers/gm-query.ts).
 */
async function timed<T>(query: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the query timed out")), QUERY_TIMEOUT + 2_000);
  });
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Issue 33 SWN-10: the reading reaches the reader's browser alone — no document holds it (every client receives every
 * User, review-trust 1.1). v13's `User#query` (client/documents/user.mjs `query`: `game.socket.emit("userQuery",
 * this.id, …)`) is relayed by the server to the target user's socket only, and the answer (the `ack`) comes back to
 * the querying socket only. But the handler is not told who sent a query (client/documents/collections/users.mjs
 * `#handleUserQuery` calls `CONFIG.queries[name](queryData, {timeout})`; any player may query, QUERY_USER's default
 * role is PLAYER). So the GM pushes only a random ticket to the reader (`moraleReading`), and the reader's page asks a
 * GM it names for the reading with that ticket (`moraleClaim`): the answer to a query the reader sent to a GM comes
 * from that GM, and only the reader was sent the ticket. A forged push names a ticket no GM holds: nothing is kept.
 * False when the reader is offline, does not answer in time or did not keep it.
 */
async function deliverReading(requester: UserI, payload: ReadingPayload): Promise<boolean> {
  const ticket = foundry.utils.randomID(24);
  TICKETS().set(ticket, payload);
  try {
    const data = { gm: game.user?.id ?? "", ticket };
    return (await timed(requester.query(QUERY_READING, data, { timeout: QUERY_TIMEOUT }))) === true;
  } catch (e) {
    console.warn(`${SYSTEM_ID} | the Morale reading did not reach ${requester.name}:`, e);
    return false;
  } finally {
    TICKETS().delete(ticket);
  }
}

/** The GM's page (`moraleClaim`): the reading a ticket it pushed stands for, once; an unknown ticket is refused. */
export function claimReading(data: unknown): ReadingPayload {
  const ticket = isRecord(data) && typeof data.ticket === "string" ? data.ticket : "";
  const payload = TICKETS().get(ticket);
  if (!game.user?.isGM || !payload) throw new Error("No such Morale reading");
  TICKETS().delete(ticket);
  return payload;
}

/**
 * The reader's page (`moraleReading`): a GM's ticket. The reading is asked of the GM the push names, and kept only
 * when that user is a GM — whatever the push says, what is kept is that GM's answer (see `deliverReading`).
 */
export async function receiveReading(data: unknown): Promise<boolean> {
  if (!isRecord(data) || typeof data.gm !== "string" || typeof data.ticket !== "string") return false;
  const gm = game.users?.get(data.gm);
  if (!gm?.isGM || gm.isSelf) return false;
  return keepRead(await timed(gm.query(QUERY_CLAIM, { ticket: data.ticket }, { timeout: QUERY_TIMEOUT })));
}
