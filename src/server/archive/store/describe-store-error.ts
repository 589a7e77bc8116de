import { errorReason } from "../../platform/errors/error-reason";

/** A short, safe reason for a message that could not be archived (shown in import summaries). */
export const describeStoreError = (error: unknown): string => errorReason(error, 300);
