export type AppErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "FEATURE_DISABLED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "UNAVAILABLE"
  | "UPSTREAM_FAILED"
  | "INTERNAL";

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type of the domain; transports map `code` through errorCodeTable. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors: FieldError[] | null;
  readonly retryAfterSeconds?: number;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { fieldErrors?: FieldError[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = options.fieldErrors ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const validationError = (fieldErrors: FieldError[], message = "Invalid input") =>
  new AppError("VALIDATION", message, { fieldErrors });
