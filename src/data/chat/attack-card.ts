/**
 * The `attack` ChatMessage subtype: the attack card's data and its types — who fired what at whom, every modifier,
 * the dice, the outcome per target and what has been applied (so the buttons are idempotent) — with the blocks some
 * cards carry (a grenade's blast, a d20 grenade's saves, a d20 target's numbers, stray shots, a squad's attack).
 *
 * The card's types live here, in the data layer (issue 28): the workflows that write cards and the views that draw
 * them import them from here, and this file imports nothing above `rules/`. Its schema is `attack-card-schema.ts`
 * (built from `parts/`), its migration `card-migration.ts`.
 */
import type { CoverDegree, DamageKind, DiceResults, Modifier, Outcome, SquadHit } from "../../rules/index.js";

/** What an attack spends (SF-B-19, SF-X-24, SF-X-36): the amount, its unit and the item that holds it. */
export interface CardSpend {
  readonly amount: number;
  readonly unit: "rounds" | "seu";
  readonly sourceId: string;
}

export const CARD_VERSION = 3;

/**
 * What a card shows every client about an applied target: that it was applied and the public outcome (knocked
 * out, stunned), never the numbers (issue "trust", R1-5: NPC Stamina and screens). The numbers and what undo needs
 * are recorded on the target itself (`apply-records.ts`, `ledgerPath`). Version 1 and 2 cards kept full records;
 * they are read as marks with `legacy: true` (still applied: never applied twice; not undone automatically).
 */
export interface AppliedMark {
  readonly targetId: string;
  readonly sceneId: string;
  readonly tokenId: string;
  readonly actorId: string;
  readonly linked: boolean;
  readonly unconscious: boolean;
  readonly stunned: boolean;
  readonly legacy?: boolean;
  /**
   * A GM undid it: the target is not applied, and only a GM applies it again (the author cannot re-apply what the
   * GM took back, review R1-1).
   */
  readonly undone?: boolean;
  /**
   * Issue 33 (review-final-trust 1.1): the GM's ruling this hit was applied under from the card's context menu, half
   * or double the card's number (card-scale.ts): Undo gives back at most the card's number at this scale.
   */
  readonly scale?: DamageScale;
}

/** Issue 33: the GM's ruling of half or double a card's damage, from its context menu (card-scale.ts). */
export type DamageScale = "half" | "double";

/** The scene and token ids of a token UUID `Scene.<id>.Token.<id>`, or null. */
export function tokenIds(uuid: string): { sceneId: string; tokenId: string } | null {
  const m = /^Scene\.([A-Za-z0-9]{16})\.Token\.([A-Za-z0-9]{16})$/.exec(uuid);
  return m ? { sceneId: m[1]!, tokenId: m[2]! } : null;
}

export interface CardTarget {
  readonly id: string;
  readonly name: string;
  /** Null on a grenade's row for a token the card names "?" or that is not drawn (review 13c M3). */
  readonly distance: number | null;
  readonly band: string | null;
  readonly cover: string;
  readonly coverReason: { key: string; data: Record<string, number> } | null;
  readonly modifiers: readonly {
    id: string;
    label: string;
    value: number;
    ruleId: string;
    overridden?: boolean;
  }[];
  readonly chance: number;
  readonly column: number | null;
  readonly problem: string | null;
  /**
   * The attacker is an actor some player may not observe (an NPC) and the world keeps NPC numbers from players:
   * the chance, column and modifiers (which carry its abilities and skill) were left out of the card.
   */
  readonly secret?: boolean;
  /** A d20 check's numbers: bonus, Defense and its terms, threat range, miss chance (issue 14, `d20-card.ts`). */
  readonly d20?: D20CardTarget;
}

/**
 * What an attack card stores (the ChatMessage `attack` subtype's data). Nothing in it is keyed by a target id
 * (token UUIDs have dots, which Foundry expands in stored data): per-target values are lists (see `card-data.ts`).
 */
