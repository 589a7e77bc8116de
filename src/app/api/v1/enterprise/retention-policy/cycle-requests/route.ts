import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { requestCycleOperation } from "@/server/retention/lifecycle/lifecycle.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(requestCycleOperation) });
