import { createCase } from "@/server/ediscovery/create-case";
import { createCaseSchema } from "@/server/ediscovery/ediscovery.schemas";
import { listCases } from "@/server/ediscovery/list-cases";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "read:ediscovery", feature: "EDISCOVERY", handler: ({ principal }) => listCases({ principal }) }),
  POST: endpoint({
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    body: createCaseSchema,
    status: 201,
    handler: ({ principal, body }) => createCase({ principal, input: body }),
  }),
});
