import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { applyHoldToEmailOperation, listEmailHoldsOperation } from "@/server/legal-holds/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(listEmailHoldsOperation),
  POST: rest(applyHoldToEmailOperation),
});
