import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { installationPublicKey } from "@/server/signing/installation-signing-key";
import { exportKeyResponse } from "@/server/ediscovery/ediscovery.responses";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({
    response: exportKeyResponse,
    summary: "The installation's public key that signs export manifests",
    auth: "authenticated",
    feature: "EDISCOVERY",
    handler: async () => installationPublicKey(),
  }),
});
