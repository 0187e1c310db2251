/**
 * The harness's common layer against Foundry v13's behaviour (common/utils/helpers.mjs, common/data/fields.mjs,
 * common/abstract/data.mjs, common/abstract/type-data.mjs): the helpers, the field rules, the DataModel
 * construction / validation / update paths, the migration chain, and our own models from src/data/models.ts run
 * through them with `globalThis.foundry` pointing at the harness.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CHARACTER_SPEC, CREATURE_SPEC } from "../../src/data/actor/specs.js";
import { ITEM_SPECS, type ItemType } from "../../src/data/item/specs.js";
import { validateData } from "../../src/data/spec.js";
import { FIXTURE_ACTORS, packEntry } from "../pack-data.js";
import {
  DataModel,
  DataModelValidationError,
  DataModelValidationFailure,
  foundryCommon,
  TypeDataModel,
} from "./data-model.js";
import {
  ArrayField,
  BooleanField,
  DocumentIdField,
  EmbeddedCollectionField,
  EmbeddedDataField,
  ForeignDocumentField,
  NumberField,
  ObjectField,
  SchemaField,
  SetField,
  StringField,
  TypeDataField,
} from "./fields.js";
import {
  type AnyObject,
  deepClone,
  deleteProperty,
  diffObject,
  duplicate,
  expandObject,
  filterObject,
  flattenObject,
  getProperty,
  getType,
  hasProperty,
  isEmpty,
  isSubclass,
  mergeObject,
  objectsEqual,
  randomID,
  setProperty,
} from "./utils.js";

const g = globalThis as unknown as { foundry?: unknown; CONFIG?: unknown; logger?: unknown };

afterEach(() => {
  vi.restoreAllMocks();
});

/** Spy on the warnings Foundry's `logger.warn` would print (the harness logger is console unless set). */
function spyWarn() {
  return vi.spyOn(console, "warn").mockImplementation(() => undefined);
}

/** The messages of everything passed to a console spy (Errors by their message). */
function messages(spy: ReturnType<typeof spyWarn>): string[] {
  return spy.mock.calls.map((args) =>
    args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "),
  );
}

/* ------------------------------------------------------------------ */
/*  foundry.utils                                                     */
/* ------------------------------------------------------------------ */

