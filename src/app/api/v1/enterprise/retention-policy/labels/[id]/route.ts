import { deleteLabelOperation, getLabelOperation, updateLabelOperation } from "@/server/api/retention/retention-labels.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(getLabelOperation, updateLabelOperation, deleteLabelOperation);
