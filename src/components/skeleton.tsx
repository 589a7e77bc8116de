/** Placeholder bars while data loads; announced to screen readers as loading. */
export function Skeleton({ lines = 3, className = "" }: { lines?: number; className?: string }) {
  return (
    <div role="status" aria-label="Loading" className={`animate-pulse space-y-2 ${className}`}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="h-4 rounded bg-slate-200" style={{ width: `${90 - ((index * 17) % 40)}%` }} />
      ))}
    </div>
  );
}
