import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { removeHoldFromEmailOperation } from "@/server/legal-holds/legal-holds.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ DELETE: rest(removeHoldFromEmailOperation) });
