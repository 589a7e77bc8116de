import { logger } from "../logging/logger";

const log = logger("internal error");
/**
 * The one log line of an unexpected failure, whichever transport answered it (a REST 500 body or a
 * tRPC INTERNAL_SERVER_ERROR): the caller sees "Internal server error", the operator sees the cause.
 */
export function logInternalError(cause: unknown): void {
  log.error("", undefined, cause);
}
