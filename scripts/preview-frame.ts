/**
 * The page a preview is rendered in: a stand-in for Foundry v13's window, sidebar and chat log around our real
 * templates and CSS. Foundry's stylesheet is not ours to ship, so the frame models only what our screens sit on:
 * the v13 colour palette and the theme variables our CSS and the frame use, with the values of Foundry v13
 * (build 351) `public/css/foundry2.css`:
 * - palette: `@layer variables` `body { --color-warm-1 … --color-dark-6 }`;
 * - dark theme: `.mixin-theme-dark-variables` / `body.theme-dark` (text `--color-light-2`, windows
 *   `--background: var(--color-cool-5-90)`, inputs `--color-cool-4` / `--color-light-3`, buttons);
 * - light theme: `.mixin-theme-light-variables`, `.mixin-theme-light-application` (windows and the sidebar on
 *   `ui/parchment.jpg`), `.mixin-theme-light-forms` (inputs and buttons);
 * - chat: `.chat-message` (parchment, `--color-dark-1` text, 2px `#6f6c66` border), and the chat log is ALWAYS
 *   light: `templates/sidebar/tabs/chat/log.hbs` renders `<ol class="chat-log plain themed theme-light">`
 *   whatever the interface theme.
 * The parchment texture is not shipped: it is drawn as one flat colour, its 5th-percentile luminance
 * (#d5d3c6; the texture's mean is #dad8cd), so contrast measured here is no better than on the darkest
 * patches of the real texture. Font Awesome Free and Signika are loaded from node_modules.
 */
import { pathToFileURL } from "node:url";

/** Where a screen lives in Foundry: a window (sheet, dialog, settings), the sidebar (tracker) or the chat log. */
export type PreviewKind = "app" | "sidebar" | "chat";

const PARCHMENT = "#d5d3c6";

/** Foundry v13's palette (foundry2.css `@layer variables`, `body { … }`). */
const PALETTE = `
  --color-warm-1: #ee9b3a; --color-warm-2: #c9593f; --color-warm-3: #5d142b;
  --color-cool-3: #584a75; --color-cool-4: #302831; --color-cool-5: #0b0a13;
  --color-cool-5-50: rgba(11, 10, 19, 0.5); --color-cool-5-90: rgba(11, 10, 19, 0.9);
  --color-light-1: #f7f3e8; --color-light-2: #efe6d8; --color-light-3: #e7d1b1; --color-light-4: #d0b8a3;
  --color-light-5: #9f8475; --color-light-6: #816b66;
  --color-dark-1: #111; --color-dark-2: #222; --color-dark-3: #333; --color-dark-4: #444; --color-dark-5: #555;
  --color-dark-6: #666;
  --font-body: "Signika", "Palatino Linotype", sans-serif;`;

/** The theme variables the frame uses, per theme (foundry2.css `@layer variables.themes`). */
const THEME_VARS = {
  dark: `
  --color-text-emphatic: var(--color-light-1); --color-text-primary: var(--color-light-2);
  --color-text-secondary: var(--color-light-3); --color-text-subtle: var(--color-light-5);
  --sidebar-background: var(--color-cool-5-90);
  --background: var(--color-cool-5-90); --color-header-background: rgba(0, 0, 0, 0.5);
  --color-border: var(--color-cool-4); --color-form-label: var(--color-light-4); --color-form-hint: var(--color-light-5);
  --input-background-color: var(--color-cool-4); --input-border-color: transparent;
  --input-text-color: var(--color-light-3);
  --button-background-color: var(--color-cool-5-50); --button-border-color: var(--color-light-5);
  --button-text-color: var(--color-light-3);`,
  light: `
  --color-text-emphatic: var(--color-dark-1); --color-text-primary: var(--color-dark-2);
  --color-text-secondary: var(--color-dark-3); --color-text-subtle: var(--color-dark-5);
  --sidebar-background: ${PARCHMENT};
  --background: ${PARCHMENT}; --color-header-background: var(--color-dark-3);
  --color-border: var(--color-cool-4); --color-form-label: var(--color-dark-2); --color-form-hint: var(--color-dark-4);
  --input-background-color: rgba(0, 0, 0, 0.1); --input-border-color: var(--color-dark-6);
  --input-text-color: var(--color-dark-2);
  --button-background-color: rgba(0, 0, 0, 0.1); --button-border-color: var(--color-dark-5);
  --button-text-color: var(--color-dark-1);`,
};

const moduleUrl = (root: string, rel: string) => pathToFileURL(`${root}/node_modules/${rel}`).href;

/** Stylesheets for Font Awesome Free and Signika, from the project's node_modules. */
function fontLinks(root: string): string {
  return [
    "@fortawesome/fontawesome-free/css/all.min.css",
    "@fontsource/signika/latin-400.css",
    "@fontsource/signika/latin-600.css",
    "@fontsource/signika/latin-700.css",
  ]
    .map((rel) => `<link rel="stylesheet" href="${moduleUrl(root, rel)}">`)
    .join("\n");
}

