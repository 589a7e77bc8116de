export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Mail Archive</h1>
      <p className="mt-2 text-slate-600">The REST API is served under /v1 and /api/v1/enterprise.</p>
    </main>
  );
}
