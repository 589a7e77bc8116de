/** An on/off switch (role="switch") named by the heading of its section; `onColor` is the track's colour when on. */
export function Switch({
  checked,
  labelledBy,
  disabled,
  onColor,
  onClick,
}: {
  checked: boolean;
  labelledBy: string;
  disabled: boolean;
  onColor: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      disabled={disabled}
      onClick={onClick}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-50 ${checked ? onColor : "bg-slate-300"}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}
