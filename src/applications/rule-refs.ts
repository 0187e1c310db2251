/**
 * Rule references (issue 13, review table-ux §3 and finding #8): every rule ID our apps and chat cards render
 * (`.ft-rule`, "SF-X-2x") becomes a small reference, at render time, so no template changes: a tooltip with the rule's
 * short title and source ("SF-X-2x · Burst — Star Frontiers Expanded Game combat", from lang/en.json's
 * `FT.RuleRef.title` and `FT.RuleRef.source`, which `npm run rules:index` writes from the catalog),
 * keyboard-focusable as a link, and a click or Enter opens the Rule Index page of the rules compendium at that rule.
 * The client setting `showRuleIds` still hides them all (src/helpers/rule-ids.ts).
 *
 * Foundry v13 (client source read through the code index):
 * - client/applications/api/application.mjs (id 6114990798): after `_onRender`, `_doEvent` → `#callHooks("render")`
 *   calls `render{ClassName}` for every class of the app's inheritance chain with `(app, element, context,
 *   options)`, so `renderApplicationV2` reaches every sheet, dialog and the tracker, on every (partial) render.
 * - client/documents/chat-message.mjs (id 18719148835) `renderHTML`: `Hooks.callAll("renderChatMessageHTML", this,
 *   html, messageData)` with the message's HTMLElement.
 * - client/documents/journal-entry-page.mjs (id 18167514893): `_onClickDocumentLink` opens a page at an anchor with
 *   `this.parent.sheet.render(true, {pageId: this.id, anchor})`; a heading's anchor (its TOC slug) is its `id`, else
 *   its slugified text (`_makeHeadingNode`). client/applications/sheets/journal/journal-entry-sheet.mjs
 *   (id 18962267734): `_configureRenderOptions` → `_setCurrentPage({pageId})`, then `_onRender` scrolls the page
 *   sheet's `toc[anchor].element` into view. We call the same with v13's options form, `render({force, pageId,
 *   anchor})`; the Rule Index headings carry the rule ID as their text and its lower case as their id, so either way
 *   the anchor is `sf-x-24`.
 */

/** The Rule Index journal entry and page in the rules compendium (packs/rules/rule-index.yml, written by
 * scripts/rule-refs.mjs from its own RULE_INDEX: tests/rule-refs.test.ts checks they are the same). */
export const RULE_INDEX = {
  pack: "frontier-tactics.rules",
  entryId: "ftRuleIndex00000",
  pageId: "ftRuleIndexPage0",
} as const;

/** The anchor of a rule's heading on the Rule Index page (scripts/rule-refs.mjs writes the same). */
export const ruleAnchor = (id: string): string => id.toLowerCase();

/**
 * "SF-X-2x · Burst — Star Frontiers Expanded Game combat", or null for text that is no rule we know. Issue 33: the
 * titles are in the language file, not the bundle; Foundry has loaded it before anything renders (v13 Localization,
 * client/helpers/localization.mjs, code index id 18316906911: `initialize` → `setLanguage` awaits each language
 * file, `#loadTranslationFile` `expandObject`s it — a rule ID has no dot, so it stays one key — and `has` is true
 * only for a string).
 */
export function ruleTooltip(id: string): string | null {
  const i18n = game.i18n;
  const title = `FT.RuleRef.title.${id}`;
  if (!/^[A-Z]+(?:-[A-Z])?-\d+$/.test(id) || !i18n?.has(title)) return null;
  const source = i18n.localize(`FT.RuleRef.source.${id.replace(/-\d+$/, "")}`);
  return `${id} · ${i18n.localize(title)} — ${source}`;
}

/** Open the Rule Index journal page at the rule's heading. A missing pack or entry is told, never thrown. */
export async function openRuleIndex(id: string): Promise<void> {
  try {
    const pack = game.packs?.get(RULE_INDEX.pack);
    const entry = (await pack?.getDocument(RULE_INDEX.entryId)) as
      | JournalEntry.Implementation
      | null
      | undefined;
    if (!entry) {
      ui.notifications?.warn(game.i18n?.localize("FT.RuleRef.missing") ?? "FT.RuleRef.missing");
      return;
    }
    const options = { force: true, pageId: RULE_INDEX.pageId, anchor: ruleAnchor(id) };
    // Cast: fvtt-types 13.345 gives JournalEntry#sheet the base render options, without the `pageId` and `anchor`
    // that v13's JournalEntrySheet reads in `_configureRenderOptions` / `_onRender` (journal-entry-sheet.mjs).
    await (entry.sheet as unknown as { render(o: typeof options): Promise<unknown> }).render(options);
  } catch (err) {
    ui.notifications?.error(err instanceof Error ? err.message : String(err));
  }
}

