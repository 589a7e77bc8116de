import { destructionCertificate } from "@/server/dispositions/destruction-certificate";
import { certificateQuerySchema } from "@/server/dispositions/dispositions.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    query: certificateQuerySchema,
    handler: ({ query }) => destructionCertificate(query),
  }),
});
