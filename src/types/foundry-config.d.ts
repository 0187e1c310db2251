/**
 * fvtt-types declaration merging, all in one place: our system id, document classes, document subtypes, settings,
 * flags and GM queries. Each entry here must match what `init` registers at run time (src/index.ts).
 */

import type { OverwatchFlag } from "../canvas/overwatch.js";
import type { SuppressingEntry } from "../canvas/suppression.js";
import type {
  AttackCardModel,
  CharacterModel,
  CreatureModel,
  ItemModels,
  RuleCardModel,
  SideModel,
  SideRollModel,
  SquadModel,
} from "../data/models.js";
import type { ObscurementBehavior } from "../data/region/obscurement.js";
import type { FrontierActor } from "../documents/actor.js";
import type { D20InitiativeFlag } from "../documents/combat/d20-initiative.js";
import type { HeldRequest } from "../documents/combat/exchange.js";
import type { FrontierCombat, handleRollSideQuery } from "../documents/combat.js";
import type { FrontierCombatantGroup } from "../documents/combatant-group.js";
import type { FrontierItem } from "../documents/item.js";
import type { SettingValues } from "../helpers/settings.js";
import type { AttackEntry } from "../workflows/attack/attack-record.js";
import type { Rest } from "../workflows/card/card-targets.js";
import type { AppliedRecord } from "../workflows/damage/apply-records.js";
import type { RunningFlag } from "../workflows/turn/d20-move.js";
import type { Declared } from "../workflows/turn/declarations.js";
import type { TurnLedger } from "../workflows/turn/turn-ledger.js";

/** `frontier-tactics.<key>` for each of our settings. */
type FrontierSettingConfig = { [K in keyof SettingValues as `frontier-tactics.${K}`]: SettingValues[K] };

declare module "fvtt-types/configuration" {
  interface SystemNameConfig {
    name: "frontier-tactics";
  }

  interface DocumentClassConfig {
    Actor: typeof FrontierActor;
    Item: typeof FrontierItem;
    Combat: typeof FrontierCombat;
    CombatantGroup: typeof FrontierCombatantGroup;
  }

