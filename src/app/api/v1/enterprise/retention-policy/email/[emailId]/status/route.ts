import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getEmailRetentionStatusOperation } from "@/server/api/retention/lifecycle.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getEmailRetentionStatusOperation) });
