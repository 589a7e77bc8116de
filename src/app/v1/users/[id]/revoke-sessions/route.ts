import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { revokeUserSessions } from "@/server/users/revoke-user-sessions";
import { userIdParamsSchema } from "@/server/users/users.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  POST: endpoint({
    auth: "manage:all",
    params: userIdParamsSchema,
    status: 204,
    handler: async ({ principal, params }) => {
      await revokeUserSessions({ actor: principal.actor, userId: params.id, reason: "administrator" });
    },
  }),
});
