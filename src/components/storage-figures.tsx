import { formatBytes, formatDateTime, formatNumber } from "@/lib/format";

interface Figures {
  logicalBytes: number;
  storedBytes: number;
  savedBytes: number;
  storedRatio: number | null;
  emails: number;
}

export interface StorageFiguresData {
  measuredAt: string;
  archiveChangedSince: boolean;
  total: Figures;
  sources: (Figures & { sourceId: string; name: string | null })[];
}

const saving = (figures: Figures) =>
  figures.storedRatio === null
    ? "–"
    : `${figures.savedBytes < 0 ? "−" : ""}${formatBytes(Math.abs(figures.savedBytes))} (${Math.round((1 - figures.storedRatio) * 100)} %)`;

/**
 * Logical (archived) and stored (on disk) bytes and the saving, in total and per source, as the
 * worker last measured them (docs/operations.md, "Storage figures"). On the dashboard and the system status.
 */
export function StorageFigures({ usage }: { usage: StorageFiguresData | null }) {
  if (!usage)
    return (
      <p className="text-sm text-slate-500">
        Not measured yet: the worker measures storage at its start, within minutes of imports and deletions, and every 6 hours.
      </p>
    );
  const rows = [
    { key: "total", label: "All sources", figures: usage.total },
    ...usage.sources.map((source) => ({ key: source.sourceId, label: source.name ?? "(deleted source)", figures: source })),
  ];
  return (
    <div className="overflow-x-auto" data-testid="storage-figures">
      <table className="w-full text-sm">
        <caption className="sr-only">Bytes archived, bytes stored and the saving, in total and per source</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-1 pr-2">
              Source
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Emails
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Archived (logical)
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Stored (on disk)
            </th>
            <th scope="col" className="py-1 text-right">
              Saving
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, figures }) => (
            <tr key={key} className={key === "total" ? "font-medium" : "border-t border-slate-100"}>
              <td className="py-1 pr-2">{label}</td>
              <td className="py-1 pr-2 text-right">{formatNumber(figures.emails)}</td>
              <td className="py-1 pr-2 text-right">{formatBytes(figures.logicalBytes)}</td>
              <td className="py-1 pr-2 text-right">{formatBytes(figures.storedBytes)}</td>
              <td className="py-1 text-right">{saving(figures)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-slate-500">
        Measured {formatDateTime(usage.measuredAt)}
        {usage.archiveChangedSince ? (
          <span data-testid="storage-figures-stale">
            {" "}
            (emails were archived or deleted since: the worker measures again within minutes)
          </span>
        ) : null}
        . A blob two sources share counts in each source, once in the total.
      </p>
    </div>
  );
}
