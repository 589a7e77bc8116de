import { expect } from "vitest";
import { api } from "./rest-client";

export const EDISCOVERY = "/api/v1/enterprise/ediscovery";

/** Creates a case through the API (201 expected) and answers it. */
export async function createCaseVia(token: string, body: Record<string, unknown> = { name: "Matter A" }) {
  const response = await api("POST", `${EDISCOVERY}/cases`, { token, body });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Creates a review tag in a case through the API and answers it. */
export async function createTagVia(token: string, caseId: string, name: string) {
  return (await api("POST", `${EDISCOVERY}/cases/${caseId}/tags`, { token, body: { name } })).body;
}

/** An eDiscovery worker's role: manages cases and reads the archive (optionally under conditions). */
export const reviewerPolicies = (archiveConditions?: Record<string, string>) => [
  { action: "manage" as const, subject: "ediscovery" as const },
  { action: "read" as const, subject: "archive" as const, ...(archiveConditions && { conditions: archiveConditions }) },
];
