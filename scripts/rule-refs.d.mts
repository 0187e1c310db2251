/** Types of `rule-refs.mjs` for the tests that import it. */
export interface RuleRef {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  readonly level: string;
  readonly text: string;
}
export const RULE_INDEX: { readonly pack: string; readonly entryId: string; readonly pageId: string };
export function levelText(level: string): string;
export function shortTitle(text: string): string;
export function sourceOf(section: string): string;
export function ruleRefs(root: string): RuleRef[];
export function anchorOf(id: string): string;
/** The IDs matching `re` that the code (src/, not tests) names, sorted. */
export function namedIds(root: string, re: RegExp): string[];
/** The text of lang/en.json with its FT.RuleRef source and titles written from the catalog, the rest kept. */
export function withRuleTitles(root: string, text: string): string;
export function ruleIndexHtml(root: string): string;
/** The text of packs/rules/rule-index.yml as the catalog makes it now. */
export function ruleIndexJournal(root: string): string;
