import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { getSettings } from "@/server/settings/get-settings";
import { settingsSchema, updateSettingsSchema } from "@/server/settings/settings.schemas";
import { updateSettings } from "@/server/settings/update-settings";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ response: settingsSchema, summary: "System settings", auth: "manage:all", handler: () => getSettings() }),
  PUT: endpoint({
    response: settingsSchema,
    summary: "Change system settings",
    auth: "manage:all",
    body: updateSettingsSchema,
    handler: ({ principal, body }) => updateSettings({ actor: principal.actor, input: body }),
  }),
});
