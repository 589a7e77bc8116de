import { db } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/errors/app-error";
import { errorResponse, jsonResponse } from "@/server/transport/http/error-response";
import { routeMethods } from "@/server/transport/http/rest-endpoint";
import { pingDatabase } from "@/server/installation/installation.queries";

/** Liveness + database reachability, unauthenticated (used by the e2e harness and operators). */
export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: async () => {
    try {
      await pingDatabase(db());
      return jsonResponse({ status: "ok" });
    } catch (error) {
      return errorResponse(new AppError("INTERNAL", "Database unreachable", { cause: error }));
    }
  },
});