export interface AttackCardData {
  readonly version: typeof CARD_VERSION;
  /** The scene the attack was made on (its units, where its blast is placed); null on cards from before. */
  readonly sceneId: string | null;
  /** What the distances are measured in: the scene's units, or Basic-game squares (SF-B-09). */
  readonly rangeUnit: "m" | "squares";
  /**
   * Issue 28: the version a stored card had before the attack model migrated it on load (1 or 2); absent on a card
   * stored as the current version. Not part of the seal's digest (`card-seal.ts`): the migration adds it, not the
   * card's author. The GM seals an old card a GM wrote last by it (`sealUnsealed`, card-gm.ts).
   */
  readonly migratedFrom?: number;
  /** T2-1C: a random id of the attack, set when its card is posted (attack.ts); absent on cards from before. */
  readonly rollId?: string;
  /** SW-25, SWN-08: an attack of opportunity or an overwatch shot, not the round's action (attack.ts). */
  readonly reaction?: "aoo" | "overwatch";
  /** SW-25 (issue 31): the GM's offer card an attack of opportunity answers (workflows/attack/aoo-offer.ts). */
  readonly offer?: string;
  readonly engine: string;
  /** The d20 engine's profile when it is `swn` (ruling 1: hits go to hit points); absent for `sw` and the others. */
  readonly profile?: "swn" | null;
  readonly variant: string;
  readonly actorUuid: string;
  /** The weapon item's id on the attacker (cards from before have only its name). */
  readonly weaponId?: string | null;
  readonly weaponName: string;
  /** SW-11 (issue 32): the weapon ignores armour's DR (a lightsaber): Apply takes none off its hits. */
  readonly ignoresDR?: boolean;
  /** Issue 32: the weapon rolls no damage (its source gives no dice): its effect, and stun DC if any, is the GM's. */
  readonly effectOnly?: { readonly stunDC: number | null };
  readonly kind: DamageKind;
  /** A special effect applied with the damage (doze knock-out). */
  readonly effect: string | null;
  readonly burst: boolean;
  readonly shots: number;
  readonly powerSetting: number | null;
  readonly targets: readonly CardTarget[];
  readonly burstCheck: {
    readonly chance: number;
    readonly column: number | null;
    readonly modifiers: CardTarget["modifiers"];
  } | null;
  readonly d100: readonly number[];
  readonly damageDice: readonly (readonly number[])[];
  readonly result: AttackResult;
  readonly spent: CardSpend | null;
  /** What has been applied, one public mark per target (the numbers are recorded on the target). */
  readonly applied: readonly AppliedMark[];
  /** Targets near thrown explosives that failed their Reaction Speed check (SF-X-40). */
  readonly stunned?: readonly string[];
  /** A melee attack with bare hands (no weapon item): its damage is bounded by the attacker's punch (RT-6). */
  readonly bareHands?: boolean;
  /** A creature's natural attack (no weapon item): its damage is bounded by the creature's formula (issue 13). */
  readonly creature?: boolean;
  /** A d20 card's dice per shot by key: d20, confirm, concealment (issue 14); absent on d100 cards. */
  readonly dice?: readonly DiceResults[];
  /** An attack at an area rather than a creature: a grenade's square (SW-38) or suppression fire (SW-43). */
  readonly area?: "grenade" | "suppression" | null;
  /** SW-43: the area suppression fire threatens (pixels of the card's scene) and until when; null on a miss. */
  readonly suppression?: {
    readonly x: number;
    readonly y: number;
    readonly size: number;
    readonly kept: boolean;
  } | null;
  /** A d20 action's attack rolls in order, each shot's target and terms (SW-22, SW-35..37); absent before. */
  readonly steps?: readonly CardStep[];
  /** SW-22: the off-hand weapon's item id, when two weapons were used. */
  readonly offHandWeaponId?: string | null;
  /** The action they took (SW-13): `attack` or `fullRound`. */
  readonly action?: "attack" | "fullRound" | null;
  /** Misses into a crowd and the stray d100 they rolled (SF-X-35); absent when none was rolled. */
  readonly stray?: StrayCard | null;
}

/** One attack roll of a planned action as the card stores it; `bonus` null = secret (an NPC's). */
export interface CardStep {
  readonly id: string;
  readonly kind: string;
  readonly targetId: string;
  /** The off-hand weapon's name, on its step (SW-22). */
  readonly weaponName?: string;
  readonly bonus: number | null;
  readonly extras: readonly { id: string; label: string; value: number; ruleId: string }[];
}

export interface ShotResult {
  readonly targetId: string;
  readonly outcome: Outcome;
  /** Damage this shot deals before defenses (0 on a miss). */
  readonly damage: number;
  readonly formula: string;
}

export interface AttackResult {
  readonly shots: readonly ShotResult[];
  /** The burst's split (SF-X-24), or null. */
  readonly burst: {
    readonly total: number;
    readonly each: number;
    readonly lost: number;
    readonly hit: boolean;
  } | null;
  /**
   * Damage before defenses per target, summed over shots. A list of records, not an object keyed by target id:
   * target ids are token UUIDs ("Scene.x.Token.y") and Foundry expands dotted keys in stored data (see
   * `card-data.ts`).
   */
  readonly damage: readonly TargetDamage[];
}

export interface TargetDamage {
  readonly targetId: string;
  readonly damage: number;
}

/** A card as the GM and the card view read it (grenade cards carry the blast). */
export type StoredCard = AttackCardData & { readonly grenade?: GrenadeCard | null };

