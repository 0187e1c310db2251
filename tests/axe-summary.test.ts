import { describe, expect, it } from "vitest";
import {
  countByImpact,
  failsAA,
  markdownReport,
  nodeLine,
  type ScreenResult,
  totals,
} from "../scripts/axe-summary.js";

const contrastNode = {
  target: [".ft-stamina", ".ft-bar-text"],
  contrast: {
    fgColor: "#ffffff",
    bgColor: "#a1a6aa",
    contrastRatio: 2.45,
    expectedContrastRatio: "4.5:1",
    fontSize: "10.5pt (14px)",
    fontWeight: "bold",
  },
};
const SCREENS: ScreenResult[] = [
  {
    name: "sheet-light",
    theme: "light",
    violations: [
      {
        id: "label",
        impact: "critical",
        help: "Form elements must have labels",
        nodes: [{ target: ["input.a"] }, { target: ["input.b"] }],
      },
      {
        id: "color-contrast",
        impact: "serious",
        help: "Elements must meet minimum color contrast ratio thresholds",
        nodes: [contrastNode],
      },
    ],
    incomplete: { "color-contrast": 3 },
  },
  {
    name: "card-dark",
    theme: "dark",
    violations: [{ id: "region", impact: "moderate", help: "Landmarks", nodes: [{ target: ["p"] }] }],
    incomplete: {},
  },
];

describe("the axe report summariser (npm run previews)", () => {
  it("counts failing elements per impact, per screen and over all screens", () => {
    expect(countByImpact(SCREENS[0]!.violations)).toEqual({ critical: 2, serious: 1, moderate: 0, minor: 0 });
    expect(totals(SCREENS)).toEqual({ critical: 2, serious: 1, moderate: 1, minor: 0 });
  });

  it("fails only on serious or critical violations", () => {
    expect(failsAA(SCREENS)).toBe(true);
    expect(failsAA([SCREENS[1]!])).toBe(false);
    expect(failsAA([])).toBe(false);
  });

  it("writes a contrast failure with its colours, ratio and the ratio it needs", () => {
    expect(nodeLine(contrastNode)).toBe(
      "`.ft-stamina .ft-bar-text`: #ffffff on #a1a6aa = 2.45:1 (needs 4.5:1; 10.5pt (14px) bold)",
    );
  });

  it("lists each screen, worst impact first, and what axe could not decide", () => {
    const md = markdownReport(SCREENS);
    expect(md).toContain("2 screens. Failing elements: critical 2, serious 1, moderate 1, minor 0.");
    expect(md).toContain("**Not AA: serious or critical violations below.**");
    expect(md).toContain("Needs review (axe could not decide): color-contrast 3");
    const sheet = md.slice(md.indexOf("## sheet-light"), md.indexOf("## card-dark"));
    expect(sheet.indexOf("`label`")).toBeLessThan(sheet.indexOf("`color-contrast`"));
    expect(sheet).toContain(
      "- **critical** `label`: Form elements must have labels (2)\n  - `input.a`\n  - `input.b`",
    );
    expect(markdownReport([SCREENS[1]!])).toContain("No serious or critical violation.");
  });
});
