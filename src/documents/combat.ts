/**
 * Combat with side initiative (SF-B-03..05, SF-X-01..06) on v13 CombatantGroups. The logic is in
 * `documents/combat/side-initiative.ts`; this class only reads its documents into a CombatView and writes the results.
 *
 * What it relies on in v13 (client/documents/combat.mjs, client/documents/combatant.mjs,
 * common/documents/combat.mjs):
 * - Data preparation runs inside the DataModel constructor (`prepareDerivedData` → `setupTurns`), before a
 *   subclass's fields exist, and core clones the combat to simulate every combatant change. So this class declares
 *   no instance fields: the sort order lives in a module WeakMap keyed by the combat.
 * - Core sorts with `_sortCombatants` unbound (`contents.sort(this._sortCombatants)`).
 * - Core's `_onUpdate` re-sorts only when `combatants` changed; this order also depends on the round and the sides.
 * - Core keeps the acting combatant when combatants change (`operation.combatTurn`), never when groups change:
 *   every side write here goes out as one Combat update with the turn index that keeps whoever is acting.
 * - Every document's data and every chat message reach every client (`ChatMessage#visible` only filters the chat
 *   log), so a hidden NPC side's numbers are in no document and no message: only the GM's browser keeps them
 *   (documents/combat/side-secrets.ts).
 * - The server checks only common rules (common/documents/combat.mjs, search id 8044410250: `#canUpdate` lets a
 *   player write `round` and `turn`, and the base `_canChangeRound` returns true; this class's override runs only
 *   in browsers, where a player's script can go around it). The active GM answers a round a player wrote
 *   (`_onUpdate`, whose user id the server vouches for).
 */
import { SYSTEM_ID } from "../constants.js";
import { migrateCombatState } from "../data/combat/migration.js";
import { migrateSideFlags } from "../data/combatant-group/migration.js";
import { keepClassName } from "../helpers/class-name.js";
import { keepEntries, keptEntry } from "../helpers/d20-secrets.js";
import { asGM, foundryUsers, QUERY } from "../helpers/gm-query.js";
import { type GMAnswer, type GMRequestBody, requestGM } from "../helpers/gm-request.js";
import { perPage } from "../helpers/page-state.js";
import { KeyedQueue } from "../helpers/serial.js";
import { currentEngine, currentVariant, getSetting, SETTINGS } from "../helpers/settings.js";
import { reportTrackerError } from "../helpers/tracker-report.js";
import {
  actAfter,
  startTurn as d20StartTurn,
  type InitiativeEntry,
  initiativeOrder,
  rankSecretEntries,
  surpriseRound,
  triggerReady,
} from "../rules/d20/initiative.js";
import { roundPhases } from "../rules/index.js";
import { keyed, line, literal, postRuleCard } from "../workflows/card/rule-card.js";
import { sideRollData } from "../workflows/card/side-roll-card.js";
import {
  type D20InitiativeFlag,
  type D20InitiativePorts,
  entryOf,
  type Roller,
  rollD20Initiative,
} from "./combat/d20-initiative.js";
import { damageIsHeld, type HeldRequest, holdRequest, releaseHeld } from "./combat/exchange.js";
import { combatState } from "./combat/gm-state.js";
import {
  endsRoundAt,
  followPhase,
  lastPhaseOf,
  type PhaseSnapshot,
  type PhaseTurn,
  type PhaseTurnInput,
  phaseOfTurn,
  phaseStart,
  remapPhaseTurn,
  roundTimeDelta,
  stepPhaseTurn,
} from "./combat/phase-turns.js";
import {
  assignSides,
  type CombatView,
  clearedRoll,
  emptySides,
  endsRound,
  firstTurn,
  type InitiativePorts,
  membersOf,
  needsRoll,
  rollSides,
  type SideCard,
  type SideChange,
  type SideSecret,
  safeColour,
  sealSides,
  sideOrder,
  turnKeeping,
  turnOrder,
  withSideChanges,
} from "./combat/side-initiative.js";
import { keepSecrets, keptSecret } from "./combat/side-secrets.js";
import { markAllowed, putBackValue, type RefereedMark, touchedMarks } from "./combatant/mark-referee.js";
import { actorSystem, isSide, sideIdOf } from "./subtypes.js";

type Side = CombatantGroup.OfType<"side">;
type Member = Combatant.Implementation;

const SIDE = "side";
/** Update option of a phase step whose turn events the active GM fires itself ("turn", "round"; see `#moveTo`). */
const STEP_EVENTS = "ftStepEvents";
/** Option a client sets on a combatant delete whose turn it handed on (`#handOnTurn`). */
const HANDED_ON = "ftHandedOn";
/**
 * Update option of the active GM's write that puts back a player's change: the player who made it and the reason
 * (a localization key) their client shows them.
 */
const PUT_BACK = "ftPutBack";
type PutBack = { user: string; reason: string };
/**
 * Combat → combatant id → its count and tie-break terms before a player's change of them the rules do not allow
 * (T2-2A), noted by the active GM as the change arrives and written back once it has landed.
 */
const COUNTS_BEFORE = new WeakMap<object, Map<string, { initiative: number | null; init: unknown }>>();
/**
 * Combat → combatant id → the marks a player is changing (T2-2B, T2-3E), as they were: noted by the active GM as the
 * change arrives, judged (`markAllowed`) once it has landed.
 */
/** Combats whose sealed ranks a player's own count (its first roll, before the start) has moved (T2-1D). */
const RERANK = new WeakSet<object>();
const MARKS_BEFORE = new WeakMap<object, Map<string, Map<RefereedMark, unknown>>>();

/** Combat → combatant id → position in the turn order; written by setupTurns, read by _sortCombatants. */
const ORDER = new WeakMap<object, Map<string, number>>();
/** Combat → the last side assignment under way (assignments run one after another, never side by side). */
const SIDES_QUEUE = new WeakMap<object, Promise<unknown>>();
/**
 * Combat id → the GM's rolls and round changes, one at a time (S7): two players' roll requests arriving together
 * must not both see a side unrolled and roll it twice; each task reads the combat again when its turn comes.
 */
const ROLLS = perPage(() => new KeyedQueue());
/**
 * Combat → where the round stood before sides or combatants began to change (active GM): the stored phase is an
 * index into the round's phases, which change with the sides, so it is mapped to the same phase afterwards
 * (review 13c H1). Kept until the change is complete (no combatant left without a side).
 */
const BEFORE = new WeakMap<object, PhaseSnapshot & { round: number }>();
/** Failures of the turn order already reported (one report per combat and message, not one per render). */
const REPORTED = perPage(() => new Set<string>());

const localize = (key: string) => game.i18n?.localize(key) ?? key;

/** Per combat, on each page: the round, turn and combatant the last GM write left (see `_onUpdate`). */
const SETTLED = new WeakMap<
  object,
  { round: number | null; turn: number | null; combatantId: string | null }
>();

