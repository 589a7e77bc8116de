import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";
import { createLabelOperation, listLabelsOperation } from "@/server/api/retention/retention-labels.operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(listLabelsOperation), POST: rest(createLabelOperation) });
