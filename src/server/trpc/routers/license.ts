import { getLicense } from "../../license/get-license";
import { authedProcedure, router } from "../init";

export const licenseRouter = router({
  get: authedProcedure.query(() => getLicense()),
});
