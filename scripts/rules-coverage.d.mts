/** Types of `rules-coverage.mjs` for the tests that import it. */
export interface CatalogRule {
  readonly id: string;
  readonly level: string;
  readonly text: string;
}
export interface RuleCoverage extends CatalogRule {
  /** Source files under `src/` that name the rule. */
  readonly wired: string[];
  /** `file: title` of every scenario test that plays it. */
  readonly scenarios: string[];
}
export function catalogRules(markdown: string): CatalogRule[];
/** Every catalog row (A, S and G) with the section heading it sits under. */
export function catalogRows(markdown: string): (CatalogRule & { readonly section: string })[];
/** The text of docs/rules-index.md as the catalog and the code make it now. */
export function rulesIndex(root?: string): string;
export function scenarioTitles(source: string): { title: string; ids: string[] }[];
export function rulesCoverage(root?: string): RuleCoverageParts[];
/** `file: title` names; `parts` from docs/rule-plays.md with what is wrong with each (null: played). */
export interface RulePart {
  readonly part: string;
  readonly file: string | null;
  readonly title: string | null;
}
export interface RuleCoverageParts extends RuleCoverage {
  readonly parts: (RulePart & { readonly problem: string | null })[];
  readonly status: "played" | "partly" | "not played";
}
export function rulePlays(markdown: string): Map<string, RulePart[]>;
export function scenarioTests(source: string): { title: string; ids: string[]; body: string }[];
