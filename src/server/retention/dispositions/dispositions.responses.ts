import { z } from "zod";
import { count, timestamp } from "../../platform/validation/response-fields";
import { DISPOSITION_STATUSES } from "./dispositions.schemas";

const ruleType = z.enum(["label", "policy"]);

export const dispositionResponse = z.object({
  id: z.uuid(),
  emailId: z.uuid(),
  rule: z.object({ type: ruleType, id: z.string(), name: z.string() }),
  dueAt: timestamp,
  status: z.enum(DISPOSITION_STATUSES),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
  decidedBy: z.string().nullable(),
  comment: z.string().nullable(),
  extendedUntil: timestamp.nullable(),
  relabeledToLabelId: z.string().nullable(),
  destroyedAt: timestamp.nullable(),
  email: z.object({ subject: z.string(), senderEmail: z.string(), sentAt: timestamp }).nullable(),
});

export const dispositionPageResponse = z.object({
  items: z.array(dispositionResponse),
  total: count,
  page: z.number().int(),
  limit: z.number().int(),
});

export const decisionResponse = z.object({ decision: z.string(), decided: z.array(z.uuid()), notDecided: z.array(z.string()) });

export const destructionCertificateResponse = z.object({
  from: timestamp,
  until: timestamp,
  generatedAt: timestamp,
  count,
  /** UTF-8 CSV, one line per destroyed email; `signature` signs exactly these bytes. */
  csv: z.string(),
  signature: z.string(),
  algorithm: z.literal("Ed25519"),
  publicKey: z.string(),
});

export type DispositionPage = z.infer<typeof dispositionPageResponse>;

export type DispositionDto = z.infer<typeof dispositionResponse>;
