import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPart, reportPartFailed } from "./part-failed.js";

const notes = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const g = globalThis as Record<string, unknown>;
let saved: { ui: unknown; game: unknown };

beforeEach(() => {
  saved = { ui: g.ui, game: g.game };
  for (const f of Object.values(notes)) f.mockClear();
  g.ui = { notifications: notes };
  g.game = {}; // a fresh page
});
afterEach(() => {
  g.ui = saved.ui;
  g.game = saved.game;
  vi.restoreAllMocks();
});

const fetchFailed = () =>
  new Error("Failed to fetch dynamically imported module: chunks/tracker-prepare-x.mjs");

describe("issue 33: a lazy part that fails to load (lazy review finding 3)", () => {
  it("issue 33: loadPart rejects as the load did, logs every failure, and tells each page once to reload", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const e = fetchFailed();
    await expect(loadPart(() => Promise.reject(e))).rejects.toBe(e);
    await expect(loadPart(() => Promise.reject(fetchFailed()))).rejects.toThrow(/Failed to fetch/);
    reportPartFailed(fetchFailed());
    expect(notes.error.mock.calls).toEqual([["FT.Error.partFailed", { localize: true }]]);
    expect(logged).toHaveBeenCalledTimes(3);
    // Another page (a reload: a new `game`) is told again.
    g.game = {};
    reportPartFailed(fetchFailed());
    expect(notes.error).toHaveBeenCalledTimes(2);
  });

  it("issue 33: a part that loads is returned and tells nothing", async () => {
    await expect(loadPart(async () => ({ part: 1 }))).resolves.toEqual({ part: 1 });
    expect(notes.error).not.toHaveBeenCalled();
  });
});
