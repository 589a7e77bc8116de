import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getLicense } from "@/server/license/get-license";
import { licenseResponse } from "@/server/license/license.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: licenseResponse,
    summary: "The license's enabled features",
    auth: "authenticated",
    handler: () => getLicense(),
  }),
});
