import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { removeHoldFromEmailOperation } from "@/server/api/retention/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ DELETE: rest(removeHoldFromEmailOperation) });
