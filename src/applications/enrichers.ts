/**
 * Issue 33: inline enrichers in journals and item text (table-ux-2 §4), rendered as buttons that roll:
 * `@Check[str -10]`, `@Check[skill="Beam Weapons" shifts=-1 required=green]`, `@Attack[Actor.….Item.…]` or
 * `@Attack[Laser Pistol]`, `@Damage[2d10]`, `@Rule[SW-21]`, each with an optional `{label}`.
 *
 * Foundry v13 client/applications/ux/text-editor.mjs (code index id 18869245221): `enrichHTML` runs every
 * `CONFIG.TextEditor.enrichers` entry (`{pattern, enricher, replaceParent, id, onRender}`) over the content's text
 * nodes (`_applyCustomEnrichers` → `_replaceTextContent`: each match, last first, is replaced by the element the
 * `enricher(match, options)` promise gives, or left as text for null); core binds its own inline rolls and content
 * links once, with one `click` listener on `document.body` (`TextEditor.activateListeners`), and so do we: an `id` and
 * `onRender` would wrap each button in an `<enriched-content>` element for a per-element callback we do not need.
 *
 * Only the pattern and two small listeners are in the main module: the enricher (enricher-html.ts) and what a click
 * runs load when first needed. The enricher runs on each reader's page, so each button is in the reader's language.
 */
/** `@Check[…]`, `@Attack[…]`, `@Damage[…]`, `@Rule[…]`, each with an optional `{label}`. */
const ENRICHER_PATTERN = /@(Check|Attack|Damage|Rule)\[([^\]]+)\](?:\{([^}]+)\})?/g;

const lazy = () => import("./enricher-html.js");

/** Register the enricher (at `init`) and its click and key listeners (at `ready`, when the page's body exists). */
export function registerEnrichers(): void {
  CONFIG.TextEditor.enrichers.push({
    pattern: ENRICHER_PATTERN,
    enricher: async (match, options) => (await lazy()).enrich(match, options),
  });
  Hooks.once("ready", () => {
    const act = (event: Event) => {
      const el = (event.target as Element | null)?.closest?.<HTMLElement>("a.ft-enricher[data-ft-enricher]");
      if (!el) return;
      const key = event.type === "keydown" ? (event as KeyboardEvent).key : null;
      if (key !== null && key !== "Enter" && key !== " ") return;
      event.preventDefault();
      event.stopPropagation();
      void lazy().then((m) => m.onEnricherClick(el, event));
    };
    document.body.addEventListener("click", act);
    document.body.addEventListener("keydown", act);
  });
}
