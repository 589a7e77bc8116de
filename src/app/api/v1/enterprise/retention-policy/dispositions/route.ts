import { listDispositionsOperation } from "@/server/dispositions/dispositions.operations";
import { rest, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listDispositionsOperation) });
