import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getLicenseOperation } from "@/server/license/license.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getLicenseOperation) });
