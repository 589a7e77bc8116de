import { errorReason } from "../../platform/errors/error-reason";

/** A short, safe reason for a message that could not be archived (shown in import summaries). */
export const describeIngestError = (error: unknown): string => errorReason(error, 300);
