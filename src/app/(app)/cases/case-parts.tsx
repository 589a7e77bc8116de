/** Small pieces the cases list and the case workspace share. */
export function CaseStatusBadge({ status }: { status: "open" | "closed" }) {
  return status === "open" ? (
    <span className="badge bg-emerald-100 text-emerald-900">Open</span>
  ) : (
    <span className="badge bg-slate-200 text-slate-800">Closed</span>
  );
}

/** Addresses typed one per line or comma-separated. */
export const splitAddresses = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
