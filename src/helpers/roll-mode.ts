/**
 * Issue 33: the roll mode a dialog's roll is posted in. v13 lists the modes in `CONFIG.Dice.rollModes` (client/
 * config.mjs: publicroll "CHAT.RollPublic", gmroll "CHAT.RollPrivate", blindroll "CHAT.RollBlind", selfroll
 * "CHAT.RollSelf") and posts a roll in one with `ChatMessage.applyRollMode` (client/documents/chat-message.mjs:
 * public whispers no one, private and blind whisper the GMs, blind also sets `blind`, self whispers the roller).
 * Every roll dialog offers them, the chat's own mode (the core client setting "rollMode") chosen first; a roll
 * made without a dialog (shift-click) keeps the chat's mode.
 */

/** A roll mode as v13 names them (the keys of CONFIG.Dice.rollModes). */
export type RollMode = foundry.dice.Roll.ConfiguredRollModes;

/** The chat's current roll mode (the core client setting), as v13's chat controls set it. */
export function chatRollMode(): RollMode {
  return game.settings?.get("core", "rollMode") ?? "publicroll";
}

/** A mode a dialog answered, if v13 knows it (CONFIG.Dice.rollModes); otherwise, or absent, the chat's mode. */
export function pickedRollMode(picked: unknown): RollMode {
  const modes: Record<string, unknown> = CONFIG.Dice?.rollModes ?? {};
  // The key was just found among the configured modes (what ConfiguredRollModes names).
  return typeof picked === "string" && Object.hasOwn(modes, picked) ? (picked as RollMode) : chatRollMode();
}

/** The modes as a select's choices (value → label key, localized by `selectOptions`), and the one chosen first. */
export function rollModeField(): { readonly rollModes: Record<string, string>; readonly rollMode: string } {
  const modes: Record<string, { label: string }> = CONFIG.Dice?.rollModes ?? {};
  const rollModes = Object.fromEntries(Object.entries(modes).map(([k, v]) => [k, v.label]));
  return { rollModes, rollMode: chatRollMode() };
}

/** The same select as HTML, for the prompts built from a string (DialogV2.input). */
export function rollModeSelectHTML(label: string): string {
  const { rollModes, rollMode } = rollModeField();
  const esc = foundry.utils.escapeHTML;
  const options = Object.entries(rollModes)
    .map(
      ([k, v]) =>
        `<option value="${esc(k)}"${k === rollMode ? " selected" : ""}>${esc(game.i18n?.localize(v) ?? v)}</option>`,
    )
    .join("");
  // Review-ux 2.4: the label names the select (for/id), so a screen reader (and axe's select-name) hears "Roll mode".
  const id = `ft-roll-mode-${foundry.utils.randomID()}`;
  return `<div class="form-group"><label for="${id}">${esc(label)}</label><select id="${id}" name="rollMode">${options}</select></div>`;
}
