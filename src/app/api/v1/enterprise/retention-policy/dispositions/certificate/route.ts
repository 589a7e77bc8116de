import { destructionCertificateOperation } from "@/server/api/retention/dispositions.operations";
import { rest, routeMethods } from "@/server/transport/http/rest-endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({ GET: rest(destructionCertificateOperation) });
