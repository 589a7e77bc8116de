import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getLicenseOperation } from "@/server/api/settings/license.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getLicenseOperation) });
