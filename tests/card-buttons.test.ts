// @vitest-environment happy-dom
/**
 * The attack card's buttons in a DOM, clicked by a player: what reaches the user when the request to the GM fails.
 * The click listener is a DOM listener, so a rejection would only reach the console; each failure must become a
 * notification and the button must come back. Fakes: `game.user`/`game.users.activeGM` (v13 `User#query`),
 * `game.messages`, `ui.notifications`.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GrenadeCard } from "../src/applications/card-context.js";
import { renderCard } from "../src/workflows/attack.js";
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

describe("The attack's scene, not the one being viewed", () => {
  const grenade: GrenadeCard = {
    landing: { x: 300, y: 400 },
    bounced: false,
    stoppedByWall: false,
    direction: null,
    d10: null,
    caught: [],
    ring: [],
    radius: 3,
  };
  const grenadeMessage = { ...message, system: { card: { ...BURST_CARD, grenade } } };
  const scenes = {
    s: { id: "s", name: "Deck 3", grid: { units: "m" }, createEmbeddedDocuments: vi.fn() },
    other: { id: "other", name: "Bridge", grid: { units: "ft" }, createEmbeddedDocuments: vi.fn() },
  };

  function gmViewing(id: "s" | "other") {
    Object.assign(game as object, {
      user: { id: "gm", isGM: true },
      scenes: { get: (sid: string) => scenes[sid as "s" | "other"] },
      release: { generation: 13 },
    });
    (globalThis as Record<string, unknown>).canvas = { scene: scenes[id] };
  }

  it("SF-X-43 the blast area is placed only on the grenade's scene; a GM looking elsewhere is told which", async () => {
    gmViewing("other");
    const html = document.createElement("div");
    html.innerHTML = `<button type="button" data-ft-action="place">Place</button>`;
    bindAttackCard(grenadeMessage as never, html);
    html.querySelector<HTMLButtonElement>("button")!.click();
    await settle();
    expect(notes.warn).toHaveBeenCalledWith("FT.Card.placeOtherScene", { format: { scene: "Deck 3" } });
    expect(scenes.other.createEmbeddedDocuments).not.toHaveBeenCalled();

    gmViewing("s");
    html.querySelector<HTMLButtonElement>("button")!.click();
    await settle();
    expect(scenes.s.createEmbeddedDocuments).toHaveBeenCalledWith("MeasuredTemplate", [
      expect.objectContaining({ t: "circle", x: 300, y: 400, distance: 3 }),
    ]);
  });

  it("SF-X-15 the card's distances carry the attack scene's units, whatever the renderer views", async () => {
    gmViewing("other");
    let view: { targets: { distanceText: string }[] } | null = null;
    (globalThis as Record<string, unknown>).fromUuid = async () => ({ name: "Eusyl" });
    (globalThis as Record<string, unknown>).foundry = {
      applications: {
        handlebars: {
          renderTemplate: async (_path: string, ctx: typeof view) => {
            view = ctx;
            return "";
          },
        },
      },
    };
    await renderCard(BURST_CARD);
    expect(view!.targets.map((t) => t.distanceText)).toEqual(["12 m", "14 m", "13 m"]);
    await renderCard({ ...BURST_CARD, rangeUnit: "squares" });
    expect(view!.targets[0]!.distanceText).toBe("12 □");
  });
});