/** Where a preview of these templates lives in Foundry. */
export function kindOf(templates: string[], classes: string): PreviewKind {
  if (templates.some((t) => t.startsWith("chat/"))) return "chat";
  if (templates.includes("apps/tracker.hbs") && !classes.includes("frontier-tactics")) return "sidebar";
  return "app";
}

export const frame = (
  css: string,
  theme: "light" | "dark",
  width: number,
  title: string,
  body: string,
  extraClass: string,
  kind: PreviewKind = "app",
  root = "",
) => {
  const content =
    kind === "chat"
      ? `<section id="chat" class="sidebar-tab" style="width:${width}px" aria-label="Chat log">
<ol class="chat-log plain themed theme-light"><li class="chat-message message flexcol">${body}</li></ol></section>`
      : kind === "sidebar"
        ? `<section id="sidebar" class="sidebar-tab ${extraClass}" style="width:${width}px" aria-label="${title}">${body}</section>`
        : // Our windows are forms, as in v13 (DocumentSheetV2 and our dialog and menus have `tag: "form"`).
          `<form class="application app ${extraClass} theme-${theme}" style="width:${width}px" role="dialog" aria-label="${title}">
<header class="window-header"><h1 class="window-title">${title}</h1></header>
<section class="window-content">${body}</section></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
${root ? fontLinks(root) : ""}
<style>
@layer foundry-standin, frontier-tactics;
@layer foundry-standin {
  body { ${PALETTE} }
  body.theme-dark, .theme-dark { ${THEME_VARS.dark} }
  body.theme-light, .theme-light, .themed.theme-light { ${THEME_VARS.light} }
  body { margin: 0; padding: 16px; font-family: var(--font-body); font-size: 14px; color: var(--color-text-primary);
         background: ${theme === "dark" ? "#2b2b2b" : "#8a8a80"}; }
  .application { border-radius: 6px; overflow: hidden; box-shadow: 0 0 10px #000; background: var(--background);
                 color: var(--color-text-primary); border: 1px solid var(--color-border); }
  .application > .window-header { padding: 0 0.5rem; background: var(--color-header-background); color: var(--color-light-1); border-bottom: 1px solid var(--color-border); }
  .window-title { margin: 0; font-size: 13px; font-weight: 400; line-height: 36px; border: none; color: var(--color-light-1); }
  .window-content { display: flex; flex-direction: column; padding: 1rem; }
  #sidebar { background: var(--sidebar-background); color: var(--color-text-primary); padding: 6px; border-radius: 6px; }
  #chat { padding: 0; }
  .chat-log { list-style: none; margin: 0; padding: 0; color: var(--color-text-primary); }
  .chat-message { margin: 6px 0; padding: 8px; font-size: 14px; color: var(--color-dark-1); background: ${PARCHMENT};
                  border: 2px solid #6f6c66; border-radius: 6px; }
  input, select, textarea { font: inherit; background: var(--input-background-color); color: var(--input-text-color);
                            border: 1px solid var(--input-border-color); border-radius: 4px; padding: 0 0.25rem; min-height: 1.6rem; }
  button, a.button { font: inherit; display: inline-flex; align-items: center; justify-content: center; gap: 0.25rem;
           background: var(--button-background-color); color: var(--button-text-color);
           border: 1px solid var(--button-border-color); border-radius: 4px; padding: 0 0.5rem; min-height: 1.75rem; cursor: pointer; }
  button[disabled] { opacity: 1; cursor: default; }
  a { color: inherit; cursor: pointer; } h1, h2, h3 { font-family: inherit; }
  ol, ul { padding-left: 0; }
  .combatant { display: flex; gap: 6px; align-items: center; padding: 3px 6px; list-style: none; }
  .combatant .token-image { width: 28px; height: 28px; border: none; } .combatant .token-name { flex: 1; }
  .combatant-controls { display: flex; gap: 2px; }
  .combatant.active { background: rgba(255, 255, 255, 0.1); }
  .inline-control { background: none; border: none; min-height: 0; padding: 0 0.2rem; }
  /* Issue 33: stand-ins (not v13's stylesheet) for what the harness screens sit on — a DialogV2's standard form
     (label and field side by side, the buttons in a row at the foot) and the context menu v13's ContextMenu#render
     builds (nav#context-menu > menu.context-items > li.context-item: icon, name), drawn dark as core draws it. */
  .standard-form { display: flex; flex-direction: column; gap: 0.5rem; }
  .form-group { display: flex; align-items: center; gap: 0.5rem; } .form-group > label { flex: 2; }
  .form-group > select, .form-group > input { flex: 3; }
  .form-footer { display: flex; gap: 0.5rem; margin-top: 0.75rem; } .form-footer > button { flex: 1; }
  #context-menu { margin: 4px 0; background: #0b0a13; color: #efe6d8; border: 1px solid #302831;
                  border-radius: 5px; box-shadow: 0 0 10px #000; font-size: 14px; }
  #context-menu menu { list-style: none; margin: 0; padding: 0; }
  #context-menu .context-item { display: flex; gap: 0.5rem; align-items: center; padding: 0.25rem 0.5rem; line-height: 1.5; }
}
  ${css}
</style></head><body class="theme-${theme}">
${content}
</body></html>`;
};
