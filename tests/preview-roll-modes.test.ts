/**
 * Review-ux 3.4: every preview of the attack dialog draws the roll-mode select the real dialog has (four v13 modes,
 * the chat's chosen), so the screenshots show the real footer rather than an empty select.
 */
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { PREVIEWS } from "./fixtures/previews.js";
import { createEnv, render } from "./handlebars-env.js";

describe("preview fixtures", () => {
  it("issue 33: each attack-dialog preview's footer offers the four roll modes, public chosen", () => {
    const env = createEnv();
    const dialogs = PREVIEWS.filter((p) => p.templates.includes("apps/attack-dialog-footer.hbs"));
    expect(dialogs.length).toBeGreaterThan(0);
    const doc = new Window().document;
    for (const p of dialogs) {
      const el = doc.createElement("div");
      el.innerHTML = render(env, "apps/attack-dialog-footer.hbs", p.context);
      const select = el.querySelector("select[name=rollMode]");
      expect(
        [...(select?.querySelectorAll("option") ?? [])].map((o) => [o.getAttribute("value"), o.textContent]),
        p.name,
      ).toEqual([
        ["publicroll", "Public Roll"],
        ["gmroll", "Private GM Roll"],
        ["blindroll", "Blind GM Roll"],
        ["selfroll", "Self Roll"],
      ]);
      expect(select?.querySelector("option[selected]")?.getAttribute("value"), p.name).toBe("publicroll");
    }
  });
});
