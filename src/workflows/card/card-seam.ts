/**
 * # A game's card section (issue 30)
 *
 * What the attack card asks the game it was rolled under (`gameOf(card).card`, helpers/game.ts): the words of its
 * roll line ("vs Defense", "vs AC"), whether it shows the Zebulon column, the parts it draws, its health model as
 * the Apply preview names it ("Apply 13 → Stamina 40 → 27", "→ VP 12 → 3", "→ HP 9 → 2"), the GM's checks of a
 * player's card (the d20 full attack's steps, the profile it was rolled under, a d20 grenade's numbers) and the
 * game-only blocks an attack writes on its card (a d20 target's bonus and Defense). Each game module fills it
 * (src/games/<game>/index.ts); nothing in workflows/card or workflows/damage compares engine ids or reads a
 * game's data block: it asks here.
 *
 * The section is merged into `GameTable` by module augmentation: it names types of the workflows layer (the card,
 * the apply's record), which helpers/game.ts sits below.
 */
import type {
  AttackCardData,
  CardTarget,
  D20CardTarget,
  GrenadeCard,
  StoredCard,
} from "../../data/chat/attack-card.js";
import type { ActorSystem } from "../../data/subtypes.js";
import type { GMAnswer, GMRequestBody } from "../../helpers/gm-request.js";
import type {
  Check,
  DiceResults,
  Modifier,
  Outcome,
  PoolKey,
  SwnWeaponFacts,
  WeaponFacts,
} from "../../rules/index.js";
import type { AppliedRecord, TargetState } from "../damage/apply-records.js";
import type { CardViewer } from "./card-context.js";
import type { CardViewPart } from "./card-parts/index.js";

type ActorI = Actor.Implementation;
type WeaponSystem = Item.OfType<"weapon">["system"];
type TokenP = foundry.canvas.placeables.Token.Implementation;

/** What a d20-style shot line shows (d20 + bonus = total vs Defense, the threat, concealment); labels are i18n keys. */
export interface ShotLineView {
  readonly roll: number;
  /** "+ 5" / "− 1", or null when the bonus is secret. */
  readonly bonusText: string | null;
  readonly total: number | null;
  readonly defense: number | null;
  /** SW-18: "confirm 17 − 1 = 16", and whether it confirmed; null without a threat. */
  readonly threat: { readonly roll: number; readonly text: string; readonly confirmed: boolean } | null;
  /** SW-32: the d% and the miss chance it had to beat. */
  readonly concealment: {
    readonly roll: number;
    readonly missChance: number;
    readonly concealed: boolean;
  } | null;
  /** SW-31: a miss only the cover caused struck the wall or the creature used as cover; null otherwise or secret. */
  readonly struck: "wall" | "creature" | null;
}

/** SW-38: a game's own burst as the card draws it: its header line, each creature's damage working and save. */
export interface BurstView {
  readonly view: {
    /** The deviation line's i18n key and its data (SW-38's d3 + d8; SWN-16's d3 hexes + d6 side). */
    readonly deviationKey: string;
    readonly deviation: Record<string, string> | null;
    /** The save line's i18n key and its data (SW-38's Reflex DC; SWN-16's Evasion). */
    readonly dcKey: string;
    readonly dc: Record<string, string>;
    readonly damage: string;
    /** The rule the burst lines cite (SW-38, SWN-16). */
    readonly ruleId: string;
  };
  working(id: string): string | null;
  reflex(id: string): { key: string; data: Record<string, string>; outcome: string; ruleId?: string } | null;
}

/** A card's row (a target, or a grenade's aimed square) as the game's shot line reads it. */
export type CardRow = Pick<CardTarget, "d20">;

/** A card a workflow writes, before or after its blocks (the secret-number filters keep its shape). */
export type CardShape = Pick<StoredCard, "targets" | "result" | "steps" | "grenade" | "burstCheck">;

