import { disableMfaOperation } from "@/server/auth/auth.operations";
import { rest, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ POST: rest(disableMfaOperation) });
