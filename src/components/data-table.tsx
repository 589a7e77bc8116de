"use client";

import { useMemo, useState, type ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { Skeleton } from "./skeleton";

export interface Column<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Makes the column sortable (client-side unless the table's sort is controlled). */
  sortValue?: (row: Row) => string | number | boolean | null;
  /** Sortable by the server (with a controlled `sort`). */
  sortable?: boolean;
  className?: string;
}

export type SortState = { key: string; direction: "asc" | "desc" };

interface ServerPaging {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * A table with sortable headers and pagination. Sorting and paging happen in the browser, unless
 * `sort`/`onSortChange` and `paging` are given, in which case the server does them.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  loading = false,
  emptyTitle = "Nothing here yet",
  emptyText,
  pageSize = 20,
  sort: controlledSort,
  onSortChange,
  paging,
  rowClassName,
  rowTestId,
}: {
  rows: Row[] | undefined;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  caption: string;
  loading?: boolean;
  emptyTitle?: string;
  emptyText?: ReactNode;
  pageSize?: number;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  paging?: ServerPaging;
  rowClassName?: (row: Row) => string;
  rowTestId?: (row: Row) => string;
}) {
  const [localSort, setLocalSort] = useState<SortState | null>(null);
  const [localPage, setLocalPage] = useState(1);
  const sort = controlledSort ?? localSort;
  const sorted = useMemo(() => {
    if (!rows || controlledSort || !localSort) return rows ?? [];
    const column = columns.find((candidate) => candidate.key === localSort.key);
    if (!column?.sortValue) return rows;
    const factor = localSort.direction === "asc" ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = column.sortValue!(a);
      const right = column.sortValue!(b);
      if (left === right) return 0;
      if (left === null) return 1;
      if (right === null) return -1;
      return (left < right ? -1 : 1) * factor;
    });
  }, [rows, columns, controlledSort, localSort]);

  const page = paging ? paging.page : localPage;
  const size = paging ? paging.pageSize : pageSize;
  const total = paging ? paging.total : sorted.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const visible = paging ? sorted : sorted.slice((page - 1) * size, page * size);
  const goTo = (next: number) => (paging ? paging.onPageChange(next) : setLocalPage(next));

  const toggleSort = (key: string) => {
    const next: SortState = sort?.key === key && sort.direction === "asc" ? { key, direction: "desc" } : { key, direction: "asc" };
    if (onSortChange) onSortChange(next);
    else setLocalSort(next);
    if (!paging) setLocalPage(1);
  };

  if (loading && !rows) return <Skeleton lines={5} />;
  if (rows && rows.length === 0) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => {
                const sortable = Boolean(column.sortValue) || Boolean(column.sortable && onSortChange);
                const active = sort?.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? (sort!.direction === "asc" ? "ascending" : "descending") : undefined}
                    className={`px-3 py-2 text-left font-medium text-slate-600 ${column.className ?? ""}`}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                        onClick={() => toggleSort(column.key)}
                      >
                        {column.header}
                        <span aria-hidden="true" className="text-xs">
                          {active ? (sort!.direction === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {visible.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row) ?? "hover:bg-slate-50"} data-testid={rowTestId?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={`px-3 py-2 align-top ${column.className ?? ""}`}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label={`${caption} pages`} className="flex items-center justify-between border-t border-slate-200 px-3 py-2 text-sm">
          <span className="text-slate-600">
            Page {page} of {pages} · {total.toLocaleString("en-US")} rows
          </span>
          <span className="flex gap-2">
            <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </button>
            <button type="button" className="btn btn-sm" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Next
            </button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
