import { getLicenseOperation } from "../../../api/settings/license.operations";
import { router } from "../init";
import { query } from "../operation-procedure";

export const licenseRouter = router({
  get: query(getLicenseOperation),
});
