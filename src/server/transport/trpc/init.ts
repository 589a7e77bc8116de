import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { Principal } from "../../identity/auth/principal";
import { assertOperationAccess } from "../../api/operation-access";
import type { OperationAccess } from "../../api/operation";
import { AppError } from "../../platform/errors/app-error";
import { errorCodeTable } from "../../platform/errors/error-table";
import { zodFieldErrors } from "../../platform/errors/field-errors";
import { TRPC_MAX_BATCH_SIZE } from "./batch-size";

export interface TrpcContext {
  principal: Principal | null;
  ip: string;
}

/** Turns domain errors into tRPC errors through the same code table the REST side uses. */
function toTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof AppError) {
    return new TRPCError({ code: errorCodeTable[error.code].trpc, message: error.message, cause: error });
  }
  if (error instanceof ZodError) {
    return new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: "Invalid input", cause: error });
  }
  return new TRPCError({
    code: "INTERNAL_SERVER_ERROR",
    message: "Internal server error",
    cause: error instanceof Error ? error : undefined,
  });
}

/** tRPC's own message for a batch over maxBatchSize, which does not say what the limit is. */
const BATCH_TOO_LARGE = "Batch call exceeds maximum size";
const batchTooLargeMessage = `A batch request may carry at most ${TRPC_MAX_BATCH_SIZE} calls; send the others in another request`;

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const fieldErrors = cause instanceof AppError ? cause.fieldErrors : cause instanceof ZodError ? zodFieldErrors(cause) : null;
    return {
      ...shape,
      message:
        error.code === "INTERNAL_SERVER_ERROR"
          ? "Internal server error"
          : error.message === BATCH_TOO_LARGE
            ? batchTooLargeMessage
            : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors },
    };
  },
});

/**
 * Domain and validation errors arrive wrapped (tRPC wraps what a procedure throws); tRPC's own
 * client errors (400 BAD_REQUEST or PARSE_ERROR for input that is not JSON) keep their code
 * instead of becoming 500s.
 */
function mapCaughtError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError || cause instanceof ZodError) return toTrpcError(cause);
  if (error.code === "INTERNAL_SERVER_ERROR") return toTrpcError(cause ?? error);
  return error;
}

const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw mapCaughtError(result.error);
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
const errorMappedProcedure = t.procedure.use(mapErrors);

const signedInProcedure = errorMappedProcedure.use(({ ctx, next }) => {
  if (!ctx.principal) throw new TRPCError({ code: "UNAUTHORIZED", message: "Authentication required" });
  return next({ ctx: { ...ctx, principal: ctx.principal } });
});

/**
 * The procedure builder `query()`/`mutation()` start from: the operation's access check, as on REST,
 * authentication, then the license feature, then the permission (assertCan), then the rate limit. The
 * input is checked after it (storable strings, then the schemas) by the operation's own parser, once
 * per part, as REST does (operation-procedure.ts `splitInput`).
 */
export function procedure(access: OperationAccess) {
  return signedInProcedure.use(async ({ ctx, next }) => {
    await assertOperationAccess(ctx.principal, access);
    return next();
  });
}

/** tRPC answers 429 in its own envelope; the header tells the client when to retry, as on REST. */
export function retryAfterHeader(errors: readonly TRPCError[]): Record<string, string> {
  const seconds = errors.map((error) => (error.cause instanceof AppError ? error.cause.retryAfterSeconds : undefined)).find(Boolean);
  return seconds === undefined ? {} : { "retry-after": String(seconds) };
}
