/** Handlebars helpers used by our templates (registered in `init`; the template check registers the same). */
export const HELPERS: Record<string, (...args: unknown[]) => unknown> = {
  /** Signed number: +10, −20, 0. */
  ftSigned: (v: unknown) => {
    const n = Number(v);
    if (!Number.isFinite(n)) return "";
    return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
  },
  ftEq: (a: unknown, b: unknown) => a === b,
  ftOr: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
  ftAnd: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
  ftDash: (v: unknown) => (v === null || v === undefined || v === "" ? "—" : v),
  ftPct: (v: unknown) => `${Number(v)}%`,
  /** Localize with placeholders: {{ftFormat "FT.Cover.reasonHard" data}}. */
  ftFormat: (key: unknown, data: unknown) =>
    game.i18n?.format(
      String(key),
      (data && typeof data === "object" ? data : {}) as Record<string, string>,
    ) ?? String(key),
};

export function registerHelpers(hb: {
  registerHelper(name: string, fn: (...args: unknown[]) => unknown): void;
}): void {
  for (const [name, fn] of Object.entries(HELPERS)) hb.registerHelper(name, fn);
}
