"use client";

import { useSyncExternalStore, type ButtonHTMLAttributes } from "react";

const subscribeToNothing = () => () => {};

/** False in the server-rendered HTML and during hydration, true once React handles events. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * A form's submit button, disabled until the page is hydrated. Before that the form has no
 * onSubmit handler, and a click (or Enter, which a disabled default button also stops) would
 * submit it natively: a GET that reloads the page with every field in the URL, a password too.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  return <button {...props} type="submit" disabled={!hydrated || disabled} />;
}
