import { getMe } from "@/server/auth/get-me";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "authenticated", handler: ({ principal }) => getMe({ principal }) }),
});
