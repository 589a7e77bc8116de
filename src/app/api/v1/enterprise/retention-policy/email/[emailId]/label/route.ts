import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import {
  applyLabelToEmailOperation,
  getEmailLabelOperation,
  removeLabelFromEmailOperation,
} from "@/server/api/retention/retention-labels.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: rest(getEmailLabelOperation),
  POST: rest(applyLabelToEmailOperation),
  DELETE: rest(removeLabelFromEmailOperation),
});
