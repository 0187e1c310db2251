/**
 * A request's body (helpers/gm-request.ts) and the shape of a document id, apart from the transport so the GM's
 * lazily loaded checks (gm-request-checks.ts, issue 33) read them without importing the module that loads them.
 */
import type { DamageScale } from "../data/chat/attack-card.js";

/** A document id (a request's own id, its card's). */
export const ID = /^[A-Za-z0-9]{16}$/;

/** Issue 33: how the card's context menu changes a card's damage (a GM's ruling, card-menu.ts). */
export type CardScale = DamageScale | "heal";

/** What a request asks: apply or undo a card's targets, or (a player who ended the round's last turn) the next round. */
export type GMRequestBody =
  | {
      readonly kind: "apply" | "undo";
      readonly messageId: string;
      readonly ids: readonly string[];
      /**
       * Issue 33 (the card's context menu, card-menu.ts): the GM's ruling of half or double the card's damage, or its
       * damage as healing (card-scale.ts).
       */
      readonly scale?: CardScale;
    }
  /** SF-X-35: the GM picks who a card's stray shot hits (`ids`: that one token). */
  | { readonly kind: "stray"; readonly messageId: string; readonly ids: readonly string[] }
  /** SW-10: roll the Fortitude save a card's hit calls for (`ids`: that one target), once (review 14 M3). */
  | { readonly kind: "fortitude"; readonly messageId: string; readonly ids: readonly string[] }
  /** SW-43: keep the area of a suppression card's hit (`ids`: none), checked and measured by the GM. */
  | { readonly kind: "suppress"; readonly messageId: string; readonly ids: readonly string[] }
  /** SW-38: roll the Reflex save of one creature a d20 burst caught (`ids`: that one target), once. */
  | { readonly kind: "reflex"; readonly messageId: string; readonly ids: readonly string[] }
  /** SW-31: the GM applies a missed shot to the creature used as cover (`ids`: the missed target). */
  | { readonly kind: "coverHit"; readonly messageId: string; readonly ids: readonly string[] }
  | { readonly kind: "nextRound"; readonly combatId: string; readonly round: number }
  /**
   * SWN-09: intimidate side `sideId` of the asker's combat; SWN-10: read the Morale of the sides the asker can see.
   * The GM rolls the 2d6 and works the bonus out from the actor's sheet: a bonus in the request is not read (T2-2C).
   */
  | {
      readonly kind: "intimidate";
      readonly combatId: string;
      /** The actor the asker acts with (the sheet's); the GM checks the asker owns it. */
      readonly actorId: string;
      readonly sideId: string;
      /** Issue 33: the roll mode the asker picked (the GM posts in it if it is one of v13's, else public). */
      readonly rollMode?: string;
    }
  | {
      readonly kind: "readMorale";
      readonly combatId: string;
      readonly actorId: string;
      readonly rollMode?: string;
    }
  /** Use a Stimdose or Staydose (SF-B-22, SF-B-15) from the asker's actor's gear on a target (`workflows/optional/drugs.ts`). */
  | { readonly kind: "drug"; readonly actorId: string; readonly itemId: string; readonly target: string }
  /**
   * SW-33 (issue 31): a coup de grace by the asker's token (`tokenUuid`) with its weapon at a helpless target token
   * (`target`); the GM checks, rolls the damage and the target's Fortitude save, and writes (games/d20).
   */
  | {
      readonly kind: "coupDeGrace";
      readonly tokenUuid: string;
      readonly target: string;
      readonly itemId: string;
    }
  /**
   * SW-39 (issue 31): aid another — the asker's token (`tokenUuid`) distracts the opponent token `target`; the GM
   * rolls the attack against Defense 10 and keeps a success on its own User (games/d20/workflows/aid.ts).
   */
  | {
      readonly kind: "aid";
      readonly tokenUuid: string;
      readonly target: string;
      /** SW-39 "(your choice)": +2 to the ally's next attack, or to the ally's Defense against the opponent. */
      readonly choice?: "attack" | "defense";
    }
  /**
   * SW-42 (issue 31): aiming — the asker's token (`tokenUuid`) aims the weapon `itemId` at the token `target`; the GM
   * rolls the ranged touch attack and keeps a success on its own User (games/d20/workflows/aim.ts).
   */
  | { readonly kind: "aim"; readonly tokenUuid: string; readonly target: string; readonly itemId: string }
  /**
   * SW-41 (issue 31): the asker's token (`tokenUuid`) attempts a grapple or a disarm at the token `target`, which
   * provokes the target's attack of opportunity; the GM offers it (games/d20/workflows/provoke-action.ts).
   */
  | {
      readonly kind: "provoke";
      readonly tokenUuid: string;
      readonly target: string;
      readonly action: "grapple" | "disarm";
    }
  /** SF-X-41: shoot a door or wall (the GM computes the damage from the weapon). */
  | {
      readonly kind: "structure";
      /** The token that fires (its scene is the wall's; its actor, linked or not, owns the weapon). */
      readonly tokenUuid: string;
      readonly wallId: string;
      readonly itemId: string;
      readonly shots: number;
      readonly seu: number;
    };
