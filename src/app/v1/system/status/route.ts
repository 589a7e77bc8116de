import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getSystemStatusOperation } from "@/server/api/installation/system.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getSystemStatusOperation) });
