import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../platform/db/client";
import { getSettings } from "./get-settings";
import { enqueueJob } from "../platform/jobs/enqueue-job";
import { NEAR_DUPLICATE_SETTINGS, type Settings, type UpdateSettingsInput } from "./settings.schemas";
import { lockSettings } from "./settings.queries";

/** The worker's job that dissolves the near-duplicate groups and analyses every email again. */
export const NEAR_DUPLICATE_REGROUP_JOB = "analytics.regroup";

/**
 * Changes the given settings and records what changed (UPDATE on target Settings). A changed
 * near-duplicate threshold or ignore pattern queues the re-grouping in the same transaction.
 */
export async function updateSettings(options: { actor: AuditActor; input: UpdateSettingsInput }): Promise<Settings> {
  return transaction(async (tx) => {
    await lockSettings(tx);
    const before = await getSettings({ client: tx });
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(options.input)) {
      if (value === undefined) continue;
      await tx.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
      const previous = before[key as keyof Settings];
      if (JSON.stringify(previous) !== JSON.stringify(value)) changes[key] = { from: previous, to: value };
    }
    if (Object.keys(changes).some((key) => NEAR_DUPLICATE_SETTINGS.includes(key))) {
      await enqueueJob({ type: NEAR_DUPLICATE_REGROUP_JOB, client: tx });
    }
    if (Object.keys(changes).length > 0) {
      await appendAuditEntry(tx, {
        actor: options.actor,
        actionType: "UPDATE",
        targetType: "Settings",
        targetId: "system",
        details: { changes },
      });
    }
    return getSettings({ client: tx });
  });
}
