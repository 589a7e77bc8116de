import { useId } from "react";
import { formatNumber } from "@/lib/format";

export interface Bar {
  label: string;
  count: number;
}

const WIDTH = 480;
const HEIGHT = 190;
const LEFT = 40;
const BOTTOM = 30;
const TOP = 12;

/**
 * A plain SVG bar chart. Screen readers get the title, a one-line summary and the figures as a
 * table (visually hidden); each bar also carries its value as a tooltip.
 */
export function BarChart({
  title,
  bars,
  unit,
  emptyText = "No data yet.",
}: {
  title: string;
  bars: Bar[];
  unit: string;
  emptyText?: string;
}) {
  const titleId = useId();
  const summaryId = useId();
  const total = bars.reduce((sum, bar) => sum + bar.count, 0);
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, bars.length);
  const labelEvery = Math.max(1, Math.ceil(bars.length / 6));
  const summary = `${formatNumber(total)} ${unit} in total; at most ${formatNumber(bars.length ? Math.max(...bars.map((bar) => bar.count)) : 0)} in one period.`;
  return (
    <figure className="card" aria-labelledby={titleId}>
      <figcaption id={titleId} className="mb-1 text-sm font-medium">
        {title}
      </figcaption>
      {bars.length === 0 || total === 0 ? (
        <p className="text-sm text-slate-500">{emptyText}</p>
      ) : (
        <>
          <p id={summaryId} className="mb-2 text-xs text-slate-600">
            {summary}
          </p>
          <svg role="img" aria-labelledby={`${titleId} ${summaryId}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full">
            <line x1={LEFT} x2={WIDTH - 8} y1={TOP + plotHeight} y2={TOP + plotHeight} className="stroke-slate-300" />
            <text x={LEFT - 6} y={TOP + 4} textAnchor="end" className="fill-slate-500 text-[13px]">
              {formatNumber(max)}
            </text>
            <text x={LEFT - 6} y={TOP + plotHeight} textAnchor="end" className="fill-slate-500 text-[13px]">
              0
            </text>
            {bars.map((bar, index) => {
              const height = (bar.count / max) * plotHeight;
              const x = LEFT + index * slot;
              return (
                <g key={bar.label}>
                  <rect x={x + slot * 0.15} y={TOP + plotHeight - height} width={slot * 0.7} height={height} className="fill-indigo-500">
                    <title>{`${bar.label}: ${formatNumber(bar.count)} ${unit}`}</title>
                  </rect>
                  {index % labelEvery === 0 ? (
                    <text x={x + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-slate-500 text-[13px]">
                      {bar.label.length === 10 ? bar.label.slice(5) : bar.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
          {/* sr-only on a wrapper: a table keeps its content width even when told to be 1px wide. */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">{unit}</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((bar) => (
                  <tr key={bar.label}>
                    <th scope="row">{bar.label}</th>
                    <td>{bar.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

/** Monday-based UTC weeks from the week of `from` through the week of `from + days`, as YYYY-MM-DD. */
export function weeksAhead(from: Date, days: number): string[] {
  const monday = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const end = from.getTime() + days * 86_400_000;
  const weeks: string[] = [];
  for (const week = monday; week.getTime() <= end; week.setUTCDate(week.getUTCDate() + 7)) weeks.push(week.toISOString().slice(0, 10));
  return weeks;
}

/** The last `count` months up to `until`, as YYYY-MM. */
export function monthsUntil(until: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const month = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth() - (count - 1 - index), 1));
    return month.toISOString().slice(0, 7);
  });
}

/** Every period of `periods` with its count in `rows` (0 when absent). */
export function fillPeriods(periods: string[], rows: { period: string; count: number }[]): Bar[] {
  const counts = new Map(rows.map((row) => [row.period, row.count]));
  return periods.map((period) => ({ label: period, count: counts.get(period) ?? 0 }));
}
