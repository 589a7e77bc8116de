/** A job's progress bar (exports, restores): red once the job has failed. */
export function ProgressBar({ label, percent, failed }: { label: string; percent: number; failed: boolean }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded bg-slate-200"
    >
      <div className={`h-2 ${failed ? "bg-red-500" : "bg-indigo-600"}`} style={{ width: `${percent}%` }} />
    </div>
  );
}
