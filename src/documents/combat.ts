/**
 * Combat with side initiative (SF-B-03..05, SF-X-01..06) on v13 CombatantGroups, or by count (SW-03). This class keeps
 * Foundry's overrides and the methods other modules call; the work is in `documents/combat/`, by concern (issue 29):
 * sides, side-rolls, by-count, phases, rounds, turn-referee, referee, held-damage, turn-events, order, hooks.
 *
 * What it relies on in v13 (client/documents/combat.mjs, client/documents/combatant.mjs,
 * common/documents/combat.mjs):
 * - Data preparation runs inside the DataModel constructor (`prepareDerivedData` → `setupTurns`), before a
 *   subclass's fields exist, and core clones the combat to simulate every combatant change. So this class declares
 *   no instance fields: the sort order lives in a module WeakMap keyed by the combat (order.ts).
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

import { migrateCombatState } from "../data/combat/migration.js";
import { keepClassName } from "../helpers/class-name.js";
import { currentEngine, currentVariant, getSetting, SETTINGS } from "../helpers/settings.js";
import { roundPhases } from "../rules/index.js";
import * as counts from "./combat/by-count.js";
import { chunk } from "./combat/chunk.js";
import {
  isGroups,
  localize,
  type Member,
  PUT_BACK,
  type PutBack,
  phaseFlags,
  reportFailure,
  STEP_EVENTS,
  TURN_MEANT,
  tellPutBack,
} from "./combat/common.js";
import type { HeldRequest } from "./combat/exchange.js";
import { combatState } from "./combat/gm-state.js";
import { holdDamage, holdsDamage, releaseDamage } from "./combat/held-damage.js";
import { prepareOrder, sideOrderOf, sortOrderOf } from "./combat/order.js";
import { noteOldFlags } from "./combat/persist-migration.js";
import { noteBefore, queueRemap, reconcilePhase, stepPhase, stepTurn } from "./combat/phases.js";
import {
  handOnTurn,
  keepActingTurn,
  noteChange,
  noteCombatantsWrite,
  putBackChange,
  putBackCombatantsWrite,
  storeHandedOn,
} from "./combat/referee.js";
import { type CombatView, endsRound, type SideSecret } from "./combat/side-initiative.js";
import * as sideRolls from "./combat/side-rolls.js";
import * as sides from "./combat/sides.js";
import { startTurnByCount, turnStepEvents } from "./combat/turn-events.js";
import * as judge from "./combat/turn-referee.js";

type Side = CombatantGroup.OfType<"side">;

/** The rounds' moves, loaded on first use (issue 33: only async methods call them; rounds.ts). */
const rounds = chunk("./rounds.js", () => import("./combat/rounds.js"));

