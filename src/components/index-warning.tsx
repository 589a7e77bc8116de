/** The warning bulk apply and exports show while archived emails are not searchable yet (docs/search.md, "Index coverage"). */
export function IndexWarningNotice({ warning, testId }: { warning: { message: string } | null | undefined; testId: string }) {
  if (!warning) return null;
  return (
    <p role="alert" data-testid={testId} className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
      {warning.message}
    </p>
  );
}
