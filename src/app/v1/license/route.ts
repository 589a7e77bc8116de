import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getLicense } from "@/server/license/get-license";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "authenticated", handler: () => getLicense() }),
});