export class FrontierCombat<out SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /**
   * Issue 29: the GM state an earlier version kept in the Combat's flags moves into its `system`
   * (data/combat/migration.ts) before core's migrations: v13 `Document.migrateData` sees the whole source
   * (common/abstract/document.mjs), its `DataModel.migrateData` then hands `system` to the model
   * (common/data/fields.mjs `TypeDataField#migrateSource`) and each combatant to its own class
   * (`EmbeddedCollectionField#migrateSource`: FrontierCombatant moves its marks). A side has no document class of ours,
   * so its flags are moved here (data/combatant-group/migration.ts). Runs on every load and on every update's changes.
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateCombatState(source);
    migrateSideFlags(source);
    return super.migrateData(source);
  }

  /**
   * Applies one held request on the GM's client (SF-B-05). Set in `init` to the card workflow's apply, so this
   * document does not import the workflow that imports it.
   */
  static applyHeld: ((req: HeldRequest) => Promise<unknown>) | null = null;

  /**
   * The round and acting combatant the GM's writes left (review of issue 27: a player writes `round` or `turn`, then
   * at once asks for something that counts per round or per turn; the GM puts the write back only after it lands, so
   * a check against `this.round` in between would read the player's number). On the active GM's page, where every
   * such check runs, this is what the last GM write (or a player's step that stood, T2-1A) left; elsewhere, the
   * stored values.
   */
  get settled(): { round: number; turn: number; combatantId: string | null } {
    const s = game.user?.isActiveGM ? SETTLED.get(this) : undefined;
    return s
      ? { round: s.round ?? 0, turn: s.turn ?? 0, combatantId: s.combatantId }
      : { round: this.round ?? 0, turn: this.turn ?? 0, combatantId: this.combatant?.id ?? null };
  }

  get sideGroups(): Side[] {
    return this.groups.contents.filter(isSide);
  }

  /**
   * How this combat orders its turns (issue 15, design §3 "the mode is fixed per combat"): "sides" (Star Frontiers,
   * SF-X-01: sides roll, phases) or "individual" (d20, SW-03: each combatant on its own count, kept all combat).
   * Written when the combat is made, from the world's engine; a combat made before is "sides". Switching the world's
   * engine mid-fight never reorders a running combat.
   */
  get initiativeMode(): "sides" | "individual" {
    return combatState(this).initiative === "individual" ? "individual" : "sides";
  }

  /** SW-03: each combatant acts on its own initiative count (the d20 mode). */
  get byCount(): boolean {
    return this.initiativeMode === "individual";
  }

  /** SW-02: this is the surprise round — round 1 of a combat some but not all began aware of. */
  get inSurpriseRound(): boolean {
    return this.byCount && this.round === 1 && !!combatState(this).surprise;
  }

  /**
   * SW-02: did the GM mark this combatant unaware of its opponents (before the start)? The mark is on the Combat,
   * which only a GM writes (T2-1B). A mark stored on the Combatant by versions before issue 27 is not read: its
   * owner could clear it; an old world's unstarted combat is marked again in the tracker.
   */
  isUnaware(combatantId: string): boolean {
    return (combatState(this).unaware ?? []).includes(combatantId);
  }

  /**
   * T2-1D: the count to show for a combatant whose numbers are sealed — the real one on a GM's page that keeps it,
   * else null (its document holds only its rank). Undefined when it is not sealed.
   */
  sealedCount(combatantId: string): number | null | undefined {
    const c = this.combatants.get(combatantId);
    if (!c?.getFlag(SYSTEM_ID, "init")?.sealed) return undefined;
    return sealedEntryOf(this, c)?.count ?? null;
  }

  /** GM, before the start (SW-02): mark a combatant unaware, or aware again. */
  async setUnaware(combatantId: string, unaware: boolean): Promise<void> {
    if (!game.user?.isGM || this.started || !this.combatants.has(combatantId)) return;
    const others = (combatState(this).unaware ?? []).filter((id) => id !== combatantId);
    await this.update({ system: { unaware: unaware ? [...others, combatantId] : others } });
  }

  /**
   * SW-02: the turns that are not taken this round: in the surprise round, those who have not rolled (the unaware,
   * who roll when it ends); with "skip defeated", the defeated.
   */
  #passedOver(): boolean[] {
    const surprise = this.inSurpriseRound;
    const skip = !!this.settings.skipDefeated;
    return this.turns.map(
      (t) => (surprise && !Number.isFinite(t.initiative ?? Number.NaN)) || (skip && !!t.isDefeated),
    );
  }

  /**
   * SW-34: the current combatant holds its turn — delaying (it acts later this round, at a lower count, when the GM
   * lets it in with "Act now") or readying an action (the GM's "Trigger" puts it before the combatant whose action
   * sets it off). Its owner or a GM; the turn passes on.
   */
  async holdTurn(state: "delaying" | "readied"): Promise<void> {
    const c = this.combatant;
    if (!this.byCount || !this.started || !c || !(game.user?.isGM || c.isOwner)) return;
    await c.update({ system: { state } });
    await this.nextTurn();
  }

  /**
   * SW-34, GM: the delaying combatant `id` acts now, right after the current combatant, whose count it takes for the
   * rest of the combat ("Act now"); or the readied combatant `id` acts now, before the current one, on its count
   * ("Trigger"). The counts (and the places within a count) are written in one Combatant update that keeps the turn
   * where it was (core's `combatTurn`), then the turn goes to `id`.
   */
  async actFromHold(id: string): Promise<void> {
    if (!game.user?.isGM || !this.byCount || !this.started) return;
    const held = this.combatants.get(id);
    const current = this.combatant;
    const state = held?.holdState;
    if (!held || !current || current.id === id || (state !== "delaying" && state !== "readied")) return;
    const before = new Map(entriesOf(this).map((e) => [e.id, e]));
    const order =
      state === "delaying"
        ? actAfter([...before.values()], [id], current.id ?? "")
        : triggerReady([...before.values()], id, current.id ?? "");
    const moved = (e: InitiativeEntry) => {
      const was = before.get(e.id);
      return e.id === id || !was || was.count !== e.count || was.shift !== e.shift;
    };
    await this.#writeCounts(
      order.filter(moved).map((e) => (e.id === id ? { entry: e, state: "none" as const } : { entry: e })),
      new Set(),
    );
    const turn = this.turns.findIndex((t) => t.id === id);
    if (turn >= 0 && turn !== this.turn) await this.update({ turn }, { direction: 1 });
  }

  /**
   * SW-02, SW-03: the next round by count. Nothing is re-rolled; when the surprise round ends, those who sat it out
   * roll first and take their places (seed step 3), then core's next round starts from the top of the order.
   */
  async #nextRoundByCount(): Promise<void> {
    if (this.inSurpriseRound) await this.#rollByCount(unrolledOf(this));
    // SW-34 "Delaying Limits": a combatant still delaying when everyone else has acted forfeits the round's action.
    const forfeited = this.combatants.contents.filter((c: Member) => c.holdState === "delaying");
    if (forfeited.length)
      await this.updateEmbeddedDocuments(
        "Combatant",
        forfeited.map((c: Member) => ({
          _id: c.id ?? "",
          system: { state: "none" as const },
        })),
      );
    await Combat.prototype.nextRound.call(this);
  }

  protected override async _preCreate(
    data: Combat.CreateData,
    options: Combat.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (combatState(this).initiative === undefined)
      this.updateSource({ system: { initiative: currentEngine().initiative } });
  }

  #d20Ports(secret: ReadonlySet<string>): D20InitiativePorts<Roll> {
    return {
      rollD20: async () => {
        const roll = await new Roll("1d20").evaluate();
        return { value: roll.total ?? 1, roll };
      },
      updateCombatants: async (updates) => {
        await this.#writeCounts(
          updates.map((u) => ({ entry: { id: u._id, count: u.initiative, ...u.init } })),
          secret,
        );
      },
      postRolls: async (lines, rolls) => {
        const sign = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`);
        // SW-03: one line per combatant; a secret count (a hidden NPC's) says only that it rolled.
        await postRuleCard(
          {
            kind: "ft-d20-initiative",
            ruleId: "SW-03",
            title: keyed("FT.D20.Initiative.title"),
            lines: lines.map((l) =>
              line(
                l.count === null
                  ? [literal(`${l.name}:`), keyed("FT.D20.Initiative.rolledSecret")]
                  : [
                      literal(`${l.name}: d20 ${l.die} ${sign(l.modifier ?? 0)} = ${l.count}`),
                      ...(l.tieBreak === null
                        ? []
                        : [
                            keyed("FT.D20.Initiative.tieBroken", {
                              label: { key: "FT.D20.Initiative.tieBreak" },
                              value: String(l.tieBreak),
                            }),
                          ]),
                    ],
                "",
              ),
            ),
          },
          { rolls: [...rolls] },
        );
      },
    };
  }

  /**
   * SW-03, T2-1D: write these combatants' entries (and a held turn's new state) in ONE Combatant update. A hidden
   * NPC's (`secret`, or one already sealed whose real entry this GM's browser keeps) goes to the GM's browser under
   * a new seal id (helpers/d20-secrets.ts); its document gets only its rank in the order (`rankSecretEntries`), and
   * every sealed combatant whose rank the change moves is re-ranked in the same update, so every client sorts as
   * the rules do. A sealed combatant whose entry this browser lost keeps its rank, as a fixed point.
   */
  async #writeCounts(
    changed: readonly { entry: InitiativeEntry; state?: "none" }[],
    secret: ReadonlySet<string>,
  ): Promise<void> {
    const real = new Map(entriesOf(this).map((e) => [e.id, e]));
    for (const { entry } of changed) real.set(entry.id, entry);
    const known = new Set<string>(secret);
    for (const c of this.combatants.contents) if (c.id && sealedEntryOf(this, c)) known.add(c.id);
    const ranks = known.size ? rankSecretEntries(initiativeOrder([...real.values()]), known) : new Map();
    const fresh = new Map(changed.map((c) => [c.entry.id, c]));
    const kept = new Map<string, { sealId: string; entry: InitiativeEntry }>();
    const updates: Combatant.UpdateData[] = [];
    for (const [id, entry] of real) {
      const change = fresh.get(id);
      const rank = ranks.get(id);
      const c = this.combatants.get(id);
      if (!c) continue;
      const state = change?.state ? { system: { state: change.state } } : {};
      if (!rank) {
        if (change)
          updates.push({
            _id: id,
            initiative: entry.count,
            flags: { [SYSTEM_ID]: { init: flagOf(entry) } },
            ...state,
          });
        continue;
      }
      const was = c.getFlag(SYSTEM_ID, "init");
      const sealId = change || !was?.sealed ? foundry.utils.randomID() : was.sealed;
      if (sealId !== was?.sealed) kept.set(id, { sealId, entry });
      const init = { ...flagOf(rank), sealed: sealId };
      const same =
        c.initiative === rank.count &&
        was?.sealed === sealId &&
        was.shift === init.shift &&
        was.dexScore === init.dexScore &&
        (was.tieBreak ?? null) === init.tieBreak;
      if (!same || change)
        updates.push({ _id: id, initiative: rank.count, flags: { [SYSTEM_ID]: { init } }, ...state });
    }
    // Kept before the write that names the new seal ids goes out, so this GM's page sorts by them as it lands.
    if (kept.size && this.id)
      await keepEntries(this.id, kept, new Set((game.combats?.contents ?? []).map((c) => c.id ?? "")));
    if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates);
  }

  /**
   * SW-03: roll the d20 initiative of `ids` (those this user may write; the GM's "reroll" re-rolls), keeping every
   * other combatant's count; one batched update and one message.
   */
  async #rollByCount(ids: readonly string[]): Promise<void> {
    const user = game.user;
    if (!user) return;
    const wanted = new Set(ids);
    const group = !!combatState(this).groupRoll;
    const rollers: Roller[] = this.combatants.contents
      .filter((c: Member) => wanted.has(c.id ?? "") && (user.isGM || this.#mayRollOwn(c)))
      .map((c: Member) => ({
        id: c.id ?? "",
        name: c.name ?? "",
        dexScore: actorSystem(c.actor)?.d20?.abilities.dex ?? 10,
        // SW-03: with the GM's "roll opponents as one", a side's NPCs share one d20.
        ...(group && !c.hasPlayerOwner ? { group: sideIdOf(c) ?? "npcs" } : {}),
        // A hidden combatant, or an NPC some player may not observe (as `keepsNumbersSecret` in attack.ts): the
        // message says only that it rolled, and carries none of its dice.
        secret:
          c.hidden ||
          (!c.hasPlayerOwner &&
            (game.users?.contents ?? []).some((u) => !u.isGM && !c.actor?.testUserPermission(u, "OBSERVER"))),
      }));
    // A player asked for a count the rules keep (a re-roll, or any roll after the start): said, not rolled.
    if (
      !user.isGM &&
      rollers.length < wanted.size &&
      this.combatants.some((c) => wanted.has(c.id ?? "") && c.isOwner)
    )
      ui.notifications?.warn(localize("FT.Combat.rerollIsGM"));
    const rolling = new Set(rollers.map((r) => r.id));
    await ROLLS().run(`${this.id}:d20`, () =>
      rollD20Initiative(
        rollers,
        entriesOf(this).filter((e) => !rolling.has(e.id)),
        this.#d20Ports(new Set(rollers.filter((r) => r.secret).map((r) => r.id))),
      ).then(() => undefined),
    );
  }

  /**
   * SW-03, SW-02: may this (player) user roll `c`'s count? Only its owner, before the start, while it has none and
   * the GM has not marked it unaware; re-rolls and every count after the start are the GM's (T2-2A; the active GM
   * puts back any other change: `#noteCounts`).
   */
  #mayRollOwn(c: Member): boolean {
    return (
      c.isOwner &&
      !this.started &&
      !Number.isFinite(c.initiative ?? Number.NaN) &&
      !this.isUnaware(c.id ?? "")
    );
  }

  /** The plain view of this combat the side-initiative rules work on. */
  get view(): CombatView {
    const members = this.combatants.contents.map((c: Member, i: number) => {
      const sys = actorSystem(c.actor);
      return {
        id: c.id ?? "",
        name: c.name ?? "",
        sideId: sideIdOf(c),
        isPlayerCharacter: c.hasPlayerOwner && c.actor?.type === "character",
        sort: i,
        rs: sys?.abilities?.rs?.value ?? 0,
        initiativeModifier: sys?.derived?.initiativeModifier ?? 0,
        holstered: !!sys?.holstered,
        disposition: c.token?.disposition ?? 0,
      };
    });
    const sides = this.sideGroups.map((g) => ({
      id: g.id ?? "",
      name: g.name ?? "",
      system: g.system,
    }));
    return { round: this.round, sides, members };
  }

  /** The phase index of the round (stored as a combat flag, stepped by the GM). */
  get phaseIndex(): number {
    return combatState(this).phase ?? 0;
  }

  /**
   * Do the round's phase and Foundry's turn move together (documents/combat/phase-turns.ts)? In a started combat with
   * phases whose world enforces them; with "enforce phases" off the phase strip is a reminder only and the turn
   * moves as in core, one pass of the turn order per round.
   */
  get phasesLinked(): boolean {
    return this.started && !!getSetting(SETTINGS.enforcePhases) && this.ftPhases.length > 0;
  }

  /** The phases and Foundry's turn order as phase-turns.ts reads them (the current ones by default). */
  #phaseInput(phases = this.ftPhases, turns: readonly (Member | undefined)[] = this.turns): PhaseTurnInput {
    return {
      phases,
      turns: turns.map((c) => ({
        id: c?.id ?? "",
        sideId: c ? sideIdOf(c) : null,
        defeated: !!c?.isDefeated,
      })),
      skipDefeated: !!this.settings.skipDefeated,
    };
  }

  /** The same for the order of another round (surprise counts in round 1 only) or after changes not yet written. */
  #phaseInputOf(view: CombatView): PhaseTurnInput {
    const variant = currentVariant();
    const order = turnOrder(view, variant);
    return this.#phaseInput(
      roundPhases(sideOrder(view, variant), variant),
      order.map((id) => this.combatants.get(id)),
    );
  }

  /**
   * GM: step the round's phase (the tracker's arrows). When the phase and the turn are linked, the turn goes to the
   * new phase's first combatant in the SAME update (a phase nobody in it can take keeps the turn where it is).
   */
  async stepPhase(delta: 1 | -1): Promise<void> {
    if (!game.user?.isGM) return;
    const max = this.ftPhases.length - 1;
    const phase = Math.min(max, Math.max(0, this.phaseIndex + delta));
    if (!this.phasesLinked) {
      await this.update({ system: { phase: Math.max(0, phase) } });
      return;
    }
    if (phase === this.phaseIndex) return;
    const turn = phaseStart(this.#phaseInput(), phase) ?? this.turn;
    await this.#moveTo({ phase, turn }, delta);
  }

  /**
   * Write a phase and turn of this round as core writes a turn (the `combatTurn` hook, then one update with its
   * direction). Turn events run as core runs them: forward only within a round (v13 `#triggerTurnEvents`), and
   * without clearing movement (see `_clearMovementHistoryOnStartTurn`). No world-time advance: within a round the
   * phases do not take core's `turnTime` each; the round's time passes with the round.
   */
  async #moveTo(to: PhaseTurn, direction: 1 | -1): Promise<void> {
    const updateData: Combat.UpdateData = { round: this.round, turn: to.turn };
    // A player may write the turn but not the combat's flags (common/documents/combat.mjs `#canUpdate`): the
    // active GM moves the phase after them (`#followTurn`).
    if (game.user?.isGM) updateData.system = phaseFlags(to.phase, to.turn);
    else delete updateData.round;
    // Core's turn events follow the turn index forward only (v13 `#triggerTurnEvents`), while the phase walk goes
    // back in the index (Declare → Moves B) or stays on it (Moves A → Resolves A): they are fired by the active GM
    // from the step itself (`#turnStepEvents`), one end and one start per step forward (review 13c M1).
    const updateOptions = {
      direction,
      // No world time within a round (core's would add or take `turnTime` by index); the round end adds the
      // whole round's (`roundTimeDelta`, review 13c L5).
      worldTime: { delta: 0 },
      turnEvents: false as const,
      [STEP_EVENTS]: direction === 1 ? "turn" : "",
    };
    // fvtt-types 13.345 types this hook's turn as a number; v13 passes the update data as it is.
    Hooks.callAll("combatTurn", this, updateData as never, updateOptions as never);
    await this.update(updateData, updateOptions);
  }

  /**
   * Next turn (v13 `Combat#nextTurn`), by phase when linked: the next combatant of the phase, else the first of the
   * next phase that has one, else the next round (SF-X-01 Expanded: declare, move, resolve; SF-B-03 Basic).
   */
  override async nextTurn(): Promise<this> {
    // SW-02: in the surprise round the unaware have no turn: after the last aware combatant, the next round.
    if (this.byCount && endsRound(this.turn, this.#passedOver(), true)) return this.nextRound();
    if (!this.phasesLinked) return super.nextTurn();
    const step = stepPhaseTurn(this.#phaseInput(), { phase: this.phaseIndex, turn: this.turn }, 1);
    if (step === "round") return this.nextRound();
    await this.#moveTo(step, 1);
    return this;
  }

  /** Previous turn, by phase when linked: before the phase's first combatant, the last of the phase before. */
  override async previousTurn(): Promise<this> {
    if (!this.phasesLinked) return super.previousTurn();
    const step = stepPhaseTurn(this.#phaseInput(), { phase: this.phaseIndex, turn: this.turn }, -1);
    if (step === "round") return this.previousRound();
    await this.#moveTo(step, -1);
    return this;
  }

  /**
   * Active GM, when its page loads or it becomes the active GM (review 13c L4): players' End turns written while no
   * GM was connected moved the turn and not the phase (they may not write it); the phase follows them now, from
   * where it was last written.
   */
  async reconcilePhase(): Promise<void> {
    if (!game.user?.isActiveGM) return;
    await this.#serial(async () => {
      if (!game.user?.isActiveGM || !this.phasesLinked || this.turn === null) return;
      const from = { phase: this.phaseIndex, turn: combatState(this).phaseTurn ?? null };
      const phase = followPhase(this.#phaseInput(), from, this.turn);
      if (phase !== null && phase !== this.phaseIndex)
        await this.update({ system: phaseFlags(phase, this.turn) }, { turnEvents: false });
    });
  }

  /** Every combat's phase follows its turn (`reconcilePhase`): on the GM's page load and when the active GM changes. */
  static watchPhases(): void {
    const reconcileAll = () => {
      for (const combat of game.combats?.contents ?? [])
        if (combat instanceof FrontierCombat)
          void combat
            .reconcilePhase()
            .catch((e: unknown) => reportOnce(`${combat.id}:reconcile:${errorText(e)}`, errorText(e)));
    };
    Hooks.on("ready", reconcileAll);
    Hooks.on("userConnected", reconcileAll);
  }

  /** Does ending the current turn end the round (by phase when linked, else as v13's `nextTurn` decides)? */
  #endsRoundNow(): boolean {
    if (this.byCount) return endsRound(this.turn, this.#passedOver(), true);
    if (this.phasesLinked)
      return endsRoundAt(this.#phaseInput(), { phase: this.phaseIndex, turn: this.turn });
    const defeated = this.turns.map((t) => t.isDefeated);
    return endsRound(this.turn, defeated, !!this.settings.skipDefeated);
  }

  /**
   * Active GM: a player ended their turn (they write the turn, not the phase): the phase follows the turn they
   * moved to, so every client shows the same phase and combatant.
   */
  async #followTurn(from: number | null): Promise<void> {
    if (!this.phasesLinked || this.turn === null) return;
    const phase = phaseOfTurn(this.#phaseInput(), { phase: this.phaseIndex, turn: from }, this.turn);
    if (phase !== null && phase !== this.phaseIndex)
      await this.update({ system: phaseFlags(phase, this.turn) }, { turnEvents: false });
  }

  #ports(): InitiativePorts<Roll> {
    return {
      rollD10: async () => {
        const roll = await new Roll("1d10").evaluate();
        return { total: roll.total ?? 1, roll };
      },
      updateSides: async (updates) => {
        await this.#commitSides(updates);
      },
      postCards: async (cards) => {
        await ChatMessage.create(await Promise.all(cards.map((c) => this.#cardData(c))));
      },
    };
  }

  /**
   * A side's card, in the roll mode the GM picked (H10). A sealed side's (R1-5d) says only that the side rolled: no
   * number and no Roll, since every client receives every message whatever its roll mode (v13 `ChatMessage#visible`
   * hides a whisper or a blind roll only in the chat log). So no dice animation for a sealed side either.
   */
  async #cardData(card: SideCard<Roll>): Promise<ChatMessage.CreateData> {
    const group = this.groups.get(card.sideId);
    const colour = safeColour(group && isSide(group) ? group.system.colour : "");
    const sealed = this.#seals(card.sideId);
    // Issue 28: a typed `sideRoll` message, drawn by each client from its data (workflows/card/side-roll-card.ts).
    const data: ChatMessage.CreateData = {
      type: "sideRoll",
      speaker: { alias: card.sideName },
      content: "",
      system: sideRollData(card, colour, sealed),
      ...(sealed ? {} : { rolls: [card.roll] }),
    };
    ChatMessage.applyRollMode(data, game.settings?.get("core", "rollMode") ?? "publicroll");
    return data;
  }

  /** Is a roll of this side to be kept from players: "hide NPC initiative" and no player character on it? */
  #seals(sideId: string): boolean {
    if (!getSetting(SETTINGS.hideNpcInitiative)) return false;
    return !this.view.members.some((m) => m.sideId === sideId && m.isPlayerCharacter);
  }

  /**
   * GM: the numbers of the sealed sides this GM's browser keeps for their current sealed rolls (helpers/
   * side-secrets.ts). A side rolled on another GM's client, or whose numbers this browser lost, is missing: it shows
   * as rolled with its numbers unknown. Players get nothing: no data they receive holds the numbers.
   */
  sideSecrets(): Map<string, SideSecret> {
    const out = new Map<string, SideSecret>();
    if (!game.user?.isGM || !this.id) return out;
    for (const g of this.sideGroups) {
      if (!g.system.sealed || !g.id) continue;
      const kept = keptSecret(this.id, g.id, g.system.sealId);
      if (kept) out.set(g.id, kept);
    }
    return out;
  }

  /** GM: the changes as they may be written (sealed sides without numbers, every rolled side ranked). */
  #seal(changes: readonly SideChange[], round?: number): SideChange[] {
    const sealed = sealSides(this.view, changes, {
      variant: currentVariant(),
      ...(round !== undefined ? { round } : {}),
      secrets: this.sideSecrets(),
      seal: (id) => this.#seals(id),
      newSealId: () => foundry.utils.randomID(),
    });
    // Kept before the write that names the new seal ids goes out, so the GM's tracker can read them as it lands.
    const live = new Set((game.combats?.contents ?? []).map((c) => c.id ?? ""));
    if (this.id)
      void keepSecrets(this.id, sealed.secrets, live).catch((e: unknown) =>
        reportOnce(`${this.id}:keep`, errorText(e)),
      );
    if (sealed.lost.length)
      reportOnce(`${this.id}:lost:${sealed.lost.join()}`, localize("FT.Side.sealedLost"));
    return sealed.changes;
  }

  /**
   * GM: write side changes as ONE Combat update, with the turn index that keeps the acting combatant acting in
   * the new order (a side re-rolled, edited or surprised mid-round re-sorts the turns).
   */
  async #commitSides(real: readonly SideChange[]): Promise<void> {
    if (!real.length) return;
    const changes = this.#seal(real);
    if (!changes.length) return;
    await this.update(this.#sidesUpdate(changes), { turnEvents: false });
  }

  /**
   * One Combat update writing side changes: the turn index that keeps the acting combatant acting in the new order
   * and, when phase and turn are linked, the same phase in the new list of phases (a re-roll or an edit mid-round
   * can change the order of the sides, and the phase is stored as an index: review 13c H1).
   */
  #sidesUpdate(changes: readonly SideChange[]): Combat.UpdateData {
    const data: Combat.UpdateData = { groups: [...changes] };
    const after = withSideChanges(this.view, changes);
    const turn = turnKeeping(after, currentVariant(), this.combatant?.id ?? null);
    if (turn !== null && turn !== this.turn) data.turn = turn;
    // A change of combatants or sides under way is remapped once it is complete (`#remapPhase`).
    if (this.phasesLinked && !BEFORE.has(this)) {
      const to = remapPhaseTurn(
        {
          input: this.#phaseInput(),
          at: { phase: this.phaseIndex, turn: this.turn },
          actingId: this.combatant?.id ?? null,
        },
        this.#phaseInputOf(after),
      );
      if (to && to.phase !== this.phaseIndex) data.system = phaseFlags(to.phase, to.turn);
    }
    return data;
  }

  /**
   * Create sides by disposition (or one per character) for combatants without one — by default in the mode the
   * combat is in, so a newcomer to a combat of individual sides gets a side of its own (SF-X-05). GM only. Calls run one after
   * another, each reading the sides after the one before it, so a newcomer's assignment and the GM's "Begin" never
   * both create the same side.
   */
  async ensureSides(individual = this.individual): Promise<void> {
    if (!game.user?.isGM) return;
    // Sides by disposition are made by the active GM alone (its creation hook covers every newcomer): a second
    // GM's client assigning at the same time would create the same sides again (R2-6).
    if (!individual && !game.user.isActiveGM && game.users?.activeGM) return;
    return this.#queueAssign(individual);
  }

  /** Run one side assignment after the ones queued before it (see `ensureSides`). */
  #queueAssign(individual: boolean): Promise<void> {
    const run = (SIDES_QUEUE.get(this) ?? Promise.resolve()).then(() => this.#assignSides(individual));
    SIDES_QUEUE.set(
      this,
      run.catch(() => undefined),
    );
    return run;
  }

  async #assignSides(individual: boolean): Promise<void> {
    const plan = assignSides(this.view, individual);
    const keyToId = new Map<string, string>();
    if (plan.create.length) {
      const created = await this.createEmbeddedDocuments(
        "CombatantGroup",
        plan.create.map((c) => ({
          type: SIDE,
          name: game.i18n?.localize(c.label) ?? c.label,
          system: { key: c.key, colour: c.colour },
        })),
      );
      // v13 returns the created groups; fvtt-types 13.345 also allows undefined.
      (created ?? []).forEach((g, i) => {
        keyToId.set(plan.create[i]!.key, g.id ?? "");
      });
    }
    const updates = Object.entries(plan.assign).map(([id, key]) => ({
      _id: id,
      group: keyToId.get(key) ?? key,
    }));
    if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates);
  }

  /** Every character its own side (SF-X-05): clears sides and makes one per combatant. */
  async individualSides(): Promise<void> {
    if (!game.user?.isGM) return;
    await this.updateEmbeddedDocuments(
      "Combatant",
      this.combatants.map((c) => ({ _id: c.id, group: null })),
    );
    await this.deleteEmbeddedDocuments(
      "CombatantGroup",
      this.sideGroups.map((g) => g.id ?? ""),
    );
    await this.ensureSides(true);
  }

  /** Is every combatant on a side of its own (made by `individualSides`, SF-X-05)? */
  get individual(): boolean {
    const sides = this.sideGroups;
    return sides.length > 0 && sides.every((g) => g.system.key.startsWith("individual:"));
  }

  /**
   * Back from one side per character to sides by token disposition: clears the sides and makes them again as a new
   * encounter does (active GM). Their rolls go with them: the new sides roll again.
   */
  async sidesByDisposition(): Promise<void> {
    if (!game.user?.isGM) return;
    await this.updateEmbeddedDocuments(
      "Combatant",
      this.combatants.map((c) => ({ _id: c.id, group: null })),
    );
    await this.deleteEmbeddedDocuments(
      "CombatantGroup",
      this.sideGroups.map((g) => g.id ?? ""),
    );
    // Made by the GM who clicked, even an assistant GM: `ensureSides` leaves sides by disposition to the active GM's
    // creation hook, which this click does not fire.
    await this.#queueAssign(false);
  }

  /**
   * GM: move a combatant to another side, in ONE write of the combatant's `group` (the server lets only a GM write
   * it: common/documents/combatant.mjs `#canUpdate`). Core re-sorts and keeps the acting combatant acting (it sets
   * `combatTurn` for combatant updates); `Combatant#_prepareGroup` gives the mover the new side's initiative, so it
   * acts with its new side. A side the move leaves empty is removed, as when its last member leaves the combat.
   */
  async moveToSide(combatantId: string, groupId: string): Promise<boolean> {
    const combatant = this.combatants.get(combatantId);
    const group = this.groups.get(groupId);
    if (!game.user?.isGM || !combatant || !group || !isSide(group)) return false;
    const from = sideIdOf(combatant);
    if (from === groupId) return false;
    await combatant.update({ group: groupId });
    if (from && !this.combatants.some((c) => sideIdOf(c) === from) && this.groups.has(from))
      await this.deleteEmbeddedDocuments("CombatantGroup", [from]);
    return true;
  }

  /** Roll the sides that need it; a player asks the GM (through a query) for a side they own a member of. */
  async rollSides(options: { sideIds?: string[]; round?: number; force?: boolean } = {}): Promise<void> {
    const round = options.round ?? Math.max(1, this.round);
    // A player's request names the combat and the sides only: the GM decides the round (see handleRollSideQuery).
    const request = { combatId: this.id, sideIds: options.sideIds ?? this.#ownSides() };
    await asGM(foundryUsers(), QUERY.rollSide, request, () =>
      this.#serial(async () => {
        await this.ensureSides();
        // Read when this task's turn comes: a roll queued before it may have rolled these sides already.
        await rollSides(this.view, this.#ports(), {
          variant: currentVariant(),
          round,
          ...(options.sideIds ? { sideIds: options.sideIds } : {}),
          force: !!options.force,
        });
        return true;
      }),
    );
  }

  /** GM: run a roll or round change of this combat after the ones queued before it (S7). */
  #serial<T>(task: () => Promise<T>): Promise<T> {
    return ROLLS().run(this.id ?? "", task);
  }

  /**
   * GM side of a player's roll request (handleRollSideQuery): the sides among `wanted` that have a player character
   * and have not rolled this round, read once this request's turn in the queue comes, so two requests arriving
   * together roll a side once (S7). Never a re-roll; never an NPC side. True when something was rolled.
   */
  async rollForPlayers(wanted: ReadonlySet<string>): Promise<boolean> {
    return this.#serial(async () => {
      const view = this.view;
      const round = Math.max(1, this.round);
      const playerSides = new Set(view.members.filter((m) => m.isPlayerCharacter).map((m) => m.sideId));
      const sideIds = view.sides
        .filter((s) => wanted.has(s.id) && playerSides.has(s.id) && needsRoll(s, round))
        .map((s) => s.id);
      if (!sideIds.length) return false;
      await rollSides(view, this.#ports(), { variant: currentVariant(), round, sideIds, force: false });
      return true;
    });
  }

  /** Sides this user owns a member of (what a player's Roll asks the GM to roll). */
  #ownSides(): string[] {
    const ids = this.combatants.filter((c) => c.isOwner).map((c) => sideIdOf(c));
    return [...new Set(ids.filter((id): id is string => !!id))];
  }

  /**
   * GM: set a side's d10 and modifier (SF-X-04: the GM may edit results); it counts as this round's roll. A sealed
   * side stays sealed: its new numbers go to this GM's browser under a new seal id, nothing to chat (R1-5d).
   */
  async editSide(groupId: string, roll: number, modifier: number): Promise<void> {
    const group = this.groups.get(groupId);
    if (!game.user?.isGM || !group || !isSide(group)) return;
    const rolledRound = Math.max(1, this.round);
    const system: SideChange["system"] & object = { roll, modifier, rolledRound };
    // A sealed side whose numbers this browser lost: its highest RS (the SF-B-05 tie-break) from its members.
    if (group.system.sealed && !this.sideSecrets().has(groupId))
      Object.assign(system, {
        highestRs: Math.max(0, ...membersOf(this.view, groupId).map((m) => m.rs)),
        modifierSource: "",
        holsteredPenalty: 0,
      });
    await this.#commitSides([{ _id: groupId, initiative: roll + modifier, system }]);
  }

  /** GM: mark a side surprised or not (SF-X-02). */
  async setSurprised(groupId: string, surprised: boolean): Promise<void> {
    if (!game.user?.isGM || !this.groups.get(groupId)) return;
    await this.#commitSides([{ _id: groupId, system: { surprised } }]);
  }

  override async rollAll(): Promise<this> {
    if (this.byCount) {
      await this.#rollByCount(unrolledOf(this));
      return this;
    }
    await this.rollSides();
    return this;
  }

  override async rollNPC(): Promise<this> {
    if (this.byCount) {
      await this.#rollByCount(unrolledOf(this, (c) => !c.hasPlayerOwner));
      return this;
    }
    const view = this.view;
    const npcSides = view.sides
      .filter((s) => !view.members.some((m) => m.sideId === s.id && m.isPlayerCharacter))
      .map((s) => s.id);
    await this.rollSides({ sideIds: npcSides });
    return this;
  }

  /**
   * Core's "Reroll Initiative" on a combatant (GM only) re-rolls that combatant's side, even if it rolled this
   * round. A player's request still goes to the GM, who rolls only sides that have not rolled.
   */
  override async rollInitiative(ids: string | string[]): Promise<this> {
    const list = Array.isArray(ids) ? ids : [ids];
    if (this.byCount) {
      await this.#rollByCount(list);
      return this;
    }
    const view = this.view;
    const sideIds = [
      ...new Set(
        list.map((id) => view.members.find((m) => m.id === id)?.sideId).filter((s): s is string => !!s),
      ),
    ];
    await this.rollSides({ sideIds, force: true });
    return this;
  }

  /**
   * "Reset initiative" also clears the sides' rolls: core clears only the combatants, and
   * `Combatant#_prepareGroup` copies a group's initiative back onto its members.
   */
  override async resetAll(options?: { updateTurn?: boolean }): Promise<this | undefined> {
    if (game.user?.isGM && this.sideGroups.length)
      await this.#commitSides(
        this.sideGroups.map((g) => ({ _id: g.id ?? "", initiative: null, system: clearedRoll() })),
      );
    // v13's resetAll takes {updateTurn}; fvtt-types 13.345 declares it without options (a wider signature is
    // still the same function, so no cast is needed).
    const coreReset: (o?: { updateTurn?: boolean }) => Promise<this | undefined> = super.resetAll;
    return coreReset.call(this, options);
  }

  /** Sides that already rolled are not re-rolled when the combat starts (SF-X-04). */
  override async startCombat(): Promise<this> {
    if (this.byCount) {
      // SW-02: if some but not all are aware, round 1 is a surprise round: only the aware roll (and act) now.
      // SW-03: otherwise whoever has not rolled rolls now. SW-01: nobody has acted yet (all flat-footed).
      await this.ensureSides();
      const start = surpriseRound(
        this.combatants.contents.map((c: Member) => ({
          id: c.id ?? "",
          aware: !this.isUnaware(c.id ?? ""),
        })),
      );
      const rollers = new Set(start.rollers);
      await this.#rollByCount(unrolledOf(this, (c) => rollers.has(c.id ?? "")));
      await this.update({ system: { acted: [], surprise: start.surprise } });
      return super.startCombat();
    }
    await this.ensureSides();
    await this.rollSides({ round: 1 });
    await this.update({ system: phaseFlags(0, null) });
    return super.startCombat();
  }

  /** Basic-game tie this round: damage waits until both sides have fired (SF-B-05). */
  get holdsDamage(): boolean {
    return damageIsHeld({
      variant: currentVariant(),
      started: this.started,
      simultaneous: this.ftOrder.simultaneousDamage,
    });
  }

  get heldDamage(): HeldRequest[] {
    return combatState(this).heldDamage ?? [];
  }

  async holdDamage(req: HeldRequest): Promise<void> {
    await this.update({ system: { heldDamage: holdRequest(this.heldDamage, req) } });
    ui.notifications?.info(localize("FT.Card.heldNotice"));
  }

  /**
   * End of the exchange: apply every held request (GM). One that fails stays held and the GM is told; it never
   * blocks the round.
   */
  async releaseDamage(): Promise<void> {
    const held = this.heldDamage;
    if (!held.length || !game.user?.isGM) return;
    const apply = FrontierCombat.applyHeld;
    if (!apply) throw new Error("Held damage cannot be applied: no applier was registered in init.");
    const { failed } = await releaseHeld(held, apply);
    if (failed.length) {
      await this.update({ system: { heldDamage: failed } });
      ui.notifications?.error(localize("FT.Card.heldFailed"));
    } else await this.update({ system: { heldDamage: [] } });
  }

  /** A new round re-rolls every side (SF-B-04), which only the GM writes: round changes are the GM's. */
  protected override _canChangeRound(user: User.Implementation): boolean {
    return user.isGM;
  }

  /**
   * The next round (SF-B-04). A player (who ended the round's last turn) asks the active GM. The GM applies held
   * damage, re-rolls every side, and writes the rolls, the new round, its first turn in the NEW order and the
   * phase in ONE update, so the turn events that follow (end of the last turn, end and start of round, start of
   * the first turn) name the right combatants. Otherwise as v13's `Combat#nextRound`: the `combatRound` hook,
   * "skip defeated", the world-time advance.
   */
  override async nextRound(): Promise<this> {
    if (!game.user?.isGM) {
      // A request on the player's own User: the GM checks it is theirs to end (gm-request.ts).
      try {
        const r = await requestGM({ kind: "nextRound", combatId: this.id ?? "", round: this.round });
        for (const refusal of r.skipped) ui.notifications?.warn(refusal.reason, { localize: true });
      } catch (e) {
        reportTrackerError(e);
      }
      return this;
    }
    // SW-03: the counts are kept for the whole combat; the next round is core's (no re-roll, no phases).
    if (this.byCount) {
      // A second click queued behind the first finds the round already ended (as below).
      const at = { round: this.round, turn: this.turn };
      await this.#serial(async () => {
        if (this.round === at.round && this.turn === at.turn) await this.#nextRoundByCount();
      });
      return this;
    }
    // The round and turn this click ends, read now: a second click (or a player's request) queued behind it finds
    // the combat already past them and does nothing, instead of skipping a whole round.
    const from = { round: this.round, turn: this.turn };
    await this.#serial(async () => {
      if (this.round === from.round && this.turn === from.turn) await this.#startNextRound(from);
    });
    return this;
  }

  /**
   * GM: a player's request to end round `round` (SF-B-04), checked in the combat's queue, when it is this
   * request's turn: still that round, at its last turn, held by a combatant the requester owns. The reason it was
   * refused, or null when the next round was started.
   */
  async endRoundFor(requester: User.Implementation, round: number): Promise<string | null> {
    return this.#serial(async () => {
      if (!requester.isGM && !this.combatant?.testUserPermission(requester, "OWNER"))
        return "FT.Tracker.notYourTurn";
      if (!this.started || this.round !== round || !this.#endsRoundNow()) return "FT.Tracker.notLastTurn";
      await this.#startNextRound({ round: this.round, turn: this.turn });
      return null;
    });
  }

  /**
   * GM: start the round after `from` (the round and turn being ended): held damage, every side re-rolled, and one
   * update with the new round, its first turn, the rolls and the phase. From the GM's own next round, or (S4) after
   * a player's client wrote the new round itself on the round's last turn; then `extra` carries that update's
   * options (no second round of turn events: the player's write already ran them).
   */
  async #startNextRound(
    from: { round: number; turn: number | null },
    extra: { turnEvents?: false } = {},
  ): Promise<void> {
    if (this.byCount) {
      // SW-03: nothing is re-rolled. A player's own write of the round already moved it (`extra`); a player's
      // request is carried out as core's next round.
      if (extra.turnEvents !== false) await this.#nextRoundByCount();
      return;
    }
    await this.releaseDamage();
    const variant = currentVariant();
    const round = from.round + 1;
    const rolls: SideChange[] = [];
    await this.ensureSides();
    await rollSides(
      this.view,
      {
        ...this.#ports(),
        updateSides: async (updates) => {
          rolls.push(...updates);
        },
      },
      // From round 0 this is the start: sides that rolled before it keep their roll (SF-X-04).
      { variant, round, force: from.round >= 1 },
    );
    const written = this.#seal(rolls, round);
    const order = turnOrder(withSideChanges(this.view, written, round), variant);
    const first =
      from.turn === null
        ? { turn: null, noneLeft: false }
        : firstTurn(order, (id) => !!this.combatants.get(id)?.isDefeated, !!this.settings.skipDefeated);
    if (first.noneLeft) ui.notifications?.warn(localize("COMBAT.NoneRemaining"));
    // The first phase the first combatant acts in (phase 0 unless "skip defeated" passed over a whole side).
    const phase =
      this.phasesLinked && first.turn !== null
        ? (phaseOfTurn(
            this.#phaseInputOf(withSideChanges(this.view, written, round)),
            { phase: 0, turn: null },
            first.turn,
          ) ?? 0)
        : 0;
    const updateData: Combat.UpdateData = {
      round,
      turn: first.turn,
      system: phaseFlags(phase, first.turn),
      ...(written.length ? { groups: written } : {}),
    };
    // Core would fire an end and a start for every turn index after the one ended ("skipped"), whatever phase
    // ended the round: the active GM fires the events of this step instead (`#turnStepEvents`, review 13c M1).
    // A player's round write already ran core's (`extra`).
    const updateOptions = {
      direction: 1 as const,
      worldTime: { delta: this.#roundDelta(from.round, from.turn, round, first.turn) },
      ...(extra.turnEvents !== false && this.phasesLinked
        ? { turnEvents: false as const, [STEP_EVENTS]: "round" }
        : {}),
      ...extra,
    };
    // fvtt-types 13.345 types this hook as v12 did ({round, turn: number}, {advanceTime}); v13 passes a null turn
    // when no one acts and `worldTime` (client/documents/combat.mjs, nextRound).
    Hooks.callAll("combatRound", this, updateData as never, updateOptions as never);
    await this.update(updateData, updateOptions);
  }

  /**
   * World time from the end of round `fromRound` to the start of the next: by phase, the whole round's time whatever
   * turn index ended it (the phase walk's steps add none, review 13c L5); otherwise as core counts it.
   */
  #roundDelta(fromRound: number, fromTurn: number | null, toRound: number, toTurn: number | null): number {
    if (!this.phasesLinked) return this.getTimeDelta(fromRound, fromTurn, toRound, toTurn);
    return roundTimeDelta(fromRound, this.turns.length, CONFIG.time);
  }

  /** Going back a round is the GM's too (`_canChangeRound`); a player is told so instead of a refused update. */
  override async previousRound(): Promise<this> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(localize("FT.Combat.roundIsGM"));
      return this;
    }
    if (!this.phasesLinked || this.round <= 1) return super.previousRound();
    // As v13's `previousRound` (the round's last turn, the `combatRound` hook, world time back), with the phase
    // that turn's side last acts in, in the same update.
    const round = this.round - 1;
    const turn = this.turn === null || !this.turns.length ? null : this.turns.length - 1;
    const phase = lastPhaseOf(this.#phaseInputOf(withSideChanges(this.view, [], round)), turn);
    const updateData: Combat.UpdateData = { round, turn, system: phaseFlags(phase, turn) };
    const updateOptions = {
      direction: -1 as const,
      worldTime: { delta: -this.#roundDelta(round, null, this.round, null) },
    };
    Hooks.callAll("combatRound", this, updateData as never, updateOptions as never);
    await this.update(updateData, updateOptions);
    return this;
  }

  /**
   * Every client runs this while preparing the combat, so stored data the rules refuse (a side d10 of 11) must not
   * throw here (H2): the combat falls back to core's order, and the failure is reported once.
   */
  override setupTurns(): Combatant.Implementation[] {
    try {
      const order = orderIdsOf(this);
      ORDER.set(this, new Map(order.map((id, i) => [id, i])));
    } catch (e) {
      ORDER.delete(this);
      reportOnce(
        `${this.id}:order:${errorText(e)}`,
        `${localize("FT.Combat.orderFailed")} (${errorText(e)})`,
      );
    }
    return super.setupTurns();
  }

  /**
   * Review of issue 27 (T2-1A): a player's own Combatant write may carry core's `combatTurn` option, which every
   * client applies as the new turn (v13 client/documents/combatant.mjs `_preUpdateOperation` sets it only when the
   * caller did not, and client/documents/combat.mjs `#onModifyCombatants` applies it): a console could move the turn
   * with any flag write. On every page, before core reads it, a non-GM's `combatTurn` becomes what core computes
   * for an honest write — the acting combatant's place in the new order — so the turn stays with whoever acts.
   */
  #keepActingTurn(collection: string, options: { combatTurn?: number }, userId: string): void {
    if (collection !== "combatants" || typeof options.combatTurn !== "number") return;
    if (game.users?.get(userId)?.isGM) return;
    const acting = this.combatant?.id;
    let at = -1;
    try {
      at = acting ? orderIdsOf(this).indexOf(acting) : -1;
    } catch {
      at = -1;
    }
    if (at >= 0) options.combatTurn = at;
    else delete options.combatTurn;
  }

  /** Core sorts with this unbound; a combatant of another combat, or no order of ours, sorts as core does. */
  protected override _sortCombatants(a: Member, b: Member): number {
    const order = a.parent instanceof FrontierCombat ? ORDER.get(a.parent) : undefined;
    if (!order || b.parent !== a.parent) return super._sortCombatants(a, b);
    return (order.get(a.id ?? "") ?? 9999) - (order.get(b.id ?? "") ?? 9999);
  }

  /**
   * The order depends on the round (surprise counts in round 1 only, SF-X-02) and on the sides' rolls, and core
   * re-sorts here only when `combatants` changed. Re-sort first, so core computes `current` from the new order,
   * but leave `current` as it was, so core still records the previous state and runs the turn events.
   */
  protected override _onUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.OnUpdateOperation,
    userId: string,
  ): void {
    // Core's `current` still holds the state before this update until core's _onUpdate runs.
    const prior = {
      round: this.current.round,
      turn: this.current.turn,
      combatantId: this.current.combatantId,
    };
    if ("round" in changed || "groups" in changed) this.#resort();
    const writer = game.users?.get(userId);
    // T2-1A: a player's write of the turn alone (the server lets any player write it: v13 common/documents/
    // combat.mjs `#canUpdate`, `_canChangeTurn` returns true) is judged here, on the active GM, before core runs
    // the turn events: only the step from a turn the writer owns to the next stands (what v13's `Combat#nextTurn`
    // writes for them). Anything else runs no turn event (no turn start, no end of a readied action) and is put back.
    // The options are this page's copy of the operation, which core's `_onUpdate` reads `turnEvents` from.
    const playerTurn = !writer?.isGM && "turn" in changed && !("round" in changed) && !!game.user?.isActiveGM;
    if (playerTurn && !SETTLED.has(this)) SETTLED.set(this, prior);
    const turnStands = playerTurn && this.#ownersStep(SETTLED.get(this) ?? prior, writer);
    const opts = options as { turnEvents?: boolean; [STEP_EVENTS]?: string; [PUT_BACK]?: PutBack };
    if (playerTurn && !turnStands) {
      opts.turnEvents = false;
      delete opts[STEP_EVENTS];
    }
    // A player's write of the round (with or without a turn) runs no turn or round event on the active GM unless it
    // is the end of their own last turn (`#endedLastTurn`), which `#answerPlayerRound` then carries on; anything
    // else is put back there, and its events must not have run first (review of issue 27: a round written and put
    // back had already ended a run, SW-24, and cleared the round's movement).
    const playerRound = !writer?.isGM && "round" in changed && !!game.user?.isActiveGM;
    if (playerRound) {
      if (!SETTLED.has(this)) SETTLED.set(this, prior);
      const settled = SETTLED.get(this) ?? prior;
      if (!this.#endedLastTurn(settled, writer)) {
        opts.turnEvents = false;
        delete opts[STEP_EVENTS];
      }
    }
    super._onUpdate(changed, options, userId);
    // The state the GM's own writes left ("settled"); a player's round write is judged against it, not against the
    // state just before it (which may be the same player's previous write), when the queue reaches it (review 4).
    const step = opts[STEP_EVENTS];
    if (step === "turn" || step === "round") void this.#turnStepEvents(prior, step);
    // The player whose write the GM put back is told why (the GM's write names them; its options reach every
    // client with the update).
    tellPutBack(opts[PUT_BACK]);
    if (writer?.isGM)
      SETTLED.set(this, { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null });
    else if (playerTurn && turnStands) {
      SETTLED.set(this, { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null });
      void this.#serial(() => this.#followTurn(prior.turn)).catch((e: unknown) =>
        reportOnce(`${this.id}:follow:${errorText(e)}`, errorText(e)),
      );
    } else if (playerTurn)
      void this.#serial(() => this.#putBackTurn(userId)).catch((e: unknown) =>
        reportOnce(`${this.id}:turn:${errorText(e)}`, errorText(e)),
      );
    else if (playerRound)
      // SETTLED was noted before core ran (above).
      void this.#serial(() => this.#answerPlayerRound(userId)).catch((e: unknown) =>
        reportOnce(`${this.id}:round:${errorText(e)}`, errorText(e)),
      );
  }

  /**
   * The turn events of one step of the phase walk, as core's `_manageTurnEvents` runs them for a step forward
   * (v13 client/documents/combat.mjs, search id 18344563855): on the active GM, the end of the turn before and the
   * start of the new one (for a new round, the round's end and start between them), never a "skipped" turn in
   * between; on every client the `combatTurnChange` hook. Movement is not cleared at a turn's start
   * (`_clearMovementHistoryOnStartTurn` keeps it for the round). Core's Region turn events are private to core and
   * do not run for these steps.
   */
  async #turnStepEvents(
    prior: { round: number | null; turn: number | null; combatantId: string | null },
    step: "turn" | "round",
  ): Promise<void> {
    if (!this.started) return;
    if (game.user?.isActiveGM) {
      try {
        const ended = prior.combatantId ? this.combatants.get(prior.combatantId) : undefined;
        const priorRound = prior.round ?? 0;
        if (ended && prior.turn !== null)
          await this._onEndTurn(ended, { round: priorRound, turn: prior.turn, skipped: false });
        if (step === "round") {
          if (priorRound > 0) await this._onEndRound({ round: priorRound, skipped: false });
          await this._onStartRound({ round: this.round, skipped: false });
        }
        const started = this.combatant;
        if (started && this.turn !== null) {
          const context = { round: this.round, turn: this.turn, skipped: false };
          await this._onStartTurn(started, context);
          if (started.token) await this._clearMovementHistoryOnStartTurn(started, context);
        }
      } catch (e) {
        reportOnce(`${this.id}:events:${errorText(e)}`, errorText(e));
      }
    }
    // Core sets `previous` when the combat is first prepared; fvtt-types 13.345 allows it to be undefined.
    Hooks.callAll("combatTurnChange", this, this.previous ?? this.current, this.current);
  }

  /**
   * Active GM (S4): a player's client wrote the round itself — core's server allows it (common `#canUpdate`; our
   * `_canChangeRound` runs only in browsers). If it was the end of the round's last turn by that turn's owner, this
   * is the next round: the GM carries it out (held damage, sides re-rolled, first turn, phase). Anything else (a
   * skipped or repeated round, a round going back, someone else's turn) is put back to the round and turn before it.
   */
  async #answerPlayerRound(userId: string): Promise<void> {
    const settled = SETTLED.get(this);
    if (!settled || this.round === settled.round) return;
    const user = game.users?.get(userId);
    const priorRound = settled.round ?? 0;
    if (this.#endedLastTurn(settled, user)) {
      await this.#startNextRound({ round: priorRound, turn: settled.turn }, { turnEvents: false });
      return;
    }
    console.warn(
      `${SYSTEM_ID} | ${user?.name ?? userId} wrote round ${this.round}; put back to ${priorRound}`,
    );
    ui.notifications?.warn(localize("FT.Combat.roundPutBack"));
    const putBack = {
      turnEvents: false as const,
      [PUT_BACK]: { user: userId, reason: "FT.Combat.putBackYours" },
    };
    await this.update({ round: priorRound, turn: settled.turn }, putBack);
  }

  /**
   * T2-1A: is the combat's turn now the step v13's `Combat#nextTurn` (client/documents/combat.mjs) takes from the
   * turn of `settled` — by phase when phase and turn are linked; else the next turn that is taken (the surprise
   * round's unaware and, with "skip defeated", the defeated are passed over) — in the same round, and is that turn
   * held by a combatant `user` owns? Judged by the acting combatant, not the index: a re-sort since (a late joiner,
   * a Trigger) keeps the index of whoever acts.
   */
  #ownersStep(
    settled: { round: number | null; turn: number | null; combatantId: string | null },
    user: User.Implementation | undefined,
  ): boolean {
    if (!user || !this.started || this.turn === null || this.round !== settled.round || !settled.combatantId)
      return false;
    if (!this.combatants.get(settled.combatantId)?.testUserPermission(user, "OWNER")) return false;
    const at = this.turns.findIndex((t) => t.id === settled.combatantId);
    if (at < 0) return false;
    if (this.phasesLinked) {
      const next = stepPhaseTurn(this.#phaseInput(), { phase: this.phaseIndex, turn: at }, 1);
      return next !== "round" && next.turn === this.turn;
    }
    const passed = this.#passedOver();
    return this.turn > at && !passed[this.turn] && passed.slice(at + 1, this.turn).every(Boolean);
  }

  /**
   * Active GM (T2-1A): a player's write of the turn was not their own end of turn: the turn goes back to whoever
   * the GM's last write left acting, with no turn events; the GM and the writer are told.
   */
  async #putBackTurn(userId: string): Promise<void> {
    const settled = SETTLED.get(this);
    if (!settled || this.round !== settled.round) return;
    const at = settled.combatantId ? this.turns.findIndex((t) => t.id === settled.combatantId) : -1;
    const turn = at >= 0 ? at : settled.turn;
    if (turn === this.turn) return;
    const user = game.users?.get(userId);
    console.warn(`${SYSTEM_ID} | ${user?.name ?? userId} wrote turn ${this.turn}; put back to ${turn}`);
    ui.notifications?.warn(localize("FT.Combat.turnPutBack"));
    const putBack = {
      turnEvents: false as const,
      [PUT_BACK]: { user: userId, reason: "FT.Combat.putBackYours" },
    };
    await this.update({ turn }, putBack);
  }

  /** Was the state before this round change the last turn of a started round, held by a combatant `user` owns? */
  #endedLastTurn(
    prior: { round: number | null; turn: number | null; combatantId: string | null },
    user: User.Implementation | undefined,
  ): boolean {
    const priorRound = prior.round ?? 0;
    if (!user || priorRound < 1 || this.round !== priorRound + 1 || !prior.combatantId) return false;
    const combatant = this.combatants.get(prior.combatantId);
    if (!combatant?.testUserPermission(user, "OWNER")) return false;
    if (this.byCount) {
      // SW-03: the order does not change between rounds.
      const at = this.turns.findIndex((t) => t.id === prior.combatantId);
      if (at < 0 || at !== prior.turn) return false;
      return endsRound(at, this.#passedOver(), true);
    }
    // The order of the round being ended (surprise counts in round 1 only, so it may differ from the new one's).
    const priorView = withSideChanges(this.view, [], priorRound);
    const order = turnOrder(priorView, currentVariant());
    const at = order.indexOf(prior.combatantId);
    if (at < 0 || at !== prior.turn) return false;
    // By phase when linked: a player cannot write the phase, so the stored one is still the round's last.
    if (getSetting(SETTINGS.enforcePhases) && this.ftPhases.length)
      return endsRoundAt(this.#phaseInputOf(priorView), { phase: this.phaseIndex, turn: at });
    const defeated = order.map((id) => !!this.combatants.get(id)?.isDefeated);
    return endsRound(at, defeated, !!this.settings.skipDefeated);
  }

  #resort(): void {
    const current = this.current;
    this.setupTurns();
    this.current = current;
  }

  /**
   * Re-sort after the order changed outside this class's own writes (a side created, deleted or edited elsewhere,
   * the Alpha Dawn variant switched) and keep the turn with whoever is acting: every client re-sorts, the active
   * GM writes the turn index.
   */
  resortKeepingTurn(): void {
    const acting = this.combatant?.id ?? null;
    this.#resort();
    if (!game.user?.isActiveGM) return;
    // Ranks follow the variant and every side's numbers: a write that was not the GM's own re-ranks here.
    if (this.sideGroups.some((g) => g.system.sealed)) {
      const reranked = this.#seal([]);
      if (reranked.length) {
        void this.#commitRanks(reranked);
        return;
      }
    }
    // A change of sides mid-round: the phase is remapped with the turn in one write (`#remapPhase`).
    if (!acting || this.turn === null || BEFORE.has(this)) return;
    const turn = this.turns.findIndex((t) => t.id === acting);
    if (turn >= 0 && turn !== this.turn) void this.update({ turn }, { turnEvents: false });
  }

  /** GM: write fresh ranks, keeping the acting combatant acting. */
  async #commitRanks(changes: readonly SideChange[]): Promise<void> {
    try {
      await this.update(this.#sidesUpdate(changes), { turnEvents: false });
    } catch (e) {
      reportOnce(`${this.id}:ranks:${errorText(e)}`, errorText(e));
    }
  }

  #onModifySides(parent: unknown, options: { render?: boolean } | undefined): void {
    this.resortKeepingTurn();
    const tracker = ui.combat;
    if (tracker && tracker.viewed === parent && options?.render !== false) void tracker.render();
  }

  protected override _onUpdateDescendantDocuments(...args: Combat.OnUpdateDescendantDocumentsArgs): void {
    // fvtt-types 13.345 types the operation without core's `combatTurn` as a writable number.
    this.#keepActingTurn(args[1], args[4] as { combatTurn?: number }, args[5]);
    super._onUpdateDescendantDocuments(...args);
    if (isGroups(args[1])) this.#onModifySides(args[0], args[4]);
    // fvtt-types 13.345 types the operation without this system's own option.
    tellPutBack((args[4] as { [PUT_BACK]?: PutBack })[PUT_BACK]);
    this.#queueRemap();
    this.#putBackCounts(args[5]);
    this.#rerankAfter();
    this.#putBackMarks(args[5]);
  }

  /**
   * Active GM (T2-1D, review of issue 27): a player's own count landed among sealed combatants, whose documents hold
   * only ranks worked out around the counts before it; rank them again (`#writeCounts` with no new entry), so every
   * page — which sorts by the documents — orders as the real counts do.
   */
  #rerankAfter(): void {
    if (!RERANK.has(this) || !game.user?.isActiveGM) return;
    RERANK.delete(this);
    void this.#serial(() => this.#writeCounts([], new Set())).catch((e: unknown) =>
      reportOnce(`${this.id}:rerank:${errorText(e)}`, errorText(e)),
    );
  }

  /**
   * Active GM (T2-2B, T2-3E): note the marks — dodging, delay/ready, running, overwatch — a player's change of a
   * Combatant touches, as they are before it lands (`#putBackMarks` judges them after).
   */
  #noteMarks(collection: string, changes: readonly object[], userId: string): void {
    if (collection !== "combatants" || !game.user?.isActiveGM || game.users?.get(userId)?.isGM) return;
    const noted = MARKS_BEFORE.get(this) ?? new Map<string, Map<RefereedMark, unknown>>();
    for (const change of changes) {
      const id = (change as { _id?: unknown })._id;
      const c = typeof id === "string" ? this.combatants.get(id) : undefined;
      if (!c?.id) continue;
      const marks = noted.get(c.id) ?? new Map<RefereedMark, unknown>();
      for (const key of touchedMarks(change))
        if (!marks.has(key)) marks.set(key, foundry.utils.deepClone(c.marks[key]));
      if (marks.size) noted.set(c.id, marks);
    }
    if (noted.size) MARKS_BEFORE.set(this, noted);
  }

  /**
   * Active GM (T2-2B, T2-3E): a player's change of a mark the rules do not allow at this moment
   * (documents/combatant/mark-referee.ts) is written back as it was, in one update; the GM and the player are told.
   */
  #putBackMarks(userId: string): void {
    const noted = MARKS_BEFORE.get(this);
    if (!noted?.size || !game.user?.isActiveGM) return;
    MARKS_BEFORE.delete(this);
    const updates: Record<string, unknown>[] = [];
    for (const [id, marks] of noted) {
      const c = this.combatants.get(id);
      if (!c) continue;
      const update: Record<string, unknown> = {};
      for (const [key, before] of marks) {
        if (markAllowed(this, c, key, before, c.marks[key])) continue;
        update[`system.${key}`] = putBackValue(before);
      }
      if (Object.keys(update).length) updates.push({ _id: id, ...update });
    }
    if (!updates.length) return;
    const user = game.users?.get(userId);
    console.warn(
      `${SYSTEM_ID} | ${user?.name ?? userId} set combatant marks the rules do not allow now; put back`,
    );
    ui.notifications?.warn(localize("FT.Combat.markPutBack"));
    // `diff: true` is core's default, named so the options share a key with core's type (a weak type otherwise).
    const putBack = { diff: true, [PUT_BACK]: { user: userId, reason: "FT.Combat.markPutBackYours" } };
    void this.#serial(() => this.updateEmbeddedDocuments("Combatant", updates, putBack)).catch((e: unknown) =>
      reportOnce(`${this.id}:marks:${errorText(e)}`, errorText(e)),
    );
  }

  /**
   * Active GM (T2-2A, SW-03 "counts are kept for the whole combat"): note the count and tie-break terms of every
   * combatant whose `initiative` or `flags.<system>.init` a player is changing when the rules do not let them —
   * once the combat has started, or once it has a count (a re-roll is the GM's), or for a combatant the GM marked
   * unaware (SW-02: it rolls when the surprise round ends). The owner may write both (v13 common/documents/
   * combatant.mjs `#canUpdate`), so the server lets it through; `#putBackCounts` writes the noted values back.
   * Before the start, an owner's first roll of their own count stands.
   */
  #noteCounts(collection: string, changes: readonly object[], userId: string): void {
    if (collection !== "combatants" || !this.byCount || !game.user?.isActiveGM) return;
    if (game.users?.get(userId)?.isGM) return;
    const noted = COUNTS_BEFORE.get(this) ?? new Map<string, { initiative: number | null; init: unknown }>();
    for (const change of changes) {
      const flat = foundry.utils.flattenObject(change) as Record<string, unknown>;
      const id = typeof flat._id === "string" ? flat._id : "";
      const c = this.combatants.get(id);
      if (!c || noted.has(id)) continue;
      const touches = Object.keys(flat).some(
        (k) =>
          k === "initiative" ||
          k.startsWith(`flags.${SYSTEM_ID}.init`) ||
          k.startsWith(`flags.${SYSTEM_ID}.-=init`) ||
          k === `flags.-=${SYSTEM_ID}`,
      );
      if (!touches) continue;
      const counted = Number.isFinite(c._source.initiative ?? Number.NaN);
      if (!this.started && !counted && !this.isUnaware(id)) {
        // The count stands; the sealed combatants' ranks are worked out again around it (`#rerankAfter`).
        if (this.combatants.contents.some((m: Member) => !!m.getFlag(SYSTEM_ID, "init")?.sealed))
          RERANK.add(this);
        continue;
      }
      noted.set(id, {
        initiative: c._source.initiative ?? null,
        init: foundry.utils.deepClone(c.getFlag(SYSTEM_ID, "init")),
      });
    }
    if (noted.size) COUNTS_BEFORE.set(this, noted);
  }

  /** Active GM (T2-2A): write back the counts `#noteCounts` noted, in one update; the GM and the player are told. */
  #putBackCounts(userId: string): void {
    const noted = COUNTS_BEFORE.get(this);
    if (!noted?.size || !game.user?.isActiveGM) return;
    COUNTS_BEFORE.delete(this);
    const updates = [...noted].map(([id, was]) => ({
      _id: id,
      initiative: was.initiative,
      ...(was.init === undefined
        ? { [`flags.${SYSTEM_ID}.-=init`]: null }
        : { [`flags.${SYSTEM_ID}.init`]: was.init }),
    }));
    const user = game.users?.get(userId);
    console.warn(`${SYSTEM_ID} | ${user?.name ?? userId} changed initiative counts; put back`);
    ui.notifications?.warn(localize("FT.Combat.countPutBack"));
    // `diff: true` is core's default, named so the options share a key with core's type (a weak type otherwise).
    const putBack = { diff: true, [PUT_BACK]: { user: userId, reason: "FT.Combat.countPutBackYours" } };
    void this.#serial(() => this.updateEmbeddedDocuments("Combatant", updates, putBack)).catch((e: unknown) =>
      reportOnce(`${this.id}:counts:${errorText(e)}`, errorText(e)),
    );
  }

  protected override _preCreateDescendantDocuments(...args: Combat.PreCreateDescendantDocumentsArgs): void {
    super._preCreateDescendantDocuments(...args);
    this.#noteBefore();
  }

  protected override _preUpdateDescendantDocuments(...args: Combat.PreUpdateDescendantDocumentsArgs): void {
    super._preUpdateDescendantDocuments(...args);
    this.#noteBefore();
    this.#noteCounts(args[1], args[2], args[4]);
    this.#noteMarks(args[1], args[2], args[4]);
  }

  protected override _preDeleteDescendantDocuments(...args: Combat.PreDeleteDescendantDocumentsArgs): void {
    super._preDeleteDescendantDocuments(...args);
    if (args[1] === "combatants") this.#handOnTurn(args[2], args[3]);
    this.#noteBefore();
  }

  /**
   * Review foundry-v13-combat-data-2 §3.3: v13's `Combatant._preDeleteOperation` (client/documents/combatant.mjs,
   * search id 18918656215) means to hand the turn to the next survivor (else the one before) when the acting
   * combatant is deleted, but compares with `this.turn` in a static method, so it hands it to no one. Every client's
   * `#onModifyCombatants` then keeps the old index — past the end when the acting combatant was the last, which moves
   * every client to the next round LOCALLY (and runs, on the active GM, the turn events of a round the server never
   * started: movement cleared). Every client, before the deletion and from the same data, sets the hand-on core
   * intends on the operation (`combatTurn`, `turnEvents`, read by core's `#onModifyCombatants`: the pre- and
   * post-delete events get the same options object, client/data/client-backend.mjs `#handleDeleteDocuments`, search
   * id 8223665884); the active GM then stores that turn (`_onDeleteDescendantDocuments`).
   */
  #handOnTurn(ids: readonly string[], options: object): void {
    // The delete operation's options, as core's #onModifyCombatants reads them (fvtt-types 13.345 types the delete
    // options without core's combatTurn / turnEvents).
    const op = options as { combatTurn?: number; turnEvents?: boolean; [HANDED_ON]?: boolean };
    const acting = this.combatant;
    if (!acting?.id || !ids.includes(acting.id) || typeof op.combatTurn === "number") return;
    const skip = !!this.settings.skipDefeated;
    const at = this.turn ?? 0;
    let prev: Member | null = null;
    let next: Member | null = null;
    this.turns.forEach((t, i) => {
      if (ids.includes(t.id ?? "") || (skip && t.isDefeated)) return;
      if (i < at) prev = t;
      if (!next && i >= at) next = t;
    });
    const survivor = next ?? prev;
    if (!survivor) return;
    op.combatTurn = this.turns.filter((t) => !ids.includes(t.id ?? "")).indexOf(survivor);
    op.turnEvents = survivor === next;
    op[HANDED_ON] = true;
  }

  /**
   * Active GM, before combatants or sides change (every client runs the pre-callbacks of a change it receives):
   * note the phase, turn and acting combatant, unless a change already under way noted them.
   */
  #noteBefore(): void {
    if (!game.user?.isActiveGM || BEFORE.has(this) || !this.phasesLinked) return;
    BEFORE.set(this, {
      input: this.#phaseInput(),
      at: { phase: this.phaseIndex, turn: this.turn },
      actingId: this.combatant?.id ?? null,
      round: this.round,
    });
  }

  #queueRemap(): void {
    if (!game.user?.isActiveGM || !BEFORE.has(this)) return;
    void this.#serial(() => this.#remapPhase()).catch((e: unknown) =>
      reportOnce(`${this.id}:remap:${errorText(e)}`, errorText(e)),
    );
  }

  /**
   * Active GM, after combatants or sides changed mid-round (review 13c H1): the same phase in the new list of
   * phases, with whoever was acting, or, if they left, the next combatant of the round as it stood
   * (`remapPhaseTurn`); turn and phase in ONE write. Waits while a side assignment is half done.
   */
  async #remapPhase(): Promise<void> {
    const before = BEFORE.get(this);
    if (!before) return;
    if (!game.user?.isActiveGM || before.round !== this.round || !this.phasesLinked) {
      BEFORE.delete(this);
      return;
    }
    if (this.view.members.some((m) => !m.sideId)) return;
    BEFORE.delete(this);
    const to = remapPhaseTurn(before, this.#phaseInput());
    if (!to || (to.phase === this.phaseIndex && to.turn === this.turn)) return;
    await this.update({ turn: to.turn, system: phaseFlags(to.phase, to.turn) }, { turnEvents: false });
  }

  /** A side whose last member left is removed (GM only); a removed side re-sorts and re-renders. */
  protected override _onDeleteDescendantDocuments(...args: Combat.OnDeleteDescendantDocumentsArgs): void {
    super._onDeleteDescendantDocuments(...args);
    if (isGroups(args[1])) this.#onModifySides(args[0], args[4]);
    if (args[1] === "combatants" && game.user?.isActiveGM) {
      // §3.3: the turn every client handed on locally (`#handOnTurn`) is stored, before any remap of the phase.
      if ((args[4] as { [HANDED_ON]?: boolean })[HANDED_ON]) {
        const turn = this.turn;
        void this.#serial(() => this.update({ turn }, { diff: false, turnEvents: false })).catch(
          (e: unknown) => reportOnce(`${this.id}:handOn:${errorText(e)}`, errorText(e)),
        );
      }
      const empty = emptySides(this.view);
      if (empty.length) void this.deleteEmbeddedDocuments("CombatantGroup", empty);
    }
    this.#queueRemap();
  }

  /** Newcomers join a side (they are not rolled: their side may already have its roll). */
  protected override _onCreateDescendantDocuments(...args: Combat.OnCreateDescendantDocumentsArgs): void {
    // fvtt-types 13.345 types the operation without core's `combatTurn` as a writable number.
    this.#keepActingTurn(args[1], args[4] as { combatTurn?: number }, args[5]);
    super._onCreateDescendantDocuments(...args);
    if (isGroups(args[1])) this.#onModifySides(args[0], args[4]);
    if (args[1] === "combatants" && game.user?.isActiveGM) void this.ensureSides();
    // SW-03: "characters who join a battle already in progress roll initiative at that time" (active GM).
    if (args[1] === "combatants" && this.byCount && this.started && game.user?.isActiveGM) {
      const ids = new Set(args[2].map((c) => c.id ?? ""));
      void this.#rollByCount(unrolledOf(this, (c) => ids.has(c.id ?? ""))).catch((e: unknown) =>
        reportOnce(`${this.id}:late:${errorText(e)}`, errorText(e)),
      );
    }
    this.#queueRemap();
  }

  /**
   * SW-01: a combatant is flat-footed until its first turn starts. v13 runs `_onStartTurn` on the active GM only
   * (client/documents/combat.mjs `#triggerTurnEvents`); the combat keeps the list of those whose turn has started.
   */
  protected override async _onStartTurn(
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onStartTurn(combatant, context);
    if (!this.byCount || !combatant.id) return;
    // C2-2.1: at a round change v13 fires a start for every turn it passes over, with `skipped: true`
    // (client/documents/combat.mjs `#triggerTurnEvents`: the turns after the last one taken — after a surprise round,
    // the unaware sorted after the last aware combatant). A passed-over turn is not a turn taken: the combatant has
    // not acted (SW-01: still flat-footed), and what lasts "until its next turn" lasts on — a readied action
    // (SW-34), running (SW-24), suppression fire (SW-43).
    if (context.skipped) return;
    // C2-3.1: a combatant's turn starts once a round. A Trigger (SW-34) puts the readied combatant before the one
    // whose action set it off; when the reactor's turn ends, v13's next turn lands on the interrupted combatant
    // again and fires its start a second time: that turn was only interrupted, so nothing it declared ends.
    const starts = combatState(this).turnStarts;
    const startedThisRound = starts?.round === context.round ? starts.ids : [];
    if (startedThisRound.includes(combatant.id)) return;
    const acted = combatState(this).acted ?? [];
    await this.update(
      {
        system: {
          acted: acted.includes(combatant.id) ? acted : d20StartTurn(acted, combatant.id),
          turnStarts: { round: context.round, ids: [...startedThisRound, combatant.id] },
        },
      },
      { turnEvents: false },
    );
    // SW-34: a readied action not taken by the combatant's next turn is lost; SW-43: its suppression fire ends.
    const ends: Record<string, unknown> = {};
    if (combatant.holdState === "readied") ends.state = "none";
    // SW-43: its suppression ends (the area is also read only until now: canvas/suppression.ts).
    // C2-3.4: on every GM's User that keeps it (whichever GM answered the card while it was the active GM); a GM
    // may write another GM's User (v13 common/documents/user.mjs `#canUpdate`: "Assistant GMs may modify other
    // users", a full GM anything).
    for (const gm of game.users?.contents ?? [])
      if (gm.isGM && gm.getFlag(SYSTEM_ID, "suppressing")?.[combatant.id])
        await gm.update({ [`flags.${SYSTEM_ID}.suppressing.-=${combatant.id}`]: null });
    // SW-24: a runner has its Dex back when its next turn starts (the rounds run in a row are kept).
    const running = combatant.marks.running;
    if (running?.active) ends.running = { ...running, active: false };
    if (Object.keys(ends).length) await combatant.update({ system: ends });
  }

  /**
   * "Movement this turn" (SF-X-17/18) means this round in a side-phase combat: core clears a token's movement
   * history when that combatant's turn starts, which a GM stepping by phase may never do. Keep it for the round.
   */
  protected override async _clearMovementHistoryOnStartTurn(
    _combatant: Combatant.Implementation,
    _context: Combat.TurnEventContext,
  ): Promise<void> {}

  /** …and clear every token's movement history when a round starts (active GM, after the round update). */
  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    await this.clearMovementHistories();
  }

  /** Who acts first this round (SF-X-01, SF-X-05); stored data the rules refuse gives no side order (H2). */
  get ftOrder() {
    const view = this.view;
    try {
      return sideOrder(view, currentVariant());
    } catch (e) {
      reportOnce(
        `${this.id}:order:${errorText(e)}`,
        `${localize("FT.Combat.orderFailed")} (${errorText(e)})`,
      );
      return {
        moveOrder: view.sides.map((s) => s.id),
        initiative: null,
        simultaneousDamage: false,
        unresolvedTies: [],
      };
    }
  }

  /** The phases of the round, from one reading of the sides; none when each combatant acts on its count (SW-03). */
  get ftPhases() {
    if (this.byCount) return [];
    return roundPhases(this.ftOrder, currentVariant());
  }
}

