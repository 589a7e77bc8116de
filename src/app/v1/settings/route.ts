import { rest, routeMethods } from "@/server/http/rest-endpoint";
import { getSettingsOperation, updateSettingsOperation } from "@/server/settings/settings.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(getSettingsOperation), PUT: rest(updateSettingsOperation) });
