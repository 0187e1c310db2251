/**
 * What Star Wars d20 registers at `init` (src/games/init.ts), in every world: the active GM's side of a coup de grace
 * (SW-33, issue 31; gm-request.ts), loaded when first asked. Kept apart from the table (index.ts), as SWN's is.
 */
import { registerGMRequest } from "../../helpers/gm-request.js";

export function initD20(): void {
  registerGMRequest("coupDeGrace", async (body, user) =>
    (await import("./workflows/coup-de-grace.js")).handleCoupDeGrace(body, user),
  );
}
