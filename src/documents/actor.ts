/**
 * Thin Actor subclass, registered as the system's Actor class: derived data comes from the data models; rolls
 * and attacks live in `workflows/`. Behaviour specific to actors goes here when a workflow needs it.
 */
import { completeSquadSource, syncSquadChange } from "../data/actor/squad-derived.js";
import { keepClassName } from "../helpers/class-name.js";
import { currentGame, gameTables, type TokenBars } from "../helpers/game.js";
import { noteStoredSource } from "../helpers/migrate.js";

/**
 * Generic over the subtype as core's `Actor` is, so `Actor.OfType<"character">` (fvtt-types' `ConfiguredActor`) is
 * this class with `system` typed by the character model.
 */
export class FrontierActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** Notes whether the stored data predates the schema, before core migrates it in place (see helpers/migrate). */
  protected override _initializeSource(
    data: this | Actor.CreateData,
    options?: foundry.abstract.Document.InitializeSourceOptions,
  ): Actor.Source {
    noteStoredSource(this, "Actor", data);
    return super._initializeSource(data, options);
  }

  /**
   * SWN-17: a new squad's HP and units standing follow what its creator gave (its size and HD when no HP was given),
   * so "3 units of HD 2" starts whole at 27 HP rather than at the defaults' 23.
   */
  protected override async _preCreate(
    data: Actor.CreateData,
    options: Actor.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (this.type === "squad") {
      const fill = completeSquadSource(data.system, this._source.system);
      if (fill) this.updateSource({ system: fill });
    }
    // Issue 30: its token shows its game's bars (a squad's: its hit-point pool, SWN-17).
    const bars = tokenBarsFill(
      data.prototypeToken,
      this.type === "squad" ? SQUAD_BARS : currentGame().tokenBars,
    );
    if (bars) this.updateSource({ prototypeToken: bars });
    return undefined;
  }

  /**
   * Lowering the maximum Stamina below the current value (the sheet's max field) lowers the current value with it
   * instead of having the whole update refused by the joint rule "Stamina is above its maximum" (trust review H10).
   * Runs where v13 lets a document adjust an update before its dry run (`_preUpdate`, client-backend.mjs).
   */
  protected override async _preUpdate(
    changes: Actor.UpdateData,
    options: Actor.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    clampStaminaChange(this._source.system, changes);
    // SWN-17: a squad's HP and units standing move together (an edit of either is never refused).
    if (this.type === "squad") syncSquadChange(this._source.system, changes);
    return (await super._preUpdate(changes, options, user)) ?? undefined;
  }
}

/** SWN-17: a squad's token shows its one hit-point pool (`hp`, with its derived `max`); it has no Stamina. */
const SQUAD_BARS: TokenBars = { bar1: "hp", bar2: null };

/**
 * The bars a new actor's prototype token takes from its game, where its creator chose none. v13 gives a new prototype
 * token `bar1.attribute` = `game.system.primaryTokenAttribute` (system.json: "stamina") and `bar2` =
 * `secondaryTokenAttribute` (common/documents/token.mjs, BaseToken.defineSchema: the bar fields' `initial`), and a
 * token dropped later copies its prototype's bars (client/documents/actor.mjs `getTokenDocument`), so the game's own
 * are written here, in the creator's `_preCreate`, before the actor is sent. An actor made from stored data (a
 * compendium import, a duplicate, an adventure) arrives with the bars of the world it was saved in: a bar that is
 * another game's default ("stamina" in a d20 world) was not chosen for this one, and takes this game's (review v13
 * #2). Any other bar its creator gave stays.
 */
export function tokenBarsFill(
  given:
    | { bar1?: { attribute?: string | null } | null; bar2?: { attribute?: string | null } | null }
    | null
    | undefined,
  bars: TokenBars,
): { bar1?: { attribute: string }; bar2?: { attribute: string } } | null {
  const own = new Set([bars.bar1, bars.bar2]);
  const otherDefaults = new Set(
    [...gameTables().flatMap((t) => [t.tokenBars.bar1, t.tokenBars.bar2]), SQUAD_BARS.bar1].filter(
      (a): a is string => !!a && !own.has(a),
    ),
  );
  const out: { bar1?: { attribute: string }; bar2?: { attribute: string } } = {};
  const kept = (key: "bar1" | "bar2") => {
    const chosen = given?.[key]?.attribute;
    return chosen && !otherDefaults.has(chosen) ? chosen : null;
  };
  for (const key of ["bar1", "bar2"] as const) {
    const attribute = bars[key];
    // Its creator's choice stays, and a game's bar already shown in the other slot is not shown twice.
    if (attribute && !kept(key) && kept(key === "bar1" ? "bar2" : "bar1") !== attribute)
      out[key] = { attribute };
  }
  return out.bar1 || out.bar2 ? out : null;
}

/** In an expanded update: a new maximum below the (new or current) value brings the value down to it. */
export function clampStaminaChange(current: unknown, changes: unknown): void {
  const system = (changes as { system?: { stamina?: { value?: unknown; max?: unknown } } } | null)?.system;
  const stamina = system?.stamina;
  if (!stamina || typeof stamina !== "object" || typeof stamina.max !== "number") return;
  const now = (current as { stamina?: { value?: unknown } } | null)?.stamina?.value;
  const value = typeof stamina.value === "number" ? stamina.value : now;
  if (typeof value === "number" && value > stamina.max) stamina.value = stamina.max;
}

keepClassName(FrontierActor, "FrontierActor");
