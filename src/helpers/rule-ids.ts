/**
 * Rule references (issue 13): the rule IDs printed in our sheets, dialog, tracker and cards (`.ft-rule`) are shown or
 * hidden by each user's own client setting `showRuleIds`. Hiding is one class on the page's body
 * (`body.ft-hide-rules .ft-rule { display: none }` in styles/frontier-tactics.css), so every rendered and every
 * future element follows it without a re-render.
 */

/** The body class that hides every rule ID. */
export const HIDE_RULES_CLASS = "ft-hide-rules";

/** Show (true) or hide (false) the rule IDs on this client's page. */
export function showRuleIds(show: boolean): void {
  document.body.classList.toggle(HIDE_RULES_CLASS, !show);
}
