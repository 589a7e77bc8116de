import { operation } from "../api/operation";
import { getSettings } from "./get-settings";
import { settingsSchema, updateSettingsSchema } from "./settings.schemas";
import { updateSettings } from "./update-settings";

const manageAll = { permission: "manage:all" } as const;

export const getSettingsOperation = operation({
  summary: "System settings",
  access: manageAll,
  response: settingsSchema,
  handler: () => getSettings(),
});

export const updateSettingsOperation = operation({
  summary: "Change system settings",
  access: manageAll,
  body: updateSettingsSchema,
  response: settingsSchema,
  handler: ({ principal, body }) => updateSettings({ actor: principal.actor, input: body }),
});
