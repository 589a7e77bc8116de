import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { listCyclesOperation } from "@/server/lifecycle/lifecycle.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listCyclesOperation) });
