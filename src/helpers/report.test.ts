import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RulesError } from "../rules/index.js";
import { asGM, GMQueryError, NoGMError, queryError, type UserPorts } from "./gm-query.js";
import { AttackCancelled, describeError, guard, guarded } from "./report.js";

const notes = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  for (const f of Object.values(notes)) f.mockClear();
  (globalThis as Record<string, unknown>).ui = { notifications: notes };
});
afterEach(() => vi.useRealTimers());

describe("What a failed user action tells the user", () => {
  it("rules errors, a missing GM and failed queries become their own localized messages", () => {
    expect(
      describeError(new RulesError("FT.Error.notEnoughAmmo", "x", { needed: 10, left: 3, unit: "rounds" })),
    ).toEqual({
      level: "warn",
      key: "FT.Error.notEnoughAmmo",
      data: { needed: "10", left: "3", unit: "rounds" },
    });
    expect(describeError(new NoGMError())).toEqual({ level: "warn", key: "FT.Error.noGM", data: {} });
    expect(describeError(new GMQueryError("timeout"))).toMatchObject({
      level: "warn",
      key: "FT.Error.query.timeout",
    });
    expect(describeError(new GMQueryError("refused", "Damage must be a whole number"))).toEqual({
      level: "error",
      key: "FT.Error.query.refused",
      data: { detail: "Damage must be a whole number" },
    });
    expect(describeError(new AttackCancelled())).toBeNull();
    expect(describeError(new TypeError("x is undefined"))).toEqual({
      level: "error",
      key: "FT.Error.unexpected",
      data: { message: "x is undefined" },
    });
  });

  it("guard reports instead of throwing; an unexpected error is also logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await guard(async () => 7)).toBe(7);
    expect(
      await guard(async () => {
        throw new RulesError("FT.Error.noTarget", "no target");
      }),
    ).toBeUndefined();
    expect(notes.warn).toHaveBeenCalledWith("FT.Error.noTarget", { localize: true });
    await guard(() => {
      throw new Error("boom");
    });
    expect(notes.error).toHaveBeenCalledWith("FT.Error.unexpected", { format: { message: "boom" } });
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it("guarded keeps `this` and the arguments of an action handler", async () => {
    const sheet = { name: "sheet" };
    const seen: unknown[] = [];
    const handler = guarded(function (this: typeof sheet, _e: Event, target: string) {
      seen.push(this.name, target);
      throw new NoGMError();
    });
    await handler.call(sheet, new Event("click"), "button");
    expect(seen).toEqual(["sheet", "button"]);
    expect(notes.warn).toHaveBeenCalledWith("FT.Error.noGM", { localize: true });
  });
});

describe("How v13's User#query fails, as errors we can report", () => {
  type Query = NonNullable<UserPorts["activeGM"]>["query"];
  const player = (query: Query): UserPorts => ({ isGM: false, activeGM: { query } });

  it("Foundry's own messages: no permission, GM gone, time-out, the GM handler's error", () => {
    expect(queryError(new Error("You do not have permission to query users"))).toMatchObject({
      reason: "permission",
    });
    expect(queryError(new Error("User [abc] is not active"))).toBeInstanceOf(NoGMError);
    expect(queryError(new Error("The query timed out"))).toMatchObject({ reason: "timeout" });
    expect(queryError(new Error("Damage must be a whole number of at least 0, not -1"))).toMatchObject({
      reason: "refused",
      detail: "Damage must be a whole number of at least 0, not -1",
    });
  });

  it("a user without the QUERY_USER permission is told so before anything is sent", async () => {
    const query = vi.fn();
    await expect(
      asGM({ ...player(query), canQuery: false }, "frontier-tactics.applyDamage", {}, async () => 1),
    ).rejects.toMatchObject({ reason: "permission" });
    expect(query).not.toHaveBeenCalled();
  });

  it("an answer that never comes ends as a time-out, not a button left waiting", async () => {
    vi.useFakeTimers();
    const pending = asGM(
      player(() => new Promise(() => undefined)),
      "q",
      {},
      async () => 1,
      1000,
    );
    const result = expect(pending).rejects.toMatchObject({ reason: "timeout" });
    await vi.advanceTimersByTimeAsync(3000);
    await result;
  });

  it("the GM is asked with the time-out in milliseconds", async () => {
    const query = vi.fn(async () => "done");
    expect(await asGM(player(query), "frontier-tactics.applyDamage", { a: 1 }, async () => "local")).toBe(
      "done",
    );
    expect(query).toHaveBeenCalledWith("frontier-tactics.applyDamage", { a: 1 }, { timeout: 10_000 });
    await expect(asGM({ isGM: false, activeGM: null }, "q", {}, async () => 1)).rejects.toBeInstanceOf(
      NoGMError,
    );
  });
});