export interface GrenadeCard {
  readonly landing: { x: number; y: number };
  readonly bounced: boolean;
  readonly stoppedByWall: boolean;
  readonly direction: number | null;
  readonly d10: number | null;
  /** Who the blast caught, each with its own distance from where the grenade went off (absent on older cards). */
  readonly caught: readonly { id: string; name: string; distance?: number | null }[];
  /** SF-X-40: Reaction Speed checks near thrown explosives. */
  /** `rs` only when every player may see the creature's Reaction Speed (an NPC's is left out, R1-5). */
  readonly ring?: readonly {
    id: string;
    name: string;
    roll: number;
    rs?: number | null;
    stunned: boolean;
    /** Null for a token the card names "?" (review 13c M3). */
    distance?: number | null;
  }[];
  /**
   * The throw as its aimed target saw it (distance, band, cover, chance, modifiers), without naming it (a hidden
   * token's name stays off a public card); absent on older cards, whose rows all carried it.
   */
  readonly aimed?: Omit<CardTarget, "id" | "name"> | null;
  /** The damage formula and the dice each caught creature's damage was rolled with (SF-X-43), from the Rolls. */
  readonly formula?: string;
  readonly dice?: readonly { id: string; dice: readonly number[] }[];
  readonly radius: number;
  /** Expanded doze grenade (rules-tables §18): the d100 turns each creature caught sleeps, rolled with the throw. */
  readonly sleep?: readonly { id: string; turns: number }[];
  /** SW-38: a d20 grenade's deviation, one damage roll, Reflex DC, each creature's cover and saves. */
  readonly d20?: D20GrenadeBlock;
}

/** What a d20 grenade card keeps beside the blast (SW-38): the deviation, the save's DC and each save rolled. */
export interface D20GrenadeBlock {
  /** The miss's dice and what they did; null on a hit. */
  readonly deviation: {
    readonly d3: number;
    /** SW-38's 1d8 direction; absent on SWN's hex map. */
    readonly d8?: number;
    /** SWN-16: the 1d6 hex side on SWN's hex map. */
    readonly d6?: number;
    readonly metres: number;
    readonly direction: number;
  } | null;
  readonly reflexDC: number;
  /** The burst's one damage roll. */
  readonly damage: { readonly formula: string; readonly dice: readonly number[]; readonly total: number };
  /** Each creature caught: its cover from the blast point (SW-30) for its save. */
  readonly cover: readonly { readonly id: string; readonly cover: CoverDegree }[];
  /** The saves rolled so far (the GM's writes); a total is null when the creature's numbers are secret. */
  readonly saves: readonly D20Save[];
  /** SWN-16, SWN-15: each creature behind hard cover from the blast point, the armour that took off its damage. */
  readonly armour?: readonly { readonly id: string; readonly value: number }[];
}

export interface D20Save {
  readonly id: string;
  readonly roll: number;
  /** SWN-16: the Evasion save's target the d20 had to meet; null when secret, absent for a Reflex save. */
  readonly target?: number | null;
  readonly total: number | null;
  readonly passed: boolean;
  readonly damage: number;
}

/** A target's d20 numbers on the card. Null numbers are kept secret (an NPC's, `keepsNumbersSecret`). */
export interface D20CardTarget {
  /** The attack bonus (d20 + this = the total); null = secret. */
  readonly bonus: number | null;
  /** The Defense rolled against; null = secret. */
  readonly defense: number | null;
  readonly defenseTerms: readonly Modifier[];
  /** The lowest natural that threatens (SW-18). */
  readonly threat: number;
  /** Concealment miss chance, per cent (SW-32). */
  readonly missChance: number;
  /** SW-31 decided when the card was made, for a target whose Defense the card leaves out. */
  readonly struck?: "wall" | "creature" | null;
  /** Where the cover came from (SW-30), for SW-31's struck cover; absent on cards from before. */
  readonly coverSource?: "none" | "wall" | "lowWall" | "posture" | "creature";
  /** SW-31: the token id (in the card's scene) of the creature used as cover; absent when none. */
  readonly coverCreature?: string | null;
}

/** What a card keeps of its stray shots. */
export interface StrayCard {
  /** The stray d100 of each shot that missed into the crowd, in shot order. */
  readonly rolls: readonly number[];
  /** How many of those hit someone else (d100 ≤ 25). */
  readonly hits: number;
  /** The damage those shots deal to whoever the referee picks (the missed shots' own damage dice). */
  readonly damage: number;
  /** The tokens in the way (token UUIDs and names), from which the GM picks. */
  readonly candidates: readonly { readonly id: string; readonly name: string }[];
  /** The token the GM picked, once picked. */
  readonly picked: string | null;
}

/** The numbers a squad's card shows; null where the viewer may not see them (an NPC's AB, an NPC target's AC). */
export interface SquadCard {
  readonly name: string;
  readonly targetName: string;
  readonly weapon: string;
  readonly natural: number;
  /** AB + terms; null when the squad's numbers are kept from players. */
  readonly bonus: number | null;
  readonly total: number | null;
  /** The AC with its terms; null when the target's numbers are kept from players. */
  readonly ac: number | null;
  readonly hit: SquadHit;
  readonly natural20: boolean;
  readonly formula: string;
  readonly average: number;
  readonly units: number;
  readonly full: number;
  readonly flat: number;
  /** Cover armour less AP × units, taken off (0 when none). */
  readonly cover: number;
  readonly damage: number;
  /** The terms besides the AB and the AC, labelled (empty when secret). */
  readonly terms: readonly { label: string; value: number; ruleId: string }[];
}
