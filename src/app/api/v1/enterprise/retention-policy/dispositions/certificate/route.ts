import { destructionCertificate } from "@/server/dispositions/destruction-certificate";
import { certificateQuerySchema } from "@/server/dispositions/dispositions.schemas";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { destructionCertificateResponse } from "@/server/dispositions/dispositions.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: destructionCertificateResponse,
    summary: "A signed certificate of destruction for deleted emails",
    errors: [404],
    auth: "manage:all",
    feature: "RETENTION_POLICY",
    query: certificateQuerySchema,
    handler: ({ query }) => destructionCertificate(query),
  }),
});
