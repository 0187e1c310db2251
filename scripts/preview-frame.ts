/**
 * The page a preview is rendered in: a stand-in for Foundry's window frame (its stylesheet is not available outside
 * Foundry) around our real templates and CSS, and the headless Chromium screenshot of it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

export const frame = (
  css: string,
  theme: string,
  width: number,
  title: string,
  body: string,
  extraClass: string,
) => `<!doctype html>
<html><head><meta charset="utf-8"><style>
@layer foundry-standin, frontier-tactics;
@layer foundry-standin {
  body { margin: 0; padding: 16px; background: ${theme === "dark" ? "#23262d" : "#cfc9bb"}; font-family: Signika, "Segoe UI", sans-serif; font-size: 14px; }
  .app { width: ${width}px; border-radius: 6px; overflow: hidden; box-shadow: 0 0 12px rgba(0,0,0,.6);
         background: ${theme === "dark" ? "#1b1e24" : "#ece8df"}; color: ${theme === "dark" ? "#e8ecf1" : "#1b1d21"}; }
  .app > header.window-header { padding: 6px 10px; background: ${theme === "dark" ? "#0e1014" : "#5b4f3f"}; color: #f0ede6; font-weight: 700; }
  .window-content { display: flex; flex-direction: column; padding: 8px 12px; }
  input, select, button { font: inherit; color: inherit; background: ${theme === "dark" ? "#2a2f38" : "#fffdf7"}; border: 1px solid #8888; border-radius: 3px; padding: 2px 4px; }
  button { cursor: pointer; } a { color: inherit; cursor: pointer; } h1,h2,h3 { font-family: inherit; }
  ol, ul { padding-left: 0; } .combatant { display: flex; gap: 6px; align-items: center; padding: 3px 6px; list-style: none; }
  .combatant .token-image { width: 28px; height: 28px; border: none; } .combatant .token-name { flex: 1; } .combatant-controls { display: flex; gap: 2px; }
  .combatant.active { background: rgba(224,161,0,.25); }
  .inline-control { background: none; border: none; width: 1.4rem; } .inline-control::before { content: "▸"; }
  .fa-caret-left::before { content: "◂"; } .fa-bullhorn::before { content: "📣" !important; }
  .fa-eye-slash::before { content: "◌" !important; } .fa-skull::before { content: "☠" !important; } .fa-arrows-to-eye::before { content: "◎" !important; } .fa-solid:not(.inline-control)::before { content: ""; }
  .chat-message { width: 300px; padding: 6px; margin: 8px 0; border-radius: 4px; background: ${theme === "dark" ? "#2b2f37" : "#f4f1ea"}; border: 1px solid #8886; }
}
  ${css}
</style></head><body class="theme-${theme}"><div class="app ${extraClass} theme-${theme}"><header class="window-header">${title}</header>
<div class="window-content">${body}</div></div></body></html>`;

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

/** Screenshot `file` into `png` with headless Chromium when installed; returns what was written. */
export function screenshot(file: string, png: string, width: number, height: number): string {
  if (!CHROMIUM) return `${file} (no chromium: HTML only)`;
  execFileSync(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--hide-scrollbars",
      `--user-data-dir=${join(dirname(file), ".chrome")}`,
      `--window-size=${width + 40},${height}`,
      `--screenshot=${png}`,
      `file://${file}`,
    ],
    { stdio: "ignore" },
  );
  return png;
}
