import { expect } from "vitest";
import { api } from "./rest-client";

/** REST shortcuts for retention and hold fixtures; every call must succeed. */
const HOLDS = "/api/v1/enterprise/legal-holds";
const RETENTION = "/api/v1/enterprise/retention-policy";
export const DAY_MS = 24 * 60 * 60 * 1000;

export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * DAY_MS);

async function ok(method: string, path: string, token: string, body?: unknown, status = 200) {
  const response = await api(method, path, { token, body });
  expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
  return response.body;
}

export const createPolicy = (token: string, body: Record<string, unknown>) => ok("POST", `${RETENTION}/policies`, token, body, 201);
export const updatePolicy = (token: string, id: string, body: Record<string, unknown>) =>
  ok("PUT", `${RETENTION}/policies/${id}`, token, body);
export const createLabel = (token: string, name: string, retentionPeriodDays: number) =>
  ok("POST", `${RETENTION}/labels`, token, { name, retentionPeriodDays }, 201);
export const applyLabel = (token: string, emailId: string, labelId: string) =>
  ok("POST", `${RETENTION}/email/${emailId}/label`, token, { labelId });
export const disableLabel = (token: string, labelId: string) => ok("DELETE", `${RETENTION}/labels/${labelId}`, token);
export const createHold = (token: string, name: string) => ok("POST", `${HOLDS}/holds`, token, { name }, 201);
export const setHoldActive = (token: string, holdId: string, isActive: boolean) =>
  ok("PUT", `${HOLDS}/holds/${holdId}`, token, { isActive });
export const applyHold = (token: string, emailId: string, holdId: string) =>
  ok("POST", `${HOLDS}/email/${emailId}/holds`, token, { holdId });
export const retentionStatus = (token: string, emailId: string) => ok("GET", `${RETENTION}/email/${emailId}/status`, token);
export const forecast = (token: string, days: number) => ok("GET", `${RETENTION}/forecast?days=${days}`, token);
