/**
 * Turns axe-core's results for each previewed screen into the report `npm run previews` writes
 * (`.screenshots-tmp/axe-report.md`) and the verdict it exits with. Pure: no browser, no files.
 */

export type Impact = "minor" | "moderate" | "serious" | "critical";
export const IMPACTS: Impact[] = ["critical", "serious", "moderate", "minor"];

/** What the report keeps of one failing element (axe's node result, trimmed). */
export interface AxeNode {
  target: string[];
  html?: string;
  failureSummary?: string;
  /** For color-contrast: axe's check data. */
  contrast?: {
    fgColor: string;
    bgColor: string;
    contrastRatio: number;
    expectedContrastRatio: string;
    fontSize: string;
    fontWeight: string;
  };
}

export interface AxeViolation {
  id: string;
  impact: Impact | null;
  help: string;
  helpUrl?: string;
  nodes: AxeNode[];
}

export interface ScreenResult {
  name: string;
  theme: string;
  violations: AxeViolation[];
  /** How many elements axe could not decide on (e.g. contrast over an image), by rule. */
  incomplete: Record<string, number>;
}

export interface Counts {
  critical: number;
  serious: number;
  moderate: number;
  minor: number;
}

const zero = (): Counts => ({ critical: 0, serious: 0, moderate: 0, minor: 0 });

/** Failing elements per impact on one screen (a violation counts once per element it names). */
export function countByImpact(violations: AxeViolation[]): Counts {
  const c = zero();
  for (const v of violations) c[v.impact ?? "minor"] += v.nodes.length;
  return c;
}

/** Failing elements per impact over every screen. */
export function totals(screens: ScreenResult[]): Counts {
  const t = zero();
  for (const s of screens) {
    const c = countByImpact(s.violations);
    for (const k of IMPACTS) t[k] += c[k];
  }
  return t;
}

/** True when some screen has a serious or critical violation: `npm run previews` then exits non-zero. */
export const failsAA = (screens: ScreenResult[]): boolean => {
  const t = totals(screens);
  return t.critical + t.serious > 0;
};

const rank = (i: Impact | null) => IMPACTS.indexOf(i ?? "minor");

/** One line for a failing element: its selector, and for contrast the colours and the ratio it reached. */
export function nodeLine(n: AxeNode): string {
  const where = `\`${n.target.join(" ")}\``;
  if (!n.contrast) return `${where}${n.failureSummary ? `: ${firstFix(n.failureSummary)}` : ""}`;
  const c = n.contrast;
  return `${where}: ${c.fgColor} on ${c.bgColor} = ${c.contrastRatio}:1 (needs ${c.expectedContrastRatio}; ${c.fontSize} ${c.fontWeight})`;
}

function firstFix(summary: string): string {
  const lines = summary
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => !l.startsWith("Fix")) ?? lines[0] ?? "";
}

/** The readable report: totals, then per screen its violations by impact, rule and element. */
export function markdownReport(screens: ScreenResult[]): string {
  const t = totals(screens);
  const out = [
    "# Accessibility report (axe-core, WCAG 2.x A and AA)",
    "",
    `${screens.length} screens. Failing elements: critical ${t.critical}, serious ${t.serious}, moderate ${t.moderate}, minor ${t.minor}.`,
    failsAA(screens)
      ? "**Not AA: serious or critical violations below.**"
      : "No serious or critical violation.",
    "",
  ];
  for (const s of screens) {
    const c = countByImpact(s.violations);
    const needReview = Object.entries(s.incomplete)
      .map(([rule, n]) => `${rule} ${n}`)
      .join(", ");
    out.push(
      `## ${s.name} (${s.theme})`,
      "",
      s.violations.length
        ? `critical ${c.critical}, serious ${c.serious}, moderate ${c.moderate}, minor ${c.minor}`
        : "No violation.",
    );
    if (needReview) out.push(`Needs review (axe could not decide): ${needReview}`);
    out.push("");
    for (const v of [...s.violations].sort(
      (a, b) => rank(a.impact) - rank(b.impact) || a.id.localeCompare(b.id),
    )) {
      out.push(`- **${v.impact ?? "minor"}** \`${v.id}\`: ${v.help} (${v.nodes.length})`);
      for (const n of v.nodes) out.push(`  - ${nodeLine(n)}`);
    }
    if (s.violations.length) out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
