/** The benchmark table: one row per scenario, printed and written to docs/benchmarks.md (pure). */

export interface ResultRow {
  scenario: string;
  work: string;
  throughput: string;
  p50?: number;
  p95?: number;
  p99?: number;
  /** "process: N MB" pairs. */
  peakRss: string;
  baseline: string;
  ratio: string;
  target: string;
  pass: boolean | null;
}

const HEADERS = [
  "scenario",
  "work",
  "throughput",
  "p50 ms",
  "p95 ms",
  "p99 ms",
  "peak RSS",
  "baseline (same run)",
  "ratio",
  "target",
  "pass",
];

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "" : value < 10 ? value.toFixed(1) : String(Math.round(value));

export function rowCells(row: ResultRow): string[] {
  return [
    row.scenario,
    row.work,
    row.throughput,
    ms(row.p50),
    ms(row.p95),
    ms(row.p99),
    row.peakRss,
    row.baseline,
    row.ratio,
    row.target,
    row.pass === null ? "n/a" : row.pass ? "pass" : "FAIL",
  ];
}

export function markdownTable(rows: ResultRow[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, "\\|");
  return [
    `| ${HEADERS.join(" | ")} |`,
    `|${HEADERS.map(() => "---").join("|")}|`,
    ...rows.map((row) => `| ${rowCells(row).map(escape).join(" | ")} |`),
  ].join("\n");
}

/** Fixed-width text table for the terminal. */
export function textTable(rows: ResultRow[]): string {
  const cells = [HEADERS, ...rows.map(rowCells)];
  const widths = HEADERS.map((_, column) => Math.max(...cells.map((line) => line[column].length)));
  return cells
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** 1234.5 → "1,235"; small rates keep one decimal. */
export function formatRate(perSecond: number, unit: string): string {
  const value = perSecond >= 100 ? Math.round(perSecond).toLocaleString("en-US") : perSecond.toFixed(1);
  return `${value} ${unit}/s`;
}

export const formatRatio = (value: number) => (Number.isFinite(value) ? `${value >= 10 ? value.toFixed(0) : value.toFixed(2)}x` : "");
