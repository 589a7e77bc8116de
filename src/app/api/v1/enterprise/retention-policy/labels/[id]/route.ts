import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { deleteLabelOperation, getLabelOperation, updateLabelOperation } from "@/server/api/retention/retention-labels.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getLabelOperation),
  PUT: rest(updateLabelOperation),
  DELETE: rest(deleteLabelOperation),
});
