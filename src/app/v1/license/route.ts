import { getLicenseOperation } from "@/server/api/settings/license.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getLicenseOperation);
