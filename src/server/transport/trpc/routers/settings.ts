import * as settings from "../../../api/settings/settings.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

export const settingsRouter = router({
  get: query(settings.getSettingsOperation),
  update: mutation(settings.updateSettingsOperation),
});
