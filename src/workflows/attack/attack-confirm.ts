/**
 * The attack dialog as the attack asks for it (the `confirm` port `attackWithWeapon` fills): the application layer
 * installs it when the page starts (index.ts, at `init`: `applications/attack-dialog.ts` `AttackDialog.prompt`), so
 * no workflow imports an application (issue 29: imports point down only). Kept per page (`perPage`): each page's
 * `init` installs its own, as it registers its hooks.
 */
import { perPage } from "../../helpers/page-state.js";
import type { AttackRequest, PreparedAttack } from "./attack-plan.js";

/** Ask the user to confirm (and adjust) a prepared attack; null when they cancel. */
export type AskAttack = (
  prep: PreparedAttack,
  weaponName: string,
  unit: string,
  /** SF-X-30: the declared shots a player has left (phase-gate.ts); the dialog offers and accepts no more. */
  shotsLimit?: { readonly left: number; readonly declared: number },
) => Promise<AttackRequest | null>;

const installed = perPage<{ ask: AskAttack | null }>(() => ({ ask: null }));

/** The application layer's dialog, for this page (index.ts, at `init`). */
export function installAttackDialog(ask: AskAttack): void {
  installed().ask = ask;
}

/** Ask through the installed dialog. A page that installed none cannot ask: it is told so, and nothing is spent. */
export const askAttack: AskAttack = (prep, weaponName, unit, shotsLimit) => {
  const ask = installed().ask;
  if (!ask) return Promise.reject(new Error("Frontier Tactics | no attack dialog is installed on this page"));
  return ask(prep, weaponName, unit, shotsLimit);
};
