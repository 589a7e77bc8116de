import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getSystemStatusOperation } from "@/server/system/system.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getSystemStatusOperation) });
