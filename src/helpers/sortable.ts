/**
 * Sortable tables in the rules journal (`<table class="ft-sortable">`): click a header to sort by that column,
 * again to reverse. Numbers sort as numbers ("1d10/SEU" and "n/s" sort as text after them).
 */

/** Compare cell texts: leading numbers numerically, the rest as text; empty and "n/s" last. */
export function compareCells(a: string, b: string): number {
  const last = (s: string) => s === "" || s === "—" || s === "n/s";
  if (last(a) !== last(b)) return last(a) ? 1 : -1;
  const na = Number.parseFloat(
    a
      .replace(/[^\d.-]/g, " ")
      .trim()
      .split(" ")[0] ?? "",
  );
  const nb = Number.parseFloat(
    b
      .replace(/[^\d.-]/g, " ")
      .trim()
      .split(" ")[0] ?? "",
  );
  const numA = /^[\d.-]/.test(a) && Number.isFinite(na);
  const numB = /^[\d.-]/.test(b) && Number.isFinite(nb);
  if (numA && numB && na !== nb) return na - nb;
  if (numA !== numB) return numA ? -1 : 1;
  return a.localeCompare(b);
}

/** Sort rows (arrays of cell texts) by column; stable. */
export function sortRows<T extends { cells: readonly string[] }>(
  rows: readonly T[],
  column: number,
  descending: boolean,
): T[] {
  return rows
    .map((r, i) => ({ r, i }))
    .sort((x, y) => {
      const c = compareCells(x.r.cells[column] ?? "", y.r.cells[column] ?? "");
      return (descending ? -c : c) || x.i - y.i;
    })
    .map((x) => x.r);
}

/** One delegated listener for every sortable table the system's journal pages render. */
export function enableSortableTables(root: Document): void {
  root.addEventListener("click", (event) => {
    const th = (event.target as HTMLElement | null)?.closest?.(
      "table.ft-sortable thead th",
    ) as HTMLTableCellElement | null;
    const table = th?.closest("table");
    const body = table?.tBodies[0];
    if (!th || !table || !body) return;
    const column = th.cellIndex;
    const descending = table.dataset.sortColumn === String(column) && table.dataset.sortDir !== "desc";
    const rows = [...body.rows].map((tr) => ({
      tr,
      cells: [...tr.cells].map((c) => c.textContent?.trim() ?? ""),
    }));
    for (const r of sortRows(rows, column, descending)) body.appendChild(r.tr);
    table.dataset.sortColumn = String(column);
    table.dataset.sortDir = descending ? "desc" : "asc";
  });
}