  /** Our classes are generic over the subtype, as core's are, so `Item.OfType<"weapon">` and the like are ours. */
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: FrontierActor<SubType>;
  }

  interface ConfiguredItem<SubType extends Item.SubType> {
    document: FrontierItem<SubType>;
  }

  interface ConfiguredCombat<SubType extends Combat.SubType> {
    document: FrontierCombat<SubType>;
  }

  interface ConfiguredCombatantGroup<SubType extends CombatantGroup.SubType> {
    document: FrontierCombatantGroup<SubType>;
  }

  interface DataModelConfig {
    Actor: {
      character: typeof CharacterModel;
      creature: typeof CreatureModel;
      squad: typeof SquadModel;
    };
    Item: {
      weapon: (typeof ItemModels)["weapon"];
      defense: (typeof ItemModels)["defense"];
      powerSource: (typeof ItemModels)["powerSource"];
      gear: (typeof ItemModels)["gear"];
      skill: (typeof ItemModels)["skill"];
      race: (typeof ItemModels)["race"];
    };
    CombatantGroup: {
      side: typeof SideModel;
    };
    ChatMessage: {
      attack: typeof AttackCardModel;
      rule: typeof RuleCardModel;
      sideRoll: typeof SideRollModel;
    };
    RegionBehavior: {
      "frontier-tactics.obscurement": typeof ObscurementBehavior;
    };
  }

  interface SettingConfig extends FrontierSettingConfig {}

  /** Our flags, all under the system's scope; every one may be unset, as `getFlag` then returns undefined. */
  interface FlagConfig {
    Combat: {
      "frontier-tactics": {
        /** The phase of the round the GM has stepped to (SF-X-01). */
        phase?: number;
        /** The turn the phase was written with, so the GM can follow turns players moved without one (review 13c L4). */
        phaseTurn?: number | null;
        /** Damage held until the exchange ends (Basic-game tie, SF-B-05). */
        heldDamage?: HeldRequest[];
        /**
         * How this combat orders turns, fixed when it is made (issue 15): "sides" (Star Frontiers, SF-X-01) or
         * "individual" (d20, SW-03); unset is "sides" (combats made before).
         */
        initiative?: "sides" | "individual";
        /** SW-01: the combatants whose first turn has started (no longer flat-footed). */
        acted?: string[];
        /** C2-3.1: the combatants whose turn has started in round `round` (a turn starts once a round). */
        turnStarts?: { round: number; ids: string[] };
        /** SW-02: round 1 is a surprise round (some but not all combatants were aware when it began). */
        surprise?: boolean;
        /** SW-03: the GM rolls each side's NPCs as one group (one d20, the best member's bonus). */
        groupRoll?: boolean;
        /** SWN-10: the round each actor (by id) last read Morale in; GM-written (workflows/optional/side-morale.ts). */
        moraleReads?: Record<string, number>;
        /** SWN-09: the round each actor (by id) last tried to intimidate in; GM-written (workflows/optional/side-morale.ts). */
        intimidations?: Record<string, number>;
        /**
         * SW-02: the combatants the GM marked unaware of their opponents before the start (no turn in a surprise
         * round). On the Combat, which a player cannot write (T2-1B; v13 common/documents/combat.mjs `#canUpdate`
         * lets a player change only round, turn and combatants), not on the Combatant, whose owner writes its flags.
         */
        unaware?: string[];
      };
    };
    CombatantGroup: {
      "frontier-tactics": {
        /** SWN-12: which GM browser holds the side's Morale factors — a user id and a random key, no factor. */
        moraleFactors?: { user: string; key: string };
      };
    };
    Combatant: {
      "frontier-tactics": {
        /** The round its owner marked it dodging in (SF-X-10, workflows/turn/dodging.ts). */
        dodging?: number | null;
        /** This round's declaration and the shots fired against it (SF-X-07, workflows/turn/declarations.ts). */
        declared?: Declared;
        /** What it did this round: shots, reload, the round each weapon last fired (workflows/turn/turn-ledger.ts). */
        turn?: TurnLedger;
        /** SW-03: its d20 initiative check's tie-break terms (documents/combat/d20-initiative.ts). */
        init?: D20InitiativeFlag;
        /** SW-34: holding its turn — delaying (acts later, at a lower count) or a readied action (acts before another). */
        state?: "none" | "delaying" | "readied";
        /** SW-24: running (no Dex to Defense until its next turn) and the rounds run in a row (workflows/turn/d20-move.ts). */
        running?: RunningFlag;
        /** SWN-08: its overwatch — the round, the facing, spent or not (workflows/optional/swn-overwatch.ts). */
        overwatch?: OverwatchFlag;
      };
    };
    ChatMessage: {
      /**
       * On a side's initiative card: the side (CombatantGroup id) it rolled for; on an ability check, what was
       * checked.
       */
      "frontier-tactics": { check?: { key: string; adjustment: number } };
    };
    Wall: {
      /** The wall's cover class (SF-X-22); "" or unset: by wall type. */
      "frontier-tactics": {
        cover?: "" | "none" | "soft" | "hard";
        /** SW-30 (d20): a low wall (about 1 m) covers a standing target's lower half; "" or unset: full height. */
        height?: "" | "full" | "low";
        /** SWN-15: a key of the seed's materials table (thinWood … particulates); "" or absent = none. */
        material?: string;
        /** SF-X-41 (workflows/optional/structure.ts): the structure type the GM gave it (rules-tables §10.2); "" or unset: none. */
        structure?: string;
        /** SF-X-41: its structural points left; null or unset: rolled from the type when first hit. */
        structuralPoints?: number | null;
        /** SF-X-41: a door broken open by structural damage (it stays open until the GM closes it). */
        broken?: boolean;
      };
    };
    ActiveEffect: {
      /**
       * A drug's effect (workflows/optional/drugs.ts): which drug, and the Stamina a Stimdose gave; a status with a duration
       * the active GM ends when it runs out (workflows/damage/timed-status.ts).
       */
      "frontier-tactics": { drug?: "stimdose" | "staydose"; gained?: number; timed?: boolean };
    };
    MeasuredTemplate: {
      /** A blast area's label. */
      "frontier-tactics": { label?: string };
    };
    User: {
      /**
       * A request to the active GM and its answer (helpers/gm-request.ts), written on the asker's own User; on a
       * GM's User, the seals of attack cards by message id (workflows/card/card-hooks.ts `watchCards`).
       */
      "frontier-tactics": {
        seals?: Record<string, { d: string; t: number }>;
        /** On a GM's User: the record of attacks by message id (workflows/attack/attack-record.ts, review T2-1C). */
        attacks?: Record<string, AttackEntry>;
        /** On a GM's User: what did not land of a card's item and status writes (workflows/card/card-targets.ts `unlandedOf`, T2-2F). */
        unlanded?: Record<string, Partial<Rest>>;
        /** On a GM's User: the Fortitude saves rolled, by message id and token id (workflows/card/card-targets.ts `fortitudeRolled`, T2-3A). */
        saves?: Record<string, Record<string, boolean>>;
        /** On a GM's User: SW-43 suppressed areas by suppressor combatant id (canvas/suppression.ts). */
        suppressing?: Record<string, SuppressingEntry>;
        request?: { id: string } & Partial<Record<string, unknown>>;
        response?: {
          id: string;
          applied?: string[];
          skipped?: { id: string; reason: string; data?: Readonly<Record<string, string>> }[];
          error?: string | null;
        };
        /** SWN-10: the GM's answer to a Read Morale, written by a GM on the reader's User (workflows/optional/side-morale.ts). */
        moraleReading?: {
          id: string;
          combatId: string;
          round: number;
          sides: { id: string; name: string; value: number; band: string }[];
        };
      };
    };
    Actor: {
      /** The records of applied hits, per card and token (workflows/damage/apply-records.ts, `ledgerPath`). */
      "frontier-tactics": { hits?: Record<string, Record<string, AppliedRecord>> };
    };
  }
}

declare global {
  namespace CONFIG {
    /** The GM-side handlers `init` registers for players' requests (helpers/gm-query.ts). */
    interface Queries {
      "frontier-tactics.rollSide": typeof handleRollSideQuery;
    }
  }
}
