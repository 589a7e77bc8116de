import { Meilisearch, type Index, type Settings, type Task } from "meilisearch";
import { config } from "../platform/config/env";

/** What one archived email looks like in the Meilisearch index. */
export interface MeiliEmailDocument {
  id: string;
  subject: string;
  senderName: string;
  /** Lower-cased: filters and role conditions compare addresses case-insensitively. */
  senderEmail: string;
  /** "Name address" of each recipient, for searching. */
  recipients: string[];
  /** Lower-cased, for the `to` filter. */
  recipientEmails: string[];
  body: string;
  attachmentNames: string[];
  attachmentText: string;
  userEmail: string;
  /** Journaled mail's internal participants, which `userEmail` role conditions also match. */
  participantEmails: string[];
  ingestionSourceId: string;
  hasAttachments: boolean;
  /** sentAt in milliseconds since the epoch (date filters and newest-first sorting). */
  sentAtTs: number;
}

export const MEILI_DEFAULT_INDEX = "archived_emails";
/** Large enough that offset paging reaches every match (searchAllIds has no ceiling below this). */
export const MEILI_MAX_TOTAL_HITS = 10_000_000;
const TASK_TIMEOUT_MS = 5 * 60_000;

export const MEILI_INDEX_SETTINGS: Settings = {
  // Order matters: Meilisearch's attribute ranking rule prefers earlier attributes.
  searchableAttributes: ["subject", "senderName", "senderEmail", "recipients", "body", "attachmentNames", "attachmentText"],
  filterableAttributes: [
    "userEmail",
    "participantEmails",
    "ingestionSourceId",
    "senderEmail",
    "recipientEmails",
    "hasAttachments",
    "sentAtTs",
  ],
  sortableAttributes: ["sentAtTs", "id"],
  pagination: { maxTotalHits: MEILI_MAX_TOTAL_HITS },
  // Same semantics as the PostgreSQL adapter: whole words, no typo tolerance, no prefix matching.
  typoTolerance: { enabled: false },
  prefixSearch: "disabled",
};

export function meiliConfigured(): boolean {
  return config.meilisearch !== null;
}

export function meiliIndexName(): string {
  return config.meilisearch?.index ?? MEILI_DEFAULT_INDEX;
}

let client: { key: string; instance: Meilisearch } | undefined;

export function meiliClient(): Meilisearch {
  const settings = config.meilisearch;
  if (!settings) throw new Error("MEILI_HOST is not set");
  const { host, apiKey } = settings;
  const key = `${host}\n${apiKey ?? ""}`;
  if (client?.key !== key) client = { key, instance: new Meilisearch({ host, apiKey }) };
  return client.instance;
}

/** Throws unless the task succeeded (a failed job is retried by the worker). */
export function assertTaskSucceeded(task: Task, what: string): void {
  if (task.status !== "succeeded") {
    throw new Error(`Meilisearch ${what} task ${task.uid} ${task.status}: ${task.error?.message ?? "no error message"}`);
  }
}

export const taskWait = { timeout: TASK_TIMEOUT_MS, interval: 25 };

const prepared = new Map<string, Promise<void>>();

/** The index with its settings applied, once per process and index name (retried after a failure). */
export async function meiliIndex(): Promise<Index<MeiliEmailDocument>> {
  const name = meiliIndexName();
  let ready = prepared.get(name);
  if (!ready) {
    ready = applySettings(name);
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name));
  }
  await ready;
  return meiliClient().index<MeiliEmailDocument>(name);
}

async function applySettings(name: string): Promise<void> {
  const created = await meiliClient().createIndex(name, { primaryKey: "id" }).waitTask(taskWait);
  if (created.status === "failed" && created.error?.code !== "index_already_exists") assertTaskSucceeded(created, "index creation");
  assertTaskSucceeded(await meiliClient().index(name).updateSettings(MEILI_INDEX_SETTINGS).waitTask(taskWait), "settings");
}

/** Forgets which indexes were prepared (tests that delete their index). */
export function forgetPreparedMeiliIndexes(): void {
  prepared.clear();
}
