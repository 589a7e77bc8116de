import { endpoint, routeMethods } from "@/server/http/rest-endpoint";
import { installationPublicKey } from "@/server/signing/installation-signing-key";

export const { GET, POST, PUT, PATCH, DELETE } = routeMethods({
  GET: endpoint({ auth: "authenticated", feature: "EDISCOVERY", handler: async () => installationPublicKey() }),
});
