import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { getSettingsOperation, updateSettingsOperation } from "@/server/api/settings/settings.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getSettingsOperation), PUT: rest(updateSettingsOperation) });
