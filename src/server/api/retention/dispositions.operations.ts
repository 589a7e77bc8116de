import { operation } from "../operation";
import { decideDispositions } from "../../retention/dispositions/decide-dispositions";
import { destructionCertificate } from "../../retention/dispositions/destruction-certificate";
import {
  decisionResponse,
  destructionCertificateResponse,
  dispositionPageResponse,
} from "../../retention/dispositions/dispositions.responses";
import {
  certificateQuerySchema,
  decideDispositionsSchema,
  listDispositionsQuerySchema,
} from "../../retention/dispositions/dispositions.schemas";
import { countReviewQueue, listDispositions } from "../../retention/dispositions/list-dispositions";

/** Any signed-in caller: the use cases show each reviewer only the dispositions of the rules they review. */
const reviewDispositions = { permission: "authenticated", feature: "RETENTION_POLICY" } as const;

export const listDispositionsOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/dispositions" },
  summary: "List dispositions awaiting or past review",
  access: reviewDispositions,
  query: listDispositionsQuerySchema,
  response: dispositionPageResponse,
  handler: ({ principal, query }) => listDispositions({ principal, query }),
});

/** UI only (no REST route): the dashboard's count of pending dispositions the caller reviews. */
export const countReviewQueueOperation = operation({
  summary: "How many pending dispositions wait for the caller",
  access: reviewDispositions,
  handler: ({ principal }) => countReviewQueue({ principal }),
});

export const decideDispositionsOperation = operation({
  rest: { method: "POST", path: "/api/v1/enterprise/retention-policy/dispositions/decide" },
  summary: "Approve or reject pending dispositions",
  access: reviewDispositions,
  body: decideDispositionsSchema,
  response: decisionResponse,
  errors: [404, 409],
  handler: ({ principal, body }) => decideDispositions({ principal, input: body }),
});

export const destructionCertificateOperation = operation({
  rest: { method: "GET", path: "/api/v1/enterprise/retention-policy/dispositions/certificate" },
  summary: "A signed certificate of destruction for deleted emails",
  access: { permission: "manage:dispositions", feature: "RETENTION_POLICY" },
  query: certificateQuerySchema,
  response: destructionCertificateResponse,
  errors: [404],
  handler: ({ query }) => destructionCertificate(query),
});
