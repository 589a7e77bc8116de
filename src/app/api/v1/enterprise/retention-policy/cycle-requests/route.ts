import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { requestCycleOperation } from "@/server/api/retention/lifecycle.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(requestCycleOperation) });