describe("foundry.utils (common/utils/helpers.mjs)", () => {
  it("expandObject splits a token-UUID key into nested objects, at the top and at any depth", () => {
    expect(expandObject({ "Scene.s.Token.t": 13 })).toEqual({ Scene: { s: { Token: { t: 13 } } } });
    const card = { system: { card: { result: { damageByTarget: { "Scene.s.Token.t": 13 } } } } };
    expect(expandObject(card)).toEqual({
      system: { card: { result: { damageByTarget: { Scene: { s: { Token: { t: 13 } } } } } } },
    });
    // inside arrays too
    expect(expandObject({ list: [{ "a.b": 1 }] })).toEqual({ list: [{ a: { b: 1 } }] });
  });

  it("expandObject leaves class instances alone (getType is not 'Object')", () => {
    class Roll {
      "a.b" = 1;
      total = 7;
    }
    const roll = new Roll();
    const out = expandObject<{ rolls: Roll[]; one: Roll }>({ rolls: [roll], one: roll });
    expect(out.rolls[0]).toBe(roll);
    expect(out.one).toBe(roll);
    expect(Object.keys(roll)).toEqual(["a.b", "total"]);
  });

  it("flattenObject is the inverse of expandObject and keeps empty inner objects", () => {
    const nested = { a: { b: { c: 1 }, d: [1, 2] }, e: {} };
    const flat = flattenObject(nested);
    expect(flat).toEqual({ "a.b.c": 1, "a.d": [1, 2], e: {} });
    expect(expandObject(flat)).toEqual(nested);
  });

  it("mergeObject deletes with -=key and replaces with ==key only under performDeletions", () => {
    expect(mergeObject({ k1: "v1", k2: "v2" }, { "-=k1": null }, { performDeletions: true })).toEqual({
      k2: "v2",
    });
    expect(mergeObject({ k1: { i1: "v1" } }, { "==k1": { i2: "v2" } }, { performDeletions: true })).toEqual({
      k1: { i2: "v2" },
    });
    // Without performDeletions the special keys are ordinary keys.
    expect(mergeObject({ k1: "v1" }, { "-=k1": null })).toEqual({ k1: "v1", "-=k1": null });
    expect(() => mergeObject({ k1: "v1" }, { "-=k1": 1 }, { performDeletions: true })).toThrow(
      /requires the value of that deletion key to be null/,
    );
  });

  it("mergeObject's insert / overwrite / recursive / inplace / enforceTypes options", () => {
    expect(mergeObject({ k1: "v1" }, { k2: "v2" }, { insertKeys: false })).toEqual({ k1: "v1" });
    expect(mergeObject({ k1: { i1: "v1" } }, { k1: { i2: "v2" } }, { insertValues: false })).toEqual({
      k1: { i1: "v1" },
    });
    expect(mergeObject({ k1: "v1" }, { k1: "v2" }, { overwrite: false })).toEqual({ k1: "v1" });
    expect(mergeObject({ k1: { i1: "v1" } }, { k1: { i2: "v2" } }, { recursive: false })).toEqual({
      k1: { i2: "v2" },
    });
    const original = { a: { b: 1 } };
    const merged = mergeObject(original, { a: { c: 2 } }, { inplace: false });
    expect(original).toEqual({ a: { b: 1 } });
    expect(merged).toEqual({ a: { b: 1, c: 2 } });
    expect(() => mergeObject({ a: 1 }, { a: "x" }, { enforceTypes: true })).toThrow(/Mismatched data types/);
    // Dotted keys of `other` are expanded at depth 0.
    expect(mergeObject({ a: { b: 1 } }, { "a.c": 2 })).toEqual({ a: { b: 1, c: 2 } });
  });

  it("diffObject returns what differs, with inner and deletionKeys", () => {
    const a = { x: 1, y: { z: 2, w: 3 }, list: [1, 2] };
    expect(diffObject(a, { x: 1, y: { z: 5, w: 3 }, list: [1, 2] })).toEqual({ y: { z: 5 } });
    expect(diffObject(a, { list: [1, 3] })).toEqual({ list: [1, 3] });
    expect(diffObject(a, { q: 9 })).toEqual({ q: 9 });
    expect(diffObject(a, { q: 9 }, { inner: true })).toEqual({});
    expect(diffObject(a, { "-=x": null, "-=nope": null }, { deletionKeys: true })).toEqual({ "-=x": null });
    expect(diffObject(a, { "==y": { k: 1 } }, { deletionKeys: true })).toEqual({ "==y": { k: 1 } });
  });

  it("setProperty / getProperty / hasProperty / deleteProperty on dotted keys", () => {
    const o: AnyObject = {};
    expect(setProperty(o, "a.b.c", 5)).toBe(true);
    expect(setProperty(o, "a.b.c", 5)).toBe(false);
    expect(o).toEqual({ a: { b: { c: 5 } } });
    expect(getProperty(o, "a.b.c")).toBe(5);
    expect(getProperty(o, "a.x.c")).toBeUndefined();
    expect(hasProperty(o, "a.b")).toBe(true);
    expect(hasProperty(o, "a.q")).toBe(false);
    expect(setProperty(o, "__proto__.polluted", 1)).toBe(false);
    expect(deleteProperty(o, "a.b.c")).toBe(true);
    expect(o).toEqual({ a: { b: {} } });
  });

  it("getType, isEmpty, deepClone, duplicate, objectsEqual, isSubclass, randomID", () => {
    class Thing {}
    expect([getType({}), getType(Object.create(null)), getType([]), getType(new Set())]).toEqual([
      "Object",
      "Object",
      "Array",
      "Set",
    ]);
    expect([getType(null), getType(new Thing()), getType(new Map()), getType(new Error("x"))]).toEqual([
      "null",
      "Unknown",
      "Map",
      "Error",
    ]);
    expect([isEmpty({}), isEmpty([]), isEmpty(null), isEmpty(0), isEmpty({ a: 1 })]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const thing = new Thing();
    const src = { a: { b: [1, { c: 2 }] }, thing };
    const clone = deepClone(src);
    expect(clone).toEqual(src);
    expect(clone.a).not.toBe(src.a);
    expect(clone.thing).toBe(thing);
    expect(duplicate({ a: undefined, b: 1 })).toEqual({ b: 1 });
    expect(objectsEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(objectsEqual({ a: [1] }, { a: [2] })).toBe(false);
    expect(isSubclass(TypeDataModel, DataModel)).toBe(true);
    expect(isSubclass(DataModel, DataModel)).toBe(true);
    expect(isSubclass(DataModel, TypeDataModel)).toBe(false);
    const id = randomID(16);
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(randomID(16)).not.toBe(id);
  });
});

/* ------------------------------------------------------------------ */
/*  Fields and DataModel                                              */
/* ------------------------------------------------------------------ */

class Sample extends DataModel {
  static override defineSchema() {
    return {
      hp: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 50, initial: 10 }),
      mode: new StringField({ required: true, choices: ["a", "b"], initial: "a" }),
      name: new StringField({ required: true, blank: false, initial: "x" }),
      tags: new ArrayField(new StringField()),
      labels: new SetField(new StringField()),
      nested: new SchemaField({
        x: new NumberField({ required: true, nullable: false, initial: 1 }),
        y: new NumberField({ required: true, nullable: true, initial: 2 }),
      }),
      data: new ObjectField(),
      flag: new BooleanField(),
    };
  }
}

