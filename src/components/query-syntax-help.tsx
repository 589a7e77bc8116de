/** What the query box accepts (docs/search.md, "Query language"), under every query box. */
export function QuerySyntaxHelp({ id }: { id: string }) {
  return (
    <p id={id} className="text-xs text-slate-600">
      Words, or the query language: <code>AND</code> <code>OR</code> <code>NOT</code> <code>-word</code> <code>( )</code>{" "}
      <code>"exact phrase"</code> <code>budg*</code> <code>merger NEAR/5 acme</code> and fields such as <code>from:@acme.com</code>{" "}
      <code>subject:</code> <code>sent:2024-01-01..2024-03-31</code> <code>has:attachment</code>. A query with operators runs exactly as
      written, newest first.
    </p>
  );
}
