"use client";

import { useState, type ReactNode } from "react";
import { Dialog } from "./dialog";
import { SubmitButton } from "./submit-button";

/**
 * Asks before a consequential action. With `typedConfirmation`, the button stays disabled until
 * that exact text is typed (for irreversible bulk operations).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = "Confirm",
  danger = false,
  typedConfirmation,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  typedConfirmation?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState("");
  const close = () => {
    setTyped("");
    onClose();
  };
  const ready = !busy && (!typedConfirmation || typed === typedConfirmation);
  return (
    <Dialog open={open} title={title} onClose={close}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          setTyped("");
          onConfirm();
        }}
      >
        <div className="space-y-2 text-sm text-slate-700">{children}</div>
        {typedConfirmation ? (
          <label className="mt-4 block text-sm">
            <span>
              Type <strong className="font-mono">{typedConfirmation}</strong> to confirm
            </span>
            <input className="input mt-1" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
          </label>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <SubmitButton className={`btn ${danger ? "btn-danger" : "btn-primary"}`} disabled={!ready}>
            {busy ? "Working…" : confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
