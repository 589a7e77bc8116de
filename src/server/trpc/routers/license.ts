import { getLicense } from "../../license/get-license";
import { procedure, router } from "../init";

const authedProcedure = procedure({ permission: "authenticated" });

export const licenseRouter = router({
  get: authedProcedure.query(() => getLicense()),
});
