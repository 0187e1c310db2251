/**
 * The small chat card an action posts (a special attack, a run, an SWN action, a Morale change, overwatch, a squad's
 * healing): a title with its rule ID, then its lines. Every line's HTML is escaped by its caller.
 */

/** One paragraph of a rule card: its HTML and its class (a roll line unless given). */
export interface CardLine {
  readonly html: string;
  readonly cls?: string;
}

/** The card's HTML: `kind` is its extra class (`ft-special-card`, `ft-morale-card` …). */
export function ruleCardHtml(
  kind: string,
  titleHtml: string,
  ruleId: string,
  lines: readonly CardLine[],
): string {
  const body = lines.map((l) => `<p class="${l.cls ?? "ft-roll-line"}">${l.html}</p>`).join("");
  return `<div class="ft-card ${kind}"><header class="ft-card-header"><h3>${titleHtml} <span class="ft-rule">${ruleId}</span></h3></header>${body}</div>`;
}
