import { operation } from "../api/operation";
import { getLicense } from "./get-license";
import { licenseResponse } from "./license.responses";

export const getLicenseOperation = operation({
  summary: "The license's enabled features",
  access: { permission: "authenticated" },
  response: licenseResponse,
  handler: () => getLicense(),
});
