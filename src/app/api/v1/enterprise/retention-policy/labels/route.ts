import { z } from "zod";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { createLabel } from "@/server/retention-labels/create-label";
import { listLabels } from "@/server/retention-labels/list-labels";
import { createLabelSchema } from "@/server/retention-labels/retention-labels.schemas";
import { retentionLabelResponse } from "@/server/retention-labels/retention-labels.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    summary: "List retention labels, oldest first",
    response: z.array(retentionLabelResponse),
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    handler: () => listLabels(),
  }),
  POST: endpoint({
    summary: "Create a retention label",
    response: retentionLabelResponse,
    errors: [404, 409],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    body: createLabelSchema,
    status: 201,
    handler: ({ principal, body }) => createLabel({ actor: principal.actor, input: body }),
  }),
});