/**
 * v13 calls the descendant-document callbacks for both embedded collections, `combatants` and `groups`;
 * fvtt-types 13.345 lists only `combatants` in their arguments, so the name is taken as a plain string.
 */
function isGroups(collection: string): boolean {
  return collection === "groups";
}

/** The combat's phase state: the phase and the turn it was written with (see `reconcilePhase`). */
function phaseFlags(phase: number, turn: number | null) {
  return { phase, phaseTurn: turn };
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The player whose change the active GM put back is told why (the GM's write names them and the reason). */
function tellPutBack(putBack: PutBack | undefined): void {
  if (!putBack || putBack.user !== game.user?.id || game.user.isGM) return;
  ui.notifications?.warn(localize(putBack.reason));
}

/** Report a failure once per key: to the console on every client, and to a GM as a notification. */
function reportOnce(key: string, message: string): void {
  if (REPORTED().has(key)) return;
  REPORTED().add(key);
  console.error(`${SYSTEM_ID} | ${message}`);
  if (game.user?.isGM) ui.notifications?.error(message);
}

/**
 * GM side of a player's side-roll query. v13 does not tell a query handler who sent it (client/documents/
 * collections/users.mjs `#handleUserQuery`), and anything in the payload is the sender's to write, so the request
 * names only a combat and sides: the GM rolls those of them that have a player character and have not rolled this
 * round, for this round, never forcing a re-roll. A forged request can at most roll an unrolled player side early;
 * re-rolls and every NPC side stay the GM's.
 */
export async function handleRollSideQuery(data: unknown): Promise<boolean> {
  const req = (data ?? {}) as { combatId?: unknown; sideIds?: unknown };
  if (typeof req.combatId !== "string" || !Array.isArray(req.sideIds) || req.sideIds.length > 50)
    throw new Error("That side roll request is not one this system sends.");
  const combat = game.combats?.get(req.combatId);
  if (!combat) throw new Error("That combat no longer exists.");
  return combat.rollForPlayers(new Set(req.sideIds.filter((id): id is string => typeof id === "string")));
}

/**
 * GM side of a player's "end turn" on the round's last turn (SF-B-04): the GM starts the next round, which
 * re-rolls the sides. Only while the combat is still in the round the player saw and on its last turn, so a
 * repeated or late request does not skip a round.
 */
export async function handleNextRoundRequest(
  body: Extract<GMRequestBody, { kind: "nextRound" }>,
  requester: User.Implementation,
): Promise<GMAnswer> {
  const refused = (reason: string) => ({ applied: [], skipped: [{ id: body.combatId, reason }] });
  const combat = game.combats?.get(body.combatId);
  if (!combat) return refused("FT.Tracker.combatGone");
  // Checked in the combat's queue: a repeated or late request finds the round already ended and does nothing.
  const reason = await combat.endRoundFor(requester, body.round);
  return reason ? refused(reason) : { applied: [body.combatId], skipped: [] };
}

/**
 * SW-03: the combatants' entries (count, Dex, tie-break) for those that rolled. Module functions, not private
 * methods: core prepares the combat (and sorts its turns) inside the base constructor, before a subclass's private
 * members exist.
 */
function entriesOf(combat: Combat.Implementation, real = true) {
  return combat.combatants.contents.flatMap((c: Member) => {
    const e =
      (real ? sealedEntryOf(combat, c) : null) ??
      entryOf(
        c.id ?? "",
        c.initiative,
        c.getFlag(SYSTEM_ID, "init"),
        actorSystem(c.actor)?.d20?.abilities.dex ?? 10,
      );
    return e ? [e] : [];
  });
}

/**
 * The turn order's combatant ids, as the rules sort them now (setupTurns; may throw on data the rules refuse). A
 * module function, not a private method: core prepares a Combat (and runs setupTurns) inside its constructor, before
 * a subclass's private members exist on the instance.
 */
function orderIdsOf(combat: FrontierCombat): string[] {
  // SW-03: by count, then Dexterity, then the tie-break die; those who have not rolled after, as core sorts them.
  return combat.byCount
    ? [
        // T2-1D (review of issue 27): every page sorts by the counts and ranks the documents hold, a GM's too —
        // a GM sorting by the real counts its browser keeps would split from the players' order whenever a count
        // it did not write lands (the active GM then re-ranks: `#rerankAfter`).
        ...initiativeOrder(storedEntriesOf(combat)).map((e) => e.id),
        ...unrolledOf(combat).sort((a, b) =>
          (combat.combatants.get(a)?.name ?? "").localeCompare(combat.combatants.get(b)?.name ?? ""),
        ),
      ]
    : turnOrder(combat.view, currentVariant());
}

/** The entries as the documents hold them (a sealed combatant's rank, never its kept count): the turn order. */
const storedEntriesOf = (combat: Combat.Implementation) => entriesOf(combat, false);

/**
 * T2-1D: on a GM's page, the real entry of a sealed combatant that this browser keeps (helpers/d20-secrets.ts);
 * null elsewhere: a player's page (and a GM's that lost it) orders by the rank on the document.
 */
function sealedEntryOf(combat: Combat.Implementation, c: Member): InitiativeEntry | null {
  const sealed = c.getFlag(SYSTEM_ID, "init")?.sealed;
  if (!sealed || !game.user?.isGM || !combat.id || !c.id) return null;
  return keptEntry(combat.id, c.id, sealed);
}

/** The tie-break terms a combatant keeps beside its count (SW-03). */
function flagOf(e: InitiativeEntry): D20InitiativeFlag {
  return { modifier: e.modifier, dexScore: e.dexScore, tieBreak: e.tieBreak, shift: e.shift };
}

/** Combatants without a count yet (SW-03: at the start, and a late joiner). */
function unrolledOf(combat: Combat.Implementation, filter: (c: Member) => boolean = () => true): string[] {
  return combat.combatants.contents
    .filter((c: Member) => !Number.isFinite(c.initiative ?? Number.NaN) && filter(c))
    .map((c: Member) => c.id ?? "");
}

keepClassName(FrontierCombat, "FrontierCombat");
