import { db } from "@/server/db/client";
import { jsonResponse, errorResponse } from "@/server/http/error-response";
import { AppError } from "@/server/errors/app-error";

/** Liveness + database reachability, unauthenticated (used by the e2e harness and operators). */
export async function GET(): Promise<Response> {
  try {
    await db().$queryRaw`SELECT 1`;
    return jsonResponse({ status: "ok" });
  } catch (error) {
    return errorResponse(new AppError("INTERNAL", "Database unreachable", { cause: error }));
  }
}
