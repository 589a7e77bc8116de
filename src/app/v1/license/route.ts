import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getLicenseOperation } from "@/server/platform/license/license.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getLicenseOperation) });
