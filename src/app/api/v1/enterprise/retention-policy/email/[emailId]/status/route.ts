import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getEmailRetentionStatusOperation } from "@/server/retention/lifecycle/lifecycle.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getEmailRetentionStatusOperation) });
