// @vitest-environment happy-dom
/**
 * The attack card's buttons in a DOM, clicked by a player: what reaches the user when the request to the GM fails.
 * The click listener is a DOM listener, so a rejection would only reach the console; each failure must become a
 * notification and the button must come back. Fakes: `game.user`/`game.users.activeGM` (v13 `User#query`),
 * `game.messages`, `ui.notifications`.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bindAttackCard } from "../src/workflows/card-actions.js";
import { BURST_CARD } from "./fixtures/cards.js";

const notes = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const message = { id: "msg1", type: "attack", author: { id: "player" }, system: { card: BURST_CARD } };

function playerWith(query: ((...a: unknown[]) => Promise<unknown>) | null, canQuery = true) {
  Object.assign(game as object, {
    user: { id: "player", isGM: false, hasPermission: (p: string) => p === "QUERY_USER" && canQuery },
    users: { activeGM: query ? { query } : null },
    messages: { get: () => message },
  });
}

function card(): { html: HTMLElement; apply: HTMLButtonElement } {
  const html = document.createElement("div");
  html.innerHTML = `<button type="button" data-ft-action="apply" data-target-id="Scene.s.Token.t1">Apply 13</button>
    <button type="button" data-ft-action="undo" data-target-id="Scene.s.Token.t2">Undo</button>`;
  bindAttackCard(message as never, html);
  return { html, apply: html.querySelector('[data-ft-action="apply"]')! };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  for (const f of Object.values(notes)) f.mockReset();
  (globalThis as Record<string, unknown>).ui = { notifications: notes };
});

describe("Card buttons report what went wrong", () => {
  it("players see Apply but not Undo", () => {
    playerWith(vi.fn());
    const { html } = card();
    expect(html.querySelectorAll("[data-ft-action]")).toHaveLength(1);
  });

  it("the GM's answer did not come in time: a warning, and the button is usable again", async () => {
    playerWith(vi.fn(async () => Promise.reject(new Error("Query frontier-tactics.applyDamage timed out"))));
    const { apply } = card();
    apply.click();
    expect(apply.disabled).toBe(true);
    await settle();
    expect(notes.warn).toHaveBeenCalledWith("FT.Error.query.timeout", {
      format: { detail: expect.any(String) },
    });
    expect(apply.disabled).toBe(false);
  });

  it("no GM connected, or no permission to query: each has its own warning", async () => {
    playerWith(null);
    card().apply.click();
    await settle();
    expect(notes.warn).toHaveBeenLastCalledWith("FT.Error.noGM", { localize: true });

    const query = vi.fn();
    playerWith(query, false);
    card().apply.click();
    await settle();
    expect(notes.warn).toHaveBeenLastCalledWith("FT.Error.query.permission", { format: { detail: "" } });
    expect(query).not.toHaveBeenCalled();
  });

  it("the GM's answer names the target already applied", async () => {
    playerWith(
      vi.fn(async () => ({
        applied: [],
        skipped: [{ id: "Scene.s.Token.t1", reason: "FT.Card.alreadyApplied" }],
      })),
    );
    card().apply.click();
    await settle();
    expect(notes.info).toHaveBeenCalledWith("FT.Card.alreadyApplied", { format: { target: "Pirate 1" } });
    expect(notes.error).not.toHaveBeenCalled();
  });
});
