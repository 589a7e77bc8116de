import { getSettingsOperation, updateSettingsOperation } from "@/server/api/settings/settings.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getSettingsOperation, updateSettingsOperation);
