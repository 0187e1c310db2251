/**
 * Scenario (issue 13, "Rule references"): each user shows or hides the rule IDs (`.ft-rule`) in our sheets, dialog,
 * tracker and cards with their own client setting `showRuleIds` (a client setting lives in that user's browser only;
 * v13 client/helpers/client-settings.mjs). Off puts `ft-hide-rules` on that client's `document.body`, which the
 * stylesheet turns into `display: none` for every `.ft-rule`; on removes it. Another user's page is not touched.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTable, type Table } from "../foundry/world.js";
import { ALICE_ID, closeTableAfterEach, G, GM_ID } from "./kit.js";

let table: Table;
closeTableAfterEach(() => table);

const hidden = (userId: string): boolean =>
  table.client(userId).run(() => (G().document as Document).body.classList.contains("ft-hide-rules"));

describe("scenario: rule references shown or hidden by each user's client setting (issue 13)", () => {
  it("rule IDs show by default; Alice turns them off on her client (her page hides them, the GM's does not) and on again", async () => {
    table = await createTable({ online: [GM_ID, ALICE_ID] });
    const alice = table.client(ALICE_ID);
    // Registered as a client setting the user sees in Configure Settings, on by default; the page shows rule IDs.
    alice.run(() => {
      const config = G().game.settings.settings.get("frontier-tactics.showRuleIds");
      expect(config).toMatchObject({ scope: "client", config: true, default: true, type: Boolean });
      expect(G().game.settings.get("frontier-tactics", "showRuleIds")).toBe(true);
    });
    expect(hidden(ALICE_ID)).toBe(false);
    expect(hidden(GM_ID)).toBe(false);

    await alice.run(() => G().game.settings.set("frontier-tactics", "showRuleIds", false));
    await table.settle();
    expect(hidden(ALICE_ID)).toBe(true);
    expect(hidden(GM_ID)).toBe(false);
    // A client setting is never written to the server.
    expect(table.server.log.filter((r) => JSON.stringify(r).includes("showRuleIds"))).toEqual([]);

    await alice.run(() => G().game.settings.set("frontier-tactics", "showRuleIds", true));
    await table.settle();
    expect(hidden(ALICE_ID)).toBe(false);
    expect(table.unhandled).toEqual([]);
  });

  it("the stylesheet hides every rule ID under the body class", () => {
    const css = readFileSync(new URL("../../styles/frontier-tactics.css", import.meta.url), "utf8");
    expect(css).toMatch(/body\.ft-hide-rules \.ft-rule \{\s*display: none;\s*\}/);
  });
});
