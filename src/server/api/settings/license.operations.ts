import { operation } from "../operation";
import { getLicense } from "../../settings/license/get-license";
import { licenseResponse } from "../../settings/license/license.responses";

export const getLicenseOperation = operation({
  rest: { method: "GET", path: "/v1/license" },
  summary: "The license's enabled features",
  access: { permission: "authenticated" },
  response: licenseResponse,
  handler: () => getLicense(),
});
