import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { deleteHoldOperation, getHoldOperation, updateHoldOperation } from "@/server/api/retention/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getHoldOperation),
  PUT: rest(updateHoldOperation),
  DELETE: rest(deleteHoldOperation),
});
