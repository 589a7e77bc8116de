import { getMe } from "@/server/auth/get-me";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { meResponse } from "@/server/auth/auth.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "The caller and its effective permissions",
    response: meResponse,
    auth: "authenticated",
    duringMfaEnrolment: true,
    handler: ({ principal }) => getMe({ principal }),
  }),
});
