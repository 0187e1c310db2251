/**
 * The AppV2 base classes our applications extend, cast once to a lighter constructor type.
 *
 * fvtt-types 13.345 computes `HandlebarsApplicationMixin(ActorSheetV2)`'s static side so deeply that a subclass with
 * its own DEFAULT_OPTIONS / PARTS hits "type instantiation is excessively deep" and costs tsc gigabytes. We keep
 * the real classes at run time and describe here the members our subclasses use. The casts live in this one file.
 */

export interface AppRenderOptions {
  force?: boolean;
  parts?: string[];
  isFirstRender?: boolean;
  [key: string]: unknown;
}

/** The instance side we rely on from ApplicationV2 / DocumentSheetV2 + HandlebarsApplicationMixin. */
export declare class AppV2Like {
  constructor(options?: Record<string, unknown>);
  readonly element: HTMLElement;
  readonly rendered: boolean;
  readonly id: string;
  render(options?: AppRenderOptions | boolean): Promise<this>;
  close(options?: Record<string, unknown>): Promise<this>;
  protected _prepareContext(options: AppRenderOptions): Promise<Record<string, unknown>>;
  protected _onRender(context: Record<string, unknown>, options: AppRenderOptions): Promise<void>;
  /** v13: a change inside the app's form; bound once to the form by ApplicationV2. */
  protected _onChangeForm(formConfig: unknown, event: Event): void;
  /** v13: tab data for one group of `static TABS`. */
  protected _prepareTabs(
    group: string,
  ): Record<
    string,
    { id: string; group: string; active: boolean; cssClass: string; label: string; icon?: string }
  >;
}

export declare class DocumentSheetLike<TDoc> extends AppV2Like {
  readonly document: TDoc;
  readonly isEditable: boolean;
}

type Ctor<T> = abstract new (options?: Record<string, unknown>) => T;

const api = () => foundry.applications.api;

export function actorSheetBase(): Ctor<DocumentSheetLike<Actor.Implementation>> {
  return api().HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2) as unknown as Ctor<
    DocumentSheetLike<Actor.Implementation>
  >;
}

export function itemSheetBase(): Ctor<DocumentSheetLike<Item.Implementation>> {
  return api().HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2) as unknown as Ctor<
    DocumentSheetLike<Item.Implementation>
  >;
}

export function handlebarsAppBase(): Ctor<AppV2Like> {
  return api().HandlebarsApplicationMixin(api().ApplicationV2) as unknown as Ctor<AppV2Like>;
}

/** The v13 sidebar combat tracker, with the members our subclass uses. */
export declare class CombatTrackerLike extends AppV2Like {
  readonly viewed: Combat.Implementation | null;
  /** Context of the header and footer parts (`control`: may this user step the turn). */
  protected _prepareCombatContext(context: Record<string, unknown>, options: AppRenderOptions): Promise<void>;
  protected _prepareTrackerContext(
    context: Record<string, unknown>,
    options: AppRenderOptions,
  ): Promise<void>;
}

/** A HandlebarsApplicationMixin PART: its template, partials to load first, and scrolling elements. */
export interface HandlebarsPart {
  template: string;
  templates?: string[];
  scrollable?: string[];
}

export function combatTrackerBase(): Ctor<CombatTrackerLike> & {
  PARTS: Record<string, HandlebarsPart>;
} {
  return foundry.applications.sidebar.tabs.CombatTracker as unknown as Ctor<CombatTrackerLike> & {
    PARTS: Record<string, HandlebarsPart>;
  };
}
