/**
 * fvtt-types declaration merging, all in one place: our system id, document classes, document subtypes, settings,
 * flags and GM queries. Each entry here must match what `init` registers at run time (src/index.ts).
 */

import type { SuppressingEntry } from "../canvas/suppressing.js";
import type {
  AttackCardModel,
  CharacterModel,
  CombatantModel,
  CombatModel,
  CreatureModel,
  ItemModels,
  RuleCardModel,
  SideModel,
  SideRollModel,
  SquadModel,
} from "../data/models.js";
import type { ObscurementBehavior } from "../data/region/obscurement.js";
import type { FrontierActor } from "../documents/actor.js";
import type { FrontierChatMessage } from "../documents/chat-message.js";
import type { D20InitiativeFlag } from "../documents/combat/d20-initiative.js";
import type { handleRollSideQuery } from "../documents/combat/side-rolls.js";
import type { FrontierCombat } from "../documents/combat.js";
import type { FrontierCombatant } from "../documents/combatant.js";
import type { FrontierCombatantGroup } from "../documents/combatant-group.js";
import type { FrontierItem } from "../documents/item.js";
import type { SettingValues } from "../helpers/settings.js";
import type { AttackEntry } from "../workflows/attack/attack-record.js";
import type { Rest } from "../workflows/card/card-targets.js";
import type { AppliedRecord } from "../workflows/damage/apply-records.js";

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
    Combatant: typeof FrontierCombatant;
    CombatantGroup: typeof FrontierCombatantGroup;
    ChatMessage: typeof FrontierChatMessage;
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

  interface ConfiguredCombatant<SubType extends Combatant.SubType> {
    document: FrontierCombatant<SubType>;
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
    /** Issue 29: core's `base` type holds the combat's GM state. */
    Combat: {
      base: typeof CombatModel;
    };
    /** Issue 29: core's `base` type holds the combatant's owner's marks. */
    Combatant: {
      base: typeof CombatantModel;
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
    Combatant: {
      "frontier-tactics": {
        /**
         * SW-03: its d20 initiative check's tie-break terms (documents/combat/d20-initiative.ts). GM-written; the
         * owner may write a Combatant's flags, so the active GM puts back a player's change (`#putBackCounts`). Its
         * marks (delay, dodging, running …) are its `system` since issue 29 (data/combatant/marks.ts).
         */
        init?: D20InitiativeFlag;
      };
    };
    ChatMessage: {
      /**
       * On a side's initiative card: the side (CombatantGroup id) it rolled for; on an ability check, what was
       * checked.
       */
      "frontier-tactics": {
        check?: { key: string; adjustment: number };
        /** Issue 33: a Zebulon skill check's reading (workflows/optional/check-verdict.ts `SkillCheckFlag`). */
        skillCheck?: import("../workflows/optional/check-verdict.js").SkillCheckFlag;
      };
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
        /** On a GM's User: SW-39 successful aids another by aiding token id (games/d20/canvas/aid.ts). */
        aids?: Record<
          string,
          {
            sceneId: string;
            opponent: string;
            aider: string;
            disposition: number;
            used: string | null;
            choice?: "attack" | "defense";
          } | null
        >;
        /** On a GM's User: SW-42 successful aims by aiming token id (games/d20/canvas/aim.ts). */
        aims?: Record<
          string,
          {
            sceneId: string;
            target: string;
            x: number;
            y: number;
            weapon: string;
            used: string | null;
            at?: number;
            combat?: string | null;
            round?: number | null;
            moved?: number;
            dropped?: "moved" | "turnEnded" | "combatEnded" | null;
          } | null
        >;
        request?: { id: string } & Partial<Record<string, unknown>>;
        response?: {
          id: string;
          applied?: string[];
          skipped?: { id: string; reason: string; data?: Readonly<Record<string, string>> }[];
          error?: string | null;
        };
        /** SWN-10, before issue 33: a reading a GM wrote on the reader's User; only read to be dropped (side-morale-hooks.ts). */
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
      "frontier-tactics": {
        hits?: Record<string, Record<string, AppliedRecord>>;
        /** SWN-06: the GM marked this actor a mech (games/d20/workflows/mark-evidence.ts `isMech`). */
        mech?: boolean;
      };
    };
  }
}

declare global {
  namespace CONFIG {
    /** The GM-side handlers `init` registers for players' requests (helpers/gm-query.ts). */
    interface Queries {
      "frontier-tactics.rollSide": typeof handleRollSideQuery;
      /** Issue 33 SWN-10 (games/swn/workflows/side-morale-gm.ts): a GM's ticket for a reading, and its claim. */
      "frontier-tactics.moraleReading": (data: { gm: string; ticket: string }) => Promise<boolean>;
      "frontier-tactics.moraleClaim": (data: { ticket: string }) => Promise<{
        id: string;
        combatId: string;
        round: number;
        sides: readonly { id: string; name: string; value: number; band: string }[];
      }>;
    }
  }
}
