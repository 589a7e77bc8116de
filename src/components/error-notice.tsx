import { errorMessage } from "@/lib/trpc";

/** An error answer of the server, shown where the data would have been. */
export function ErrorNotice({ error, title = "Something went wrong" }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-medium">{title}</p>
      <p>{errorMessage(error)}</p>
    </div>
  );
}