export class FrontierCombat<out SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /**
   * Issue 29: an earlier version's flags move into `system` before core's migrations (data/combat/migration.ts, where
   * the v13 path is cited), on every load and on this page's own updates; the active GM writes the move once
   * (combat/persist-migration.ts).
   */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    noteOldFlags(source);
    migrateCombatState(source);
    return super.migrateData(source);
  }

  /**
   * Applies one held request on the GM's client (SF-B-05). Set in `init` to the card workflow's apply, so this
   * document does not import the workflow that imports it.
   */
  static applyHeld: ((req: HeldRequest) => Promise<unknown>) | null = null;

  /** The round and acting combatant the GM's writes left (review of issue 27; turn-referee.ts `settledOf`). */
  get settled(): { round: number; turn: number; combatantId: string | null } {
    return judge.settledOf(this);
  }

  get sideGroups(): Side[] {
    return sides.sideGroupsOf(this);
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

  /** T2-1D: the count to show for a sealed combatant (by-count.ts); undefined when it is not sealed. */
  sealedCount(combatantId: string): number | null | undefined {
    return counts.sealedCount(this, combatantId);
  }

  /** GM, before the start (SW-02): mark a combatant unaware, or aware again. */
  async setUnaware(combatantId: string, unaware: boolean): Promise<void> {
    await counts.setUnaware(this, combatantId, unaware);
  }

  /** SW-34: the current combatant holds its turn, delaying or readying (by-count.ts). */
  async holdTurn(state: "delaying" | "readied"): Promise<void> {
    await counts.holdTurn(this, state);
  }

  /** SW-34, GM: the delaying or readied combatant `id` acts now ("Act now", "Trigger"; by-count.ts). */
  async actFromHold(id: string): Promise<void> {
    await counts.actFromHold(this, id);
  }

  protected override async _preCreate(
    data: Combat.CreateData,
    options: Combat.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (combatState(this).initiative === undefined)
      this.updateSource({ system: { initiative: (await currentEngine()).initiative } });
  }

  /**
   * Issue 33 (final trust review 1.1): a GM's write that names a turn carries it (`TURN_MEANT`) even when v13's diff
   * drops it for being equal to the page's (client/data/client-backend.mjs `#preUpdateDocumentArray` awaits
   * `_preUpdate`, then diffs). The active GM settles a GM's write on that turn, so a
   * player's turn write that landed first is neither adopted nor put back over the GM's own.
   */
  protected override async _preUpdate(
    changes: Combat.UpdateData,
    options: Combat.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preUpdate(changes, options, user);
    if (allowed === false) return false;
    // Only a write that names the turn (before the diff): a GM's write of anything else must not adopt the turn its
    // page shows, which may be a player's write still waiting to be put back (final-turn review 1.1); that write
    // keeps the turn settled before (turn-referee.ts `gmSettled`). The options are merged into the operation v13
    // sends with the update (client-backend.mjs: `Object.assign(operation, options)`); the key is this system's own.
    if (user.isGM && typeof changes.turn === "number")
      (options as Record<string, unknown>)[TURN_MEANT] = changes.turn;
    return undefined;
  }

  /** The plain view of this combat the side-initiative rules work on. */
  get view(): CombatView {
    return sides.viewOf(this);
  }

  /** The phase index of the round (stored as a combat flag, stepped by the GM). */
  get phaseIndex(): number {
    return combatState(this).phase ?? 0;
  }

  /**
   * Do the round's phase and Foundry's turn move together (phase-turns.ts)? In a started combat with phases whose
   * world enforces them; with "enforce phases" off the phase strip is a reminder only (one pass of the turns a round).
   */
  get phasesLinked(): boolean {
    return this.started && !!getSetting(SETTINGS.enforcePhases) && this.ftPhases.length > 0;
  }

  /** GM: step the round's phase (the tracker's arrows; phases.ts). */
  async stepPhase(delta: 1 | -1): Promise<void> {
    await stepPhase(this, delta);
  }

  /**
   * Next turn (v13 `Combat#nextTurn`), by phase when linked: the next combatant of the phase, else the first of the
   * next phase that has one, else the next round (SF-X-01 Expanded: declare, move, resolve; SF-B-03 Basic).
   */
  override async nextTurn(): Promise<this> {
    // SW-02: in the surprise round the unaware have no turn: after the last aware combatant, the next round.
    if (this.byCount && endsRound(this.turn, counts.passedOver(this), true)) return this.nextRound();
    if (!this.phasesLinked) return super.nextTurn();
    if ((await stepTurn(this, 1)) === "round") return this.nextRound();
    return this;
  }

  /** Previous turn, by phase when linked: before the phase's first combatant, the last of the phase before. */
  override async previousTurn(): Promise<this> {
    if (!this.phasesLinked) return super.previousTurn();
    if ((await stepTurn(this, -1)) === "round") return this.previousRound();
    return this;
  }

  /** Active GM: the phase follows turns players ended while no GM was connected (review 13c L4; phases.ts). */
  async reconcilePhase(): Promise<void> {
    await reconcilePhase(this);
  }

  /** GM: the numbers of the sealed sides this GM's browser keeps (R1-5d; side-rolls.ts). Players get nothing. */
  sideSecrets(): Map<string, SideSecret> {
    return sideRolls.sideSecrets(this);
  }

  /** GM: sides for combatants without one, by default in the mode the combat is in (SF-X-05; sides.ts). */
  async ensureSides(individual = this.individual): Promise<void> {
    return sides.ensureSides(this, individual);
  }

  /** Every character its own side (SF-X-05): clears sides and makes one per combatant. */
  async individualSides(): Promise<void> {
    await sides.individualSides(this);
  }

  /** Is every combatant on a side of its own (made by `individualSides`, SF-X-05)? */
  get individual(): boolean {
    const groups = this.sideGroups;
    return groups.length > 0 && groups.every((g) => g.isIndividual);
  }

  /** Back from one side per character to sides by token disposition (sides.ts). */
  async sidesByDisposition(): Promise<void> {
    await sides.sidesByDisposition(this);
  }

  /** GM: move a combatant to another side, in ONE write of the combatant's `group` (sides.ts). */
  async moveToSide(combatantId: string, groupId: string): Promise<boolean> {
    return sides.moveToSide(this, combatantId, groupId);
  }

  /** Roll the sides that need it; a player asks the GM (through a query) for a side they own a member of. */
  async rollSides(options: { sideIds?: string[]; round?: number; force?: boolean } = {}): Promise<void> {
    await sideRolls.rollSides(this, options);
  }

  /** GM side of a player's roll request (handleRollSideQuery; side-rolls.ts). True when something was rolled. */
  async rollForPlayers(wanted: ReadonlySet<string>): Promise<boolean> {
    return sideRolls.rollForPlayers(this, wanted);
  }

  /** GM: set a side's d10 and modifier (SF-X-04); a sealed side stays sealed (R1-5d; side-rolls.ts). */
  async editSide(groupId: string, roll: number, modifier: number): Promise<void> {
    await sideRolls.editSide(this, groupId, roll, modifier);
  }

  /** GM: mark a side surprised or not (SF-X-02). */
  async setSurprised(groupId: string, surprised: boolean): Promise<void> {
    await sideRolls.setSurprised(this, groupId, surprised);
  }

  override async rollAll(): Promise<this> {
    if (this.byCount) await counts.rollByCount(this, counts.unrolledOf(this));
    else await this.rollSides();
    return this;
  }

  override async rollNPC(): Promise<this> {
    if (this.byCount) {
      await counts.rollByCount(
        this,
        counts.unrolledOf(this, (c) => !c.hasPlayerOwner),
      );
      return this;
    }
    await sideRolls.rollNpcSides(this);
    return this;
  }

  /**
   * Core's "Reroll Initiative" on a combatant (GM only) re-rolls that combatant's side, even if it rolled this
   * round. A player's request still goes to the GM, who rolls only sides that have not rolled.
   */
  override async rollInitiative(ids: string | string[]): Promise<this> {
    const list = Array.isArray(ids) ? ids : [ids];
    if (this.byCount) {
      await counts.rollByCount(this, list);
      return this;
    }
    await sideRolls.rerollSidesOf(this, list);
    return this;
  }

  /**
   * "Reset initiative" also clears the sides' rolls: core clears only the combatants, and
   * `Combatant#_prepareGroup` copies a group's initiative back onto its members.
   */
  override async resetAll(options?: { updateTurn?: boolean }): Promise<this | undefined> {
    await sideRolls.resetSides(this);
    // v13's resetAll takes {updateTurn}; fvtt-types 13.345 declares it without options (a wider signature is
    // still the same function, so no cast is needed).
    const coreReset: (o?: { updateTurn?: boolean }) => Promise<this | undefined> = super.resetAll;
    return coreReset.call(this, options);
  }

  /** Sides that already rolled are not re-rolled when the combat starts (SF-X-04). */
  override async startCombat(): Promise<this> {
    await this.ensureSides();
    if (this.byCount) {
      await counts.startByCount(this);
      return super.startCombat();
    }
    await this.rollSides({ round: 1 });
    await this.update({ system: phaseFlags(0, null) });
    return super.startCombat();
  }

  /** Basic-game tie this round: damage waits until both sides have fired (SF-B-05). */
  get holdsDamage(): boolean {
    return holdsDamage(this);
  }

  get heldDamage(): HeldRequest[] {
    return combatState(this).heldDamage ?? [];
  }

  async holdDamage(req: HeldRequest): Promise<void> {
    await holdDamage(this, req);
  }

  /** End of the exchange: apply every held request (GM; held-damage.ts). */
  async releaseDamage(): Promise<void> {
    await releaseDamage(this, FrontierCombat.applyHeld);
  }

  /** A new round re-rolls every side (SF-B-04), which only the GM writes: round changes are the GM's. */
  protected override _canChangeRound(user: User.Implementation): boolean {
    return user.isGM;
  }

  /**
   * The next round (SF-B-04); a player asks the active GM (rounds.ts). The round and turn this click ends are read
   * now, before rounds.ts loads (issue 33, review-lazy 2): a player's write put back during the load must not make
   * the click end nothing.
   */
  override async nextRound(): Promise<this> {
    const from = { round: this.round, turn: this.turn };
    await (await rounds()).goToNextRound(this, from);
    return this;
  }

  /** GM: a player's request to end round `round` (SF-B-04); the reason it was refused, or null (rounds.ts). */
  async endRoundFor(requester: User.Implementation, round: number): Promise<string | null> {
    return (await rounds()).endRoundFor(this, requester, round);
  }

  /** Going back a round is the GM's too (`_canChangeRound`); a player is told so instead of a refused update. */
  override async previousRound(): Promise<this> {
    if (!game.user?.isGM) {
      ui.notifications?.warn(localize("FT.Combat.roundIsGM"));
      return this;
    }
    if (!this.phasesLinked || this.round <= 1) return super.previousRound();
    await (await rounds()).previousRoundByPhase(this);
    return this;
  }

  /**
   * Every client runs this while preparing the combat, so stored data the rules refuse (a side d10 of 11) must not
   * throw here (H2): the combat falls back to core's order, and the failure is reported once (order.ts).
   */
  override setupTurns(): Combatant.Implementation[] {
    prepareOrder(this);
    return super.setupTurns();
  }

  /** Core sorts with this unbound; a combatant of another combat, or no order of ours, sorts as core does. */
  protected override _sortCombatants(a: Member, b: Member): number {
    const order = a.parent instanceof FrontierCombat ? sortOrderOf(a.parent) : undefined;
    if (!order || b.parent !== a.parent) return super._sortCombatants(a, b);
    return (order.get(a.id ?? "") ?? 9999) - (order.get(b.id ?? "") ?? 9999);
  }

  /**
   * The order depends on the round and the sides' rolls, and core re-sorts only when `combatants` changed: re-sort
   * first, keeping `current`; a player's own write of the turn or round is judged before core runs its turn events,
   * and answered after (turn-referee.ts `judgeWrite`, `afterWrite`).
   */
  protected override _onUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.OnUpdateOperation,
    userId: string,
  ): void {
    const judged = judge.judgeWrite(this, changed, options, userId);
    super._onUpdate(changed, options, userId);
    putBackCombatantsWrite(this, changed, userId);
    const step = judged.opts[STEP_EVENTS];
    // The turn events of a phase step, fired here (the handlers are this class's protected ones; turn-events.ts).
    if (step === "turn" || step === "round")
      void turnStepEvents(this, judged.prior, step, {
        endTurn: (c, context) => this._onEndTurn(c, context),
        endRound: (context) => this._onEndRound(context),
        startRound: (context) => this._onStartRound(context),
        startTurn: (c, context) => this._onStartTurn(c, context),
        clearMovement: (c, context) => this._clearMovementHistoryOnStartTurn(c, context),
      });
    judge.afterWrite(this, judged, userId);
  }

  /** Every page applies a Combat write here, before `_onUpdate` (referee.ts `noteCombatantsWrite`, R1-a). */
  override updateSource(
    changes?: Combat.UpdateData,
    options?: foundry.abstract.DataModel.UpdateOptions,
  ): Combat.UpdateData {
    noteCombatantsWrite(this, changes, options);
    return super.updateSource(changes, options);
  }

  /** Re-sort after the order changed outside this class's own writes, keeping the turn with whoever acts. */
  resortKeepingTurn(): void {
    sideRolls.resortKeepingTurn(this);
  }

  protected override _onUpdateDescendantDocuments(...args: Combat.OnUpdateDescendantDocumentsArgs): void {
    // fvtt-types 13.345 types the operation without core's `combatTurn` as a writable number.
    keepActingTurn(this, args[1], args[4] as { combatTurn?: number }, args[5]);
    super._onUpdateDescendantDocuments(...args);
    if (isGroups(args[1])) sideRolls.onModifySides(this, args[0], args[4]);
    // fvtt-types 13.345 types the operation without this system's own option.
    tellPutBack((args[4] as { [PUT_BACK]?: PutBack })[PUT_BACK]);
    queueRemap(this);
    putBackChange(this, args[5]);
  }

  protected override _preCreateDescendantDocuments(...args: Combat.PreCreateDescendantDocumentsArgs): void {
    super._preCreateDescendantDocuments(...args);
    noteBefore(this);
  }

  protected override _preUpdateDescendantDocuments(...args: Combat.PreUpdateDescendantDocumentsArgs): void {
    super._preUpdateDescendantDocuments(...args);
    noteBefore(this);
    noteChange(this, args[1], args[2], args[4], args[3].recursive === false);
  }

  protected override _preDeleteDescendantDocuments(...args: Combat.PreDeleteDescendantDocumentsArgs): void {
    super._preDeleteDescendantDocuments(...args);
    // Review foundry-v13-combat-data-2 §3.3: the turn handed on when the acting combatant is deleted (referee.ts).
    if (args[1] === "combatants") {
      handOnTurn(this, args[2], args[3]);
      counts.noteLeaving(this, args[2]);
    }
    noteBefore(this);
  }

  /** A side whose last member left is removed (GM only); a removed side re-sorts and re-renders. */
  protected override _onDeleteDescendantDocuments(...args: Combat.OnDeleteDescendantDocumentsArgs): void {
    super._onDeleteDescendantDocuments(...args);
    if (isGroups(args[1])) sideRolls.onModifySides(this, args[0], args[4]);
    if (args[1] === "combatants" && game.user?.isActiveGM) {
      // §3.3: the turn every client handed on locally (`handOnTurn`) is stored, before any remap of the phase.
      storeHandedOn(this, args[4]);
      sides.removeEmptySides(this);
    }
    queueRemap(this);
  }

  /** Newcomers join a side (they are not rolled: their side may already have its roll). */
  protected override _onCreateDescendantDocuments(...args: Combat.OnCreateDescendantDocumentsArgs): void {
    // fvtt-types 13.345 types the operation without core's `combatTurn` as a writable number.
    keepActingTurn(this, args[1], args[4] as { combatTurn?: number }, args[5]);
    super._onCreateDescendantDocuments(...args);
    if (isGroups(args[1])) sideRolls.onModifySides(this, args[0], args[4]);
    if (args[1] === "combatants" && game.user?.isActiveGM) void this.ensureSides();
    // SW-03: "characters who join a battle already in progress roll initiative at that time" (active GM).
    if (args[1] === "combatants" && this.byCount && this.started && game.user?.isActiveGM)
      void counts.rollLateJoiners(this, args[2], args[5]).catch(reportFailure(this, "late"));
    queueRemap(this);
  }

  /** SW-01, SW-24, SW-34, SW-43: what a combatant's own turn start ends, by count (turn-events.ts). */
  protected override async _onStartTurn(
    combatant: Combatant.Implementation,
    context: Combat.TurnEventContext,
  ): Promise<void> {
    await super._onStartTurn(combatant, context);
    await startTurnByCount(this, combatant, context);
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
    return sideOrderOf(this);
  }

  /** The phases of the round, from one reading of the sides; none when each combatant acts on its count (SW-03). */
  get ftPhases() {
    if (this.byCount) return [];
    return roundPhases(this.ftOrder, currentVariant());
  }
}

keepClassName(FrontierCombat, "FrontierCombat");
