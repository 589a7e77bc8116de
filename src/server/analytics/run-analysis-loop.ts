import { abortableDelay } from "../platform/concurrency/abortable-delay";
import { analysePendingEmails } from "./analyse-pending-emails";

/** How long the loop waits, when nothing was pending, before it looks again. */
const IDLE_MS = 5_000;

/**
 * The worker's review analytics loop (docs/ediscovery.md, "Review analytics"): newly archived mail
 * is analysed within seconds, stepping aside while mail is being archived, and a large import is
 * caught up batch by batch once it ends. Runs until `signal` aborts.
 */
export async function runAnalysisLoop(options: { signal: AbortSignal; log: (message: string) => void }): Promise<void> {
  const { signal, log } = options;
  while (!signal.aborted) {
    await analysePendingEmails({ signal, yieldToArrivingMail: true })
      .then((analysed) => analysed >= 1000 && log(`review analytics: analysed ${analysed} email(s)`))
      .catch((error) => log(`review analytics error: ${String(error)}`));
    await abortableDelay(IDLE_MS, signal);
  }
}
