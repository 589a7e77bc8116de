import { appendAuditEntry, type AuditActor } from "../audit/append-audit-entry";
import { transaction } from "../platform/db/client";
import { getSettings } from "./get-settings";
import type { Settings, UpdateSettingsInput } from "./settings.schemas";
import { lockSettings } from "./settings.queries";

/** Changes the given settings and records what changed (UPDATE on target Settings). */
export async function updateSettings(options: { actor: AuditActor; input: UpdateSettingsInput }): Promise<Settings> {
  return transaction(async (tx) => {
    await lockSettings(tx);
    const before = await getSettings({ client: tx });
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(options.input)) {
      if (value === undefined) continue;
      await tx.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
      if (before[key as keyof Settings] !== value) changes[key] = { from: before[key as keyof Settings], to: value };
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
