import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createLabel } from "@/server/retention-labels/create-label";
import { listLabels } from "@/server/retention-labels/list-labels";
import { createLabelSchema } from "@/server/retention-labels/retention-labels.schemas";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "manage:all", feature: "RETENTION_POLICY", handler: () => listLabels() }),
  POST: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    body: createLabelSchema,
    status: 201,
    handler: ({ principal, body }) => createLabel({ actor: principal.actor, input: body }),
  }),
});
