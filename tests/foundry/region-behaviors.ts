/**
 * `foundry.data.regionBehaviors.RegionBehaviorType` for the harness: `client/data/region-behaviors/base.mjs` (v13,
 * local mirror umplacable/foundryVTT). A TypeDataModel that is the `system` of a RegionBehavior; it may declare an
 * `events` SetField of the Region events it handles (`_createEventsField`) or a static `events` record it always
 * handles, and reaches its behaviour, region and scene through `parent`. Core calls `_handleRegionEvent` for the
 * events; the harness dispatches none (no system behaviour here handles events — the obscurement behaviour is data the
 * attack reads).
 */
import { TypeDataModel } from "./data-model.js";
import * as fields from "./fields.js";

type AnyObject = Record<string, any>;

export class RegionBehaviorType extends TypeDataModel {
  static _createEventsField({ events, initial }: { events?: string[]; initial?: string[] } = {}): any {
    const options: AnyObject = {
      label: "BEHAVIOR.TYPES.base.FIELDS.events.label",
      hint: "BEHAVIOR.TYPES.base.FIELDS.events.hint",
    };
    if (initial) options.initial = initial;
    const choices = (events ?? []).reduce<AnyObject>((o, e) => {
      o[e] = `REGION.EVENTS.${e}.label`;
      return o;
    }, {});
    return new (fields as AnyObject).SetField(
      new (fields as AnyObject).StringField({ required: true, choices }),
      options,
    );
  }

  static events: Record<string, (event: unknown) => Promise<void>> = {};

  get behavior(): any {
    return this.parent ?? null;
  }
  get region(): any {
    return this.behavior?.region ?? null;
  }
  get scene(): any {
    return this.behavior?.scene ?? null;
  }
  async _handleRegionEvent(_event: unknown): Promise<void> {}
}

export const regionBehaviors = { RegionBehaviorType };
