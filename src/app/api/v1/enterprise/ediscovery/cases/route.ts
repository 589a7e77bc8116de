import { z } from "zod";
import { createCase } from "@/server/ediscovery/create-case";
import { createCaseSchema } from "@/server/ediscovery/ediscovery.schemas";
import { listCases } from "@/server/ediscovery/list-cases";
import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { caseResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: z.array(caseResponse),
    summary: "List the eDiscovery cases the caller may see",
    auth: "read:ediscovery",
    feature: "EDISCOVERY",
    handler: ({ principal }) => listCases({ principal }),
  }),
  POST: endpoint({
    response: caseResponse,
    summary: "Open an eDiscovery case",
    errors: [404, 409],
    auth: "manage:ediscovery",
    feature: "EDISCOVERY",
    body: createCaseSchema,
    status: 201,
    handler: ({ principal, body }) => createCase({ principal, input: body }),
  }),
});