type SampleData = {
  hp: number;
  mode: string;
  name: string;
  tags: string[];
  labels: Set<string>;
  nested: { x: number; y: number | null };
  data: AnyObject;
  flag: boolean;
};
const data = (m: DataModel) => m as unknown as SampleData;

describe("DataModel construction (common/abstract/data.mjs)", () => {
  it("cleans the source: casts, rounds, trims, fills initial values and drops unknown keys", () => {
    const input: AnyObject = { hp: "12.6", name: "  Bob  ", extra: 1, flag: "true", tags: "solo" };
    const m = new Sample(input);
    expect(m._source).toBe(input); // the source is the object passed in, cleaned in place
    expect(m._source).toEqual({
      hp: 13,
      mode: "a",
      name: "Bob",
      tags: ["solo"],
      labels: [],
      nested: { x: 1, y: 2 },
      data: {},
      flag: true,
    });
    expect(Object.isSealed(m._source)).toBe(true);
  });

  it("keeps _source apart from the initialized data; reset() restores it", () => {
    const m = new Sample({ nested: { x: 3 }, labels: ["q", "q", "r"] });
    const d = data(m);
    expect(d.nested).not.toBe(m._source.nested);
    expect(d.labels).toBeInstanceOf(Set);
    expect([...d.labels]).toEqual(["q", "r"]);
    d.nested.x = 99;
    expect((m._source.nested as AnyObject).x).toBe(3);
    m.reset();
    expect(data(m).nested.x).toBe(3);
    expect(m.toObject()).toEqual(m._source);
    expect(m.toObject()).not.toBe(m._source);
    expect(m.toObject(false).labels).toEqual(["q", "r"]);
    expect(JSON.parse(JSON.stringify(m))).toEqual(m._source);
  });

  it("a strict construction with an invalid choice throws; a non-strict one falls back and warns", () => {
    expect(() => new Sample({ mode: "c" })).toThrow(DataModelValidationError);
    expect(() => new Sample({ mode: "c" })).toThrow(
      /Sample validation errors:\n {2}mode: c is not a valid choice/,
    );
    const warn = spyWarn();
    const m = Sample.fromSource({ mode: "c" });
    expect(data(m).mode).toBe("a");
    expect(m.invalid).toBe(false);
    expect(m.validationFailures.fields?.fields.mode?.fallback).toBe("a");
    expect(messages(warn)).toEqual([expect.stringContaining("mode: c is not a valid choice")]);
  });

  it("clone merges existing keys only and keeps the parent", () => {
    const m = new Sample({ hp: 5 });
    const c = m.clone({ hp: 7, nope: 1 });
    expect(data(c).hp).toBe(7);
    expect((c._source as AnyObject).nope).toBeUndefined();
    expect(data(m).hp).toBe(5);
    expect(() => new Sample({}, { parent: {} as DataModel })).toThrow(
      "The provided parent must be a DataModel instance",
    );
  });

  it("the base defineSchema throws the v13 message, naming the class", () => {
    class NoSchema extends DataModel {}
    const warn = spyWarn();
    expect(() => new NoSchema({})).toThrow(
      "The NoSchema subclass of DataModel must define its Document schema",
    );
    // migrateDataSafe met it first and only warned; cleanData then threw.
    expect(messages(warn)).toEqual([
      "Failed data migration for NoSchema: The NoSchema subclass of DataModel must define its Document schema",
    ]);
    expect(() => TypeDataModel.schema).toThrow(
      "The TypeDataModel subclass of DataModel must define its Document schema",
    );
  });
});

