import { operation } from "../operation";
import { getSettings } from "../../settings/get-settings";
import { settingsSchema, updateSettingsSchema } from "../../settings/settings.schemas";
import { updateSettings } from "../../settings/update-settings";

const manageSettings = { permission: "manage:settings" } as const;

export const getSettingsOperation = operation({
  rest: { method: "GET", path: "/v1/settings" },
  summary: "System settings",
  access: manageSettings,
  response: settingsSchema,
  handler: () => getSettings(),
});

export const updateSettingsOperation = operation({
  rest: { method: "PUT", path: "/v1/settings" },
  summary: "Change system settings",
  access: manageSettings,
  body: updateSettingsSchema,
  response: settingsSchema,
  handler: ({ principal, body }) => updateSettings({ actor: principal.actor, input: body }),
});
