import { getMeOperation } from "@/server/api/identity/auth.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getMeOperation) });