export interface GameCardSeam {
  /**
   * SW-10 (trust review 2.7): what the active GM writes when it first admits an attack card that is an action (no
   * reaction) to its record of attacks (card-gm.ts `writeSeal`), in its queue — a disabled d20 attacker's 1 wound
   * point; absent where a card costs its attacker nothing.
   */
  readonly admitted?: (card: StoredCard, message: ChatMessage.Implementation) => Promise<void>;
  /**
   * Issue 31: why a player's card has no basis on the scene the GM reads, as a localization key, or null — SW-25 an
   * attack of opportunity that answers no offer of the GM's (the tracker's own) whose attacker does not threaten the
   * target and the target did not provoke it this round; SW-21 a charge whose attacker did not walk its 4 m. Asked
   * by the GM's record of attacks (attack-record.ts `admitEntry`); absent where a game reads nothing more. A promise:
   * the game's scene reads load with their first card, not with every world's main bundle.
   */
  readonly unfounded?: (card: StoredCard, speakerToken?: string | null) => Promise<string | null>;
  /** View: the roll line's "vs …" and the Defense summary's label (i18n keys); null where the game rolls a d100. */
  readonly vsLabel: string | null;
  readonly defenseLabel: string | null;
  /** Its view parts (card-parts/ registry): the blocks its cards draw beside the rows (SW-43's suppression line). */
  readonly parts: readonly CardViewPart[];
  /** SF-Z-01..07: the modifiers' summary shows the column shift (Zebulon's Guide). */
  readonly column: boolean;
  /** SF-X-11..22: a ranged row names its range band (a d20 row's range is in increments, among its modifiers). */
  readonly bands: boolean;
  /**
   * The card drawn in the game's own shape (SWN-17: a squad's attack), or null: the attack card's template. Drawn on
   * each page for its viewer, as the attack card is (issue 28).
   */
  draw(card: StoredCard, viewer: CardViewer): string | null;
  /** A shot's line in the game's own shape (SW-04: "d20 12 + 8 = 20 vs Defense 15"), or null: the d100 line. */
  shotLine(
    row: CardRow,
    outcome: Outcome,
    dice: DiceResults | undefined,
    stepBonus?: number | null,
  ): ShotLineView | null;
  /**
   * SW-38: a burst of the game's own on a grenade card (a d20 grenade's one damage roll, its Reflex DC and each
   * creature's save), or null: the Star Frontiers blast (SF-X-40..43) the card draws itself.
   */
  burst(card: StoredCard): BurstView | null;
  /**
   * The target's pools a hit of this game's cards goes to, as the apply reads them (SW-10's vitality and wound
   * points with the round's wound log; ruling 1's SWN hit points), or none: the Star Frontiers Stamina, screens and
   * suits every target state carries. `round`: the combat and round the target fights in now.
   */
  health(
    sys: ActorSystem,
    round: () => { readonly combatId: string; readonly round: number } | null,
  ): Pick<TargetState, "health" | "swnHp">;
  /** The health model as the Apply preview and the applied line name it. */
  readonly pools: {
    /** The word for the pool a hit goes to, where the viewer may not see the target's numbers (i18n key). */
    readonly hidden: string;
    /** Where the game's own pools live in a target's data (SW-10: vitality, wounds, the wound log; SWN hit points). */
    readonly paths: Readonly<Partial<Record<PoolKey | "woundLog", string>>>;
    /** Each pool's word (i18n key). */
    label(pool: PoolKey): string;
    /**
     * A record as the game writes its change (SW-10, SW-11: "VP 3 → 0, WP 14 → 11 (DR 2), fatigued"), or null: the
     * pools' "<pool> before → after".
     */
    text(rec: AppliedRecord, localize: (key: string) => string): string | null;
  };
  /** The GM's checks of a player's card against its weapon (the steps, the profile, a grenade's numbers), or null. */
  weaponProblem(
    card: StoredCard,
    attacker: ActorI,
    weapon: WeaponSystem,
    offHand: WeaponSystem | null,
    /** The card's speaker token id (its message's `speaker.token`), or null: whose attack it is (SW-39). */
    speakerToken?: string | null,
  ): string | null;
  /** The most one shot of a weapon rolls in this game beside its Star Frontiers formulas (0: none), for the ceiling. */
  damageMax(weapon: WeaponFacts): number;
  /** SW-38: the card carries what only the GM writes (a burst's Reflex saves): a player's card with it is refused. */
  gmWritten(card: StoredCard): boolean;
  /** SWN-17: a squad's card may be rolled under this game (null), or why not. */
  squadProblem(card: StoredCard): string | null;
  /** The writer's blocks (issue 14): a target's game block, a shot's dice, and what a card keeps from players. */
  readonly write: {
    target(
      check: Check,
      defenseTerms: readonly Modifier[],
    ): { d20?: D20CardTarget; cover?: "none"; coverReason?: null };
    dice(check: Check, dice: readonly DiceResults[]): { dice?: readonly DiceResults[] };
    withoutAttackerNumbers<C extends CardShape>(card: C): C;
    withoutTargetNumbers<C extends CardShape>(card: C, secret: ReadonlySet<string>): C;
    /** SW-38: a grenade card of the game's own (where it went off, whom the burst caught, its one roll), or the card. */
    grenade(
      card: AttackCardData,
      from: TokenP,
      aimed: TokenP,
      grenade: GrenadeNumbers,
      formula: string,
      rolls: Roll[],
    ): Promise<AttackCardData & { grenade?: GrenadeCard | null }>;
  };
  /** What this page adds to a drawn card for its user (never stored: each page draws its own). */
  readonly page: {
    /** SW-10: the buttons a hit's row offers this user beside its applied line (the Fortitude save), once. */
    rowButtons(
      targetId: string,
      rec: AppliedRecord,
      actor: ActorI,
      user: User.Implementation,
      rolled: () => boolean,
    ): HTMLElement[];
    /** SW-38: what the card's rows offer before anything is applied (a burst's Reflex saves). */
    decorate(card: StoredCard, html: HTMLElement): void;
  };
  /** The GM's answers to the game's own card requests (SW-10, SW-38, SW-43), loaded when first asked; or null. */
  readonly requests: (() => Promise<CardRequests>) | null;
}

