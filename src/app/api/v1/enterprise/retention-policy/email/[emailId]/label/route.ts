import {
  applyLabelToEmailOperation,
  getEmailLabelOperation,
  removeLabelFromEmailOperation,
} from "@/server/api/retention/retention-labels.operations";
import { restRoute } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = restRoute(
  getEmailLabelOperation,
  applyLabelToEmailOperation,
  removeLabelFromEmailOperation,
);
