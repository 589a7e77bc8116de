/** A promise (`opened`) that a test resolves when it chooses (`open`), to hold concurrent work at a known point. */
export function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