/** Make one element a reference to rule `id` (idempotent: a second render of the same element changes nothing). */
function makeReference(el: HTMLElement, id: string, tooltip: string): void {
  el.dataset.ftRule = id;
  // Plain text: v13 `TooltipManager#activate` (client/helpers/interaction/tooltip-manager.mjs, code index id
  // 8296434864) sets `textContent` from `data-tooltip-text`, while `data-tooltip` is localized when it is a key and
  // otherwise parsed as HTML (cleaned) — a title with "<", "&" or a dotted word would not show as written.
  el.dataset.tooltipText = tooltip;
  el.setAttribute("role", "link");
  el.tabIndex = 0;
  el.setAttribute("aria-label", `${tooltip}. ${game.i18n?.localize("FT.RuleRef.open") ?? ""}`.trim());
  el.addEventListener("click", (event) => {
    // Inside a <label> the click would also tick the checkbox; inside a card row it would reach the row's actions.
    event.preventDefault();
    event.stopPropagation();
    void openRuleIndex(id);
  });
  // v13 tooltips open on `pointerenter` only (`activateEventListeners`); a keyboard user focusing the reference gets
  // the same tooltip through the public `game.tooltip.activate(element)` (it reads `data-tooltip-text` and sets
  // `aria-describedby="tooltip"`), closed again on blur when it is still ours.
  el.addEventListener("focus", () => game.tooltip?.activate(el));
  el.addEventListener("blur", () => {
    if (game.tooltip?.element === el) game.tooltip.deactivate();
  });
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.stopPropagation();
    void openRuleIndex(id);
  });
}

/**
 * Turn every `.ft-rule` under `root` that holds one known rule ID into a reference. A table cell keeps its cell role:
 * its ID moves into a `span.ft-rule` inside it, which becomes the reference.
 */
export function decorateRuleRefs(root: HTMLElement): void {
  const found = [...root.querySelectorAll<HTMLElement>(".ft-rule")];
  if (root.matches?.(".ft-rule")) found.unshift(root);
  const made: { el: HTMLElement; id: string }[] = [];
  for (const el of found) {
    if (el.dataset.ftRule || el.querySelector(".ft-rule")) continue;
    const id = el.textContent?.trim() ?? "";
    const tooltip = ruleTooltip(id);
    if (!tooltip) continue;
    if (el.tagName === "TD" || el.tagName === "TH") {
      const span = el.ownerDocument.createElement("span");
      span.className = "ft-rule";
      span.textContent = id;
      el.replaceChildren(span);
      makeReference(span, id, tooltip);
      made.push({ el: span, id });
    } else {
      makeReference(el, id, tooltip);
      made.push({ el, id });
    }
  }
  quietInForms(made);
}

/**
 * References inside a form (review 13b M1). A reference inside a control's `<label>` (or a fieldset's `<legend>`)
 * would add its whole aria-label to the control's (or group's) accessible name ("Careful aim SF-X-20 · Careful aim —
 * … Opens the rule index"), and one tab stop per rule ID put about twenty stops before the attack dialog's Roll. So,
 * in a form: a reference inside a label or legend is `aria-hidden` (left out of the name) and every reference is
 * `tabindex="-1"` (still a link to a mouse and to a screen reader's browse mode). Each fieldset (else the form) that
 * holds them gets ONE keyboard stop instead, a "Rules" reference after them: shown only while focused, its tooltip
 * and name list the group's rules, Enter opens the Rule Index at the first (the index lists the rest after it).
 * Outside forms (chat cards, tracker) every reference stays a tab stop: there are few, and they label nothing.
 */
function quietInForms(refs: readonly { el: HTMLElement; id: string }[]): void {
  const groups = new Map<HTMLElement, { el: HTMLElement; id: string }[]>();
  for (const ref of refs) {
    const form = ref.el.closest("form");
    if (!form) continue;
    if (ref.el.closest("label, legend")) ref.el.setAttribute("aria-hidden", "true");
    ref.el.tabIndex = -1;
    const group = ref.el.closest<HTMLElement>("fieldset") ?? form;
    groups.set(group, [...(groups.get(group) ?? []), ref]);
  }
  for (const [group, members] of groups) {
    const last = members.at(-1)?.el;
    const first = members[0];
    const keyed = [...group.querySelectorAll(".ft-rule-key")].some(
      (k) => (k.closest("fieldset") ?? k.closest("form")) === group,
    );
    if (!first || !last || keyed) continue;
    const key = group.ownerDocument.createElement("span");
    key.className = "ft-rule ft-rule-key";
    key.textContent = game.i18n?.localize("FT.RuleRef.key") ?? "Rules";
    const ids = [...new Set(members.map((m) => m.id))];
    const titles = ids.map((id) => ruleTooltip(id) ?? id).join("; ");
    makeReference(key, first.id, `${key.textContent}: ${titles}`);
    key.setAttribute(
      "aria-label",
      `${key.textContent}: ${ids.join(", ")}. ${game.i18n?.format("FT.RuleRef.openAt", { id: first.id }) ?? ""}`.trim(),
    );
    if (group.tagName === "FIELDSET") group.append(key);
    else (last.closest(".form-group") ?? last.closest("label") ?? last).after(key);
  }
}

/** Decorate every app and chat message as it renders (call at load, before anything renders). */
export function registerRuleRefs(): void {
  Hooks.on("renderApplicationV2", (_app: unknown, element: HTMLElement) => decorateRuleRefs(element));
  Hooks.on("renderChatMessageHTML", (_message: unknown, html: HTMLElement) => decorateRuleRefs(html));
}