/** SW-38: a grenade's own numbers as its card is written (the burst radius, Reflex DC; SWN-15/16 under swn). */
export interface GrenadeNumbers {
  readonly burstRadius: number;
  readonly reflexDC: number;
  readonly increment: number;
  readonly swn?: SwnWeaponFacts;
}

type Handler<K extends GMRequestBody["kind"]> = (
  body: Extract<GMRequestBody, { kind: K }>,
  requester: User.Implementation,
) => Promise<GMAnswer>;

/** The GM's side of a game's own requests (gm-request.ts kinds). */
export interface CardRequests {
  readonly handleFortitudeRequest: Handler<"fortitude">;
  readonly handleReflexRequest: Handler<"reflex">;
  readonly handleSuppressRequest: Handler<"suppress">;
  /** SW-31: a missed shot applied to the creature used as cover (d20 only). */
  readonly handleCoverRequest?: Handler<"coverHit">;
}

/** Each pool's word where a game names it no other way (the card's applied line, issue 14). */
export const POOL_LABEL: Readonly<Record<PoolKey, string>> = {
  stamina: "FT.Card.stamina",
  vitality: "FT.Card.vitality",
  wounds: "FT.Card.wounds",
  swnHp: "FT.Card.swnHp",
  hp: "FT.Card.swnHp",
};

declare module "../../helpers/game.js" {
  interface GameTable {
    /** Its attack card: view words, parts, health model, the GM's checks, the blocks it writes (card-seam.ts). */
    readonly card: GameCardSeam;
  }
}
