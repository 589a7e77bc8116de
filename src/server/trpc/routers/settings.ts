import { getSettings } from "../../settings/get-settings";
import { updateSettingsSchema } from "../../settings/settings.schemas";
import { updateSettings } from "../../settings/update-settings";
import { procedure, router } from "../init";

const manageAll = procedure({ permission: "manage:all" });

export const settingsRouter = router({
  get: manageAll.query(() => getSettings()),
  update: manageAll.input(updateSettingsSchema).mutation(({ ctx, input }) => updateSettings({ actor: ctx.principal.actor, input })),
});