describe("NumberField / StringField rules (common/data/fields.mjs)", () => {
  it("a NumberField min/max clamps when cleaned: updateSource stores the bound (v13 cleans before it validates)", () => {
    const m = new Sample({ hp: 20 });
    expect(m.updateSource({ hp: -5 })).toEqual({ hp: 0 });
    expect(m._source.hp).toBe(0);
    expect(m.updateSource({ hp: 80 })).toEqual({ hp: 50 });
    expect(m.updateSource({ hp: 7.4 })).toEqual({ hp: 7 });
  });

  it("a NumberField rejects what cleaning cannot mend: updateSource throws and the source is unchanged", () => {
    const m = new Sample({ hp: 20 });
    let error: unknown;
    try {
      m.updateSource({ hp: "lots" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataModelValidationError);
    expect((error as Error).message).toBe("Sample validation errors:\n  hp: must be an integer");
    expect((error as DataModelValidationError).getFailure("hp")?.invalidValue).toBeNaN();
    expect(Object.keys((error as DataModelValidationError).getAllFailures() ?? {})).toEqual(["hp"]);
    expect(m._source.hp).toBe(20);
    expect(data(m).hp).toBe(20);
  });

  it("validate() of raw changes (no cleaning) rejects below min; non-strict returns false and warns", () => {
    const m = new Sample({});
    expect(() => m.validate({ changes: { hp: -5 } })).toThrow(/hp: must be at least 0/);
    expect(() => m.validate({ changes: { hp: 2.5 } })).toThrow(/hp: must be an integer/);
    const warn = spyWarn();
    expect(m.validate({ changes: { hp: 51 }, strict: false })).toBe(false);
    expect(messages(warn)[0]).toMatch(/hp: must be at most 50/);
    expect(m.validate({ changes: { hp: -5 }, clean: true })).toBe(true); // cleaning clamps first
  });

  it("a string outside its choices is rejected; choices make the field non-blank", () => {
    const m = new Sample({});
    expect(() => m.updateSource({ mode: "c" })).toThrow(/mode: c is not a valid choice/);
    expect(data(m).mode).toBe("a");
    expect(m.updateSource({ mode: " b " })).toEqual({ mode: "b" }); // trimmed, then valid
    // "" is not allowed (blank: false by choices) → clean falls back to the initial value
    expect(m.updateSource({ mode: "" })).toEqual({ mode: "a" });
  });

  it("required / nullable / blank: clean replaces a refused null or blank by the initial value", () => {
    const m = new Sample({ hp: 30, name: "Bob", nested: { x: 4, y: 6 } });
    expect(m.updateSource({ hp: null })).toEqual({ hp: 10 }); // not nullable → initial
    expect(m.updateSource({ name: "" })).toEqual({ name: "x" }); // blank: false → initial
    expect(m.updateSource({ nested: { y: null } })).toEqual({ nested: { y: null } }); // nullable → kept
    const f = new NumberField({ required: true, nullable: false });
    expect(f.validate(undefined)?.message).toBe("may not be undefined");
    expect(f.validate(null)?.message).toBe("may not be null");
    expect(new NumberField({ nullable: true }).validate(null)).toBeUndefined();
    expect(new StringField({ blank: false }).validate("")?.message).toBe("may not be a blank string");
    expect(() => new NumberField({ min: 5, max: 1 })).toThrow(/minimum constraint cannot exceed/);
  });

  it("the validate option runs after the type checks; a throw, false or a failure rejects", () => {
    const even = new NumberField({
      validate: (v) => {
        if ((v as number) % 2) throw new Error("must be even");
        return true;
      },
    });
    expect(even.validate(3)?.message).toBe("must be even");
    expect(even.validate(4)).toBeUndefined();
    const no = new StringField({ validate: () => false, validationError: "is refused" });
    expect(no.validate("a")?.message).toBe("is refused");
    // With choices, a valid choice short-circuits (`true`): the validate option is not reached.
    const chosen = new StringField({ choices: ["a"], validate: () => false });
    expect(chosen.validate("a")).toBeUndefined();
  });

  it("step snaps to increments above min; positive rejects zero; DocumentIdField wants 16 alphanumerics", () => {
    const step = new NumberField({ min: 1, step: 2 });
    expect(step.clean(4)).toBe(5);
    expect(step.validate(4)?.message).toBe("must be an increment of 2 after subtracting 1");
    expect(new NumberField({ positive: true }).validate(0)?.message).toBe("must be a positive number");
    const id = new DocumentIdField();
    expect(id.validate("abc")?.message).toBe("must be a valid 16-character alphanumeric ID");
    expect(id.validate(randomID())).toBeUndefined();
    expect(id.validate(null)).toBeUndefined(); // nullable until saved
  });
});

describe("DataModel#updateSource (common/abstract/data.mjs)", () => {
  it("cleans partial changes: only the given keys, siblings kept; returns the diff", () => {
    const m = new Sample({ nested: { x: 3, y: 4 } });
    expect(m.updateSource({ nested: { x: 5 } })).toEqual({ nested: { x: 5 } });
    expect(m._source.nested).toEqual({ x: 5, y: 4 });
    expect(m.updateSource({ nested: { x: 5 } })).toEqual({}); // nothing changed
  });

  it("expands dotted keys into the same changes object", () => {
    const m = new Sample({});
    const changes: AnyObject = { "nested.x": 7 };
    expect(m.updateSource(changes)).toEqual({ nested: { x: 7 } });
    expect(changes).toEqual({ nested: { x: 7 } });
  });

  it("-=key deletes and ==key replaces inside an ObjectField", () => {
    const m = new Sample({ data: { a: 1, b: { c: 2 } } });
    expect(m.updateSource({ "data.-=a": null })).toEqual({ data: { "-=a": null } });
    expect(m._source.data).toEqual({ b: { c: 2 } });
    expect(m.updateSource({ data: { b: { d: 3 } } })).toEqual({ data: { b: { d: 3 } } });
    expect(m._source.data).toEqual({ b: { c: 2, d: 3 } });
    m.updateSource({ "==data": { z: 1 } });
    expect(m._source.data).toEqual({ z: 1 });
    expect(() => m.updateSource({ data: { "-=z": 1 } })).toThrow(
      /requires the value of that deletion key to be null/,
    );
  });

  it("recursive: false replaces a whole inner schema, re-cleaned in full", () => {
    const m = new Sample({ nested: { x: 3, y: 4 } });
    expect(m.updateSource({ nested: { x: 9 } }, { recursive: false })).toEqual({ nested: { x: 9, y: 2 } });
  });

  it("dryRun returns the diff and changes nothing", () => {
    const m = new Sample({ hp: 5 });
    expect(m.updateSource({ hp: 6 }, { dryRun: true })).toEqual({ hp: 6 });
    expect(m._source.hp).toBe(5);
    expect(data(m).hp).toBe(5);
  });

  it("arrays are replaced whole and compared element by element", () => {
    const m = new Sample({ tags: ["a"] });
    const before = m._source.tags;
    expect(m.updateSource({ tags: ["a"] })).toEqual({});
    expect(m.updateSource({ tags: ["a", "b"] })).toEqual({ tags: ["a", "b"] });
    expect(m._source.tags).toBe(before); // the array object is kept, its contents replaced
    expect(m._source.tags).toEqual(["a", "b"]);
  });

  it("joint validation runs on the whole updated copy; a failure throws and changes nothing", () => {
    class Range extends DataModel {
      static override defineSchema() {
        return { lo: new NumberField({ initial: 0 }), hi: new NumberField({ initial: 10 }) };
      }
      static override validateJoint(d: AnyObject) {
        if ((d.lo as number) > (d.hi as number)) throw new Error("lo above hi");
      }
    }
    const r = new Range({});
    expect(() => r.updateSource({ lo: 11 })).toThrow("Range Joint Validation Error:\nlo above hi");
    expect(r._source.lo).toBe(0);
    expect(() => new Range({ lo: 5, hi: 1 })).toThrow(/Joint Validation Error/);
  });
});

/* ------------------------------------------------------------------ */
/*  Migration and TypeDataModel                                       */
/* ------------------------------------------------------------------ */

class Engine extends DataModel {
  static override defineSchema() {
    return { thrust: new NumberField({ initial: 1 }) };
  }
  static override migrateData(source: AnyObject) {
    if ("power" in source) {
      source.thrust = source.power;
      delete source.power;
    }
    return super.migrateData(source);
  }
}

class Ship extends TypeDataModel {
  static override defineSchema() {
    return {
      hull: new SchemaField({
        value: new NumberField({ initial: 10, integer: true, min: 0 }),
        max: new NumberField({ initial: 10, integer: true, min: 0 }),
      }),
      engine: new EmbeddedDataField(Engine),
    };
  }
  static override migrateData(source: AnyObject) {
    if (typeof source.hull === "number") source.hull = { value: source.hull, max: source.hull };
    return super.migrateData(source);
  }
}

/** The pattern of src/data/models.ts before the fix: calls the base class's migrateData unbound to the subclass. */
class UnboundShip extends TypeDataModel {
  static override defineSchema() {
    return { hull: new NumberField({ initial: 10 }) };
  }
  static override migrateData(source: AnyObject) {
    if ("hp" in source) {
      source.hull = source.hp;
      delete source.hp;
    }
    return TypeDataModel.migrateData(source);
  }
}

describe("migrateData / migrateDataSafe and TypeDataModel (data.mjs, type-data.mjs)", () => {
  it("a subclass's migrateData chains through super to the schema's fields (EmbeddedDataField migrates its model)", () => {
    const warn = spyWarn();
    const s = new Ship({ hull: 7, engine: { power: 3 } });
    expect(s._source).toEqual({ hull: { value: 7, max: 7 }, engine: { thrust: 3 } });
    expect((s as unknown as { engine: Engine }).engine).toBeInstanceOf(Engine);
    expect((s as unknown as { engine: Engine }).engine.parent).toBe(s);
    expect(warn).not.toHaveBeenCalled();
  });

  it("TypeDataModel.migrateData(source) with this === TypeDataModel throws 'must define its Document schema'", () => {
    expect(() => TypeDataModel.migrateData({})).toThrow(
      "The TypeDataModel subclass of DataModel must define its Document schema",
    );
  });

  it("migrateDataSafe turns that throw into a 'Failed data migration' warning; the in-place part still applied", () => {
    const warn = spyWarn();
    const s = new UnboundShip({ hp: 4 });
    expect(messages(warn)).toEqual([
      "Failed data migration for UnboundShip: The TypeDataModel subclass of DataModel must define its Document schema",
    ]);
    expect(s._source).toEqual({ hull: 4 });
  });

  it("the TypeDataModel schema is named 'system' and cached per class", () => {
    expect(Ship.schema.name).toBe("system");
    expect(Ship.schema).toBe(Ship.schema);
    expect(UnboundShip.schema).not.toBe(Ship.schema);
    expect(Ship.schema.getField("hull.value")).toBeInstanceOf(NumberField);
    const s = new Ship({});
    expect(s.modelProvider).toBeNull();
    expect(s.prepareDerivedData()).toBeUndefined();
  });
});

describe("TypeDataField, EmbeddedCollectionField, ForeignDocumentField on a document-like model", () => {
  class FakeItem extends DataModel {
    static documentName = "Item";
    static override defineSchema() {
      return {
        _id: new DocumentIdField(),
        name: new StringField({ required: true, blank: false, initial: "Item" }),
      };
    }
  }
  class Boat extends TypeDataModel {
    static override defineSchema() {
      return { oars: new NumberField({ initial: 2, integer: true, min: 0 }) };
    }
  }
  class FakeActor extends DataModel {
    static documentName = "Actor";
    static override defineSchema() {
      return {
        _id: new DocumentIdField(),
        type: new StringField({ required: true, blank: false }),
        system: new TypeDataField("Actor"),
        items: new EmbeddedCollectionField("Item"),
        owner: new ForeignDocumentField("User", { idOnly: true }),
      };
    }
  }
  type ActorLike = DataModel & { system: unknown; items: unknown; owner: unknown };
  const config = (ship: unknown) => ({
    Actor: { documentClass: FakeActor, dataModels: { ship } },
    Item: { documentClass: FakeItem },
  });

  it("reads CONFIG[documentName].dataModels[type] at call time; the system model's parent is the document", () => {
    g.CONFIG = config(Ship);
    const a = new FakeActor({ type: "ship", system: { hull: 3 } }) as ActorLike;
    expect(a.system).toBeInstanceOf(Ship);
    expect((a.system as Ship).parent).toBe(a);
    expect(a._source.system).toEqual({ hull: { value: 3, max: 3 }, engine: { thrust: 1 } }); // migrated via Ship
    expect((a.system as Ship)._source).toBe(a._source.system); // one source object
    g.CONFIG = config(Boat); // a different client's CONFIG
    const b = new FakeActor({ type: "ship", system: {} }) as ActorLike;
    expect(b.system).toBeInstanceOf(Boat);
    expect(b._source.system).toEqual({ oars: 2 });
  });

  it("updates system data through the model's schema: partial, clamped, committed into the same source", () => {
    g.CONFIG = config(Ship);
    const a = new FakeActor({ type: "ship", system: { hull: { value: 5, max: 8 } } }) as ActorLike;
    const systemSource = a._source.system;
    expect(a.updateSource({ "system.hull.value": -3 })).toEqual({ system: { hull: { value: 0 } } });
    expect(a._source.system).toBe(systemSource);
    expect(a._source.system).toEqual({ hull: { value: 0, max: 8 }, engine: { thrust: 1 } });
    expect((a.system as unknown as { hull: { value: number } }).hull.value).toBe(0);
    expect(() => a.updateSource({ system: { hull: { max: "big" } } })).toThrow(/max: must be an integer/);
    expect(a._source.system).toEqual({ hull: { value: 0, max: 8 }, engine: { thrust: 1 } });
  });

  it("a document's migrateData reaches the system model through TypeDataField.migrateSource", () => {
    g.CONFIG = config(Ship);
    const source: AnyObject = { type: "ship", system: { hull: 6 } };
    FakeActor.migrateData(source);
    expect(source.system).toEqual({ hull: { value: 6, max: 6 } });
  });

  it("an embedded collection's source is cleaned element by element (ids given) and diffed by _id", () => {
    g.CONFIG = config(Ship);
    const a = new FakeActor({
      type: "ship",
      items: [{ name: " Oar " }, { _id: "aaaaaaaaaaaaaaaa" }],
    }) as ActorLike;
    const items = a._source.items as AnyObject[];
    expect(items.map((i) => i.name)).toEqual(["Oar", "Item"]);
    expect(items[0]?._id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(a.items).toBe(a._source.items); // no document layer: the source array itself
    expect(a.updateSource({ items: [{ _id: "aaaaaaaaaaaaaaaa", name: "Sail" }] })).toEqual({
      items: [{ _id: "aaaaaaaaaaaaaaaa", name: "Sail" }],
    });
    expect(items.find((i) => i._id === "aaaaaaaaaaaaaaaa")?.name).toBe("Sail");
    const field = FakeActor.schema.get("items") as EmbeddedCollectionField;
    expect(field.elementName).toBe("Item");
    expect(field.model).toBe(FakeItem);
    expect(field.readonly).toBe(true);
  });

  it("ForeignDocumentField stores the id string; a document instance is cast to its id", () => {
    g.CONFIG = config(Ship);
    const uid = randomID();
    const a = new FakeActor({ type: "ship", owner: { documentName: "User", _id: uid } }) as ActorLike;
    expect(a._source.owner).toBe(uid);
    expect(a.owner).toBe(uid);
  });
});

/* ------------------------------------------------------------------ */
/*  Our models (src/data/models.ts) through the harness               */
/* ------------------------------------------------------------------ */

type ModelCtor = new (data?: AnyObject, options?: AnyObject) => DataModel;
let CharacterModel: ModelCtor;
let CreatureModel: ModelCtor;
let SideModel: ModelCtor;
let AttackCardModel: ModelCtor;
let ItemModels: Record<ItemType, ModelCtor>;

describe("src/data/models.ts run through Foundry v13's DataModel", () => {
  beforeAll(async () => {
    // models.ts reads foundry.abstract.TypeDataModel when it loads: install the globals first.
    g.foundry = foundryCommon;
    const models = (await import("../../src/data/models.js")) as unknown as {
      CharacterModel: ModelCtor;
      CreatureModel: ModelCtor;
      SideModel: ModelCtor;
      AttackCardModel: ModelCtor;
      ItemModels: Record<ItemType, ModelCtor>;
    };
    ({ CharacterModel, CreatureModel, SideModel, AttackCardModel, ItemModels } = models);
  });

  it("a v1 character source migrates with no warning (migrateData returns super.migrateData(source))", () => {
    const warn = spyWarn();
    const m = new CharacterModel({ stamina: 37, staminaMax: 45, abilities: { dex: 40 } });
    expect(messages(warn)).toEqual([]);
    const src = m._source as AnyObject;
    expect(src.stamina).toEqual({ value: 37, max: 45 });
    expect("staminaMax" in src).toBe(false);
    expect(src.schemaVersion).toBe(3);
    expect((src.abilities as AnyObject).dex).toEqual({ value: 40 });
    expect((src.abilities as AnyObject).str).toEqual({ value: 45 });
  });

  it("an update's partial system (v13 migrates it: client-backend.mjs #preUpdateDocumentArray) gets no schema version and no notes written over", () => {
    const model = CreatureModel as unknown as { migrateData(s: AnyObject): AnyObject };
    expect(model.migrateData({ damage: "see notes" })).toEqual({ damage: "see notes" });
    expect(model.migrateData({ stamina: { value: 30 } })).toEqual({ stamina: { value: 30 } });
    // A whole stored source with a version is migrated and stamped as before.
    expect(model.migrateData({ schemaVersion: 2, damage: "2d", notes: "<p>N.</p>" })).toMatchObject({
      schemaVersion: 3,
      damage: "",
      notes: "<p>N.</p><p>Damage: 2d</p>",
    });
  });

  it("SF-B-15: Stamina has no floor — a big hit to −137 is stored as −137 (the old −100 min was clamped by cleaning)", () => {
    const m = new CharacterModel({});
    expect(m.updateSource({ stamina: { value: -137 } })).toEqual({ stamina: { value: -137 } });
  });

  it("the joint rule refuses Stamina above its maximum and leaves the source unchanged", () => {
    const m = new CharacterModel({ stamina: { value: 30, max: 45 } });
    expect(() => m.updateSource({ stamina: { value: 50 } })).toThrow(/Stamina 50 is above its maximum 45/);
    expect((m._source.stamina as AnyObject).value).toBe(30);
  });

  it("a race outside its choices is refused; a non-number roll on a side is refused, 12 is clamped to 10", () => {
    const c = new CharacterModel({});
    expect(() => c.updateSource({ race: "wookiee" })).toThrow(/race: wookiee is not a valid choice/);
    const side = new SideModel({});
    expect(side._source.roll).toBeNull();
    expect(side.updateSource({ roll: 12 })).toEqual({ roll: 10 });
    expect(() => side.updateSource({ roll: "d10" })).toThrow(/roll: must be an integer/);
  });

  it("the attack card's token-UUID keys: split by any expandObject on the way; the typed card (issue 28) migrates either form into its damage list on construction", () => {
    const split = { result: { damageByTarget: { Scene: { s: { Token: { t: 13 } } } } } };
    // The client backend runs expandObject on every create and update (client-backend.mjs).
    expect(
      expandObject({ system: { card: { result: { damageByTarget: { "Scene.s.Token.t": 13 } } } } }),
    ).toEqual({
      system: { card: split },
    });
    // Issue 28: `card` is a typed SchemaField now (it was an ObjectField that kept any key). The model's migrateData
    // runs before cleaning (`_initializeSource`), so a version 1 card's damage by target id, as written or as split,
    // becomes the damage list, and the key the schema does not name (`damageByTarget`) is gone.
    const id = "Scene.sceneDeck3000000.Token.tokPirate1000000";
    const asSplit = { Scene: { sceneDeck3000000: { Token: { tokPirate1000000: 13 } } } };
    for (const damageByTarget of [{ [id]: 13 }, asSplit]) {
      const card = new AttackCardModel({ card: { targets: [], result: { damageByTarget } } });
      const source = card._source.card as AnyObject;
      expect(source.version).toBe(3);
      expect(source.result).toEqual({ damage: [{ targetId: id, damage: 13 }] });
    }
  });

  it("agrees with src/data/spec.ts's validator on pack entries", () => {
    const cases: [ModelCtor, Parameters<typeof validateData>[0], string, string][] = [
      [CharacterModel, CHARACTER_SPEC, "actors", "sample-human-trooper"],
      [ItemModels.weapon, ITEM_SPECS.weapon, "weapons", "automatic-pistol"],
      [ItemModels.weapon, ITEM_SPECS.weapon, "weapons", "electric-sword"],
      [ItemModels.defense, ITEM_SPECS.defense, "defenses", "albedo-suit"],
      [ItemModels.powerSource, ITEM_SPECS.powerSource, "power", "parabattery"],
      [ItemModels.gear, ITEM_SPECS.gear, "gear", "first-aid-pak"],
      [ItemModels.skill, ITEM_SPECS.skill, "skills", "beam-weapons"],
      [CreatureModel, CREATURE_SPEC, FIXTURE_ACTORS, "test-creature-giant-beast"],
    ];
    const warn = spyWarn();
    for (const [Model, spec, pack, file] of cases) {
      const system = packEntry(pack, file).system as AnyObject;
      const { value, issues } = validateData(spec, deepClone(system));
      expect(issues, `${pack}/${file}`).toEqual([]);
      const m = new Model(deepClone(system));
      expect(filterObject(value, m._source), `${pack}/${file}`).toEqual(m.toObject());
    }
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("DataModelValidationFailure (common/data/validation-failure.mjs)", () => {
  it("formats nested failures one indented line per field and element", () => {
    const root = new DataModelValidationFailure({ message: "Root:" });
    const list = new DataModelValidationFailure();
    list.elements.push({ id: 1, failure: new DataModelValidationFailure({ message: "bad" }) });
    root.fields.tags = list;
    expect(root.toString()).toBe("Root:\n  tags: \n    1: bad");
    expect(new DataModelValidationError(root).getFailure("tags.1")?.message).toBe("bad");
  });
});
