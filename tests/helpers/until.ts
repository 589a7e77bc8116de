/**
 * Polls `probe` every 250 ms until it answers something truthy, and resolves with that; after
 * `timeoutMs` it throws "timed out waiting for <what>", followed by what `diagnostics` tells (the
 * logs of the processes the test waits on).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  options: { timeoutMs?: number; diagnostics?: () => string | Promise<string> } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) {
      const details = options.diagnostics ? `\n${await options.diagnostics()}` : "";
      throw new Error(`timed out waiting for ${what}${details}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
