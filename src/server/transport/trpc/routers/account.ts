import * as apiKeys from "../../../api/identity/api-keys.operations";
import * as auth from "../../../api/identity/auth.operations";
import * as users from "../../../api/identity/users.operations";
import { router } from "../init";
import { mutation, query } from "../operation-procedure";

/** The signed-in caller's own things: profile, password, two-factor authentication, API keys. */
export const accountRouter = router({
  me: query(auth.getMeOperation),
  updateProfile: mutation(users.updateProfileOperation),
  changePassword: mutation(users.changePasswordOperation),
  mfaStatus: query(auth.getMfaStatusOperation),
  setupTotp: mutation(auth.setupTotpOperation),
  enableTotp: mutation(auth.enableTotpOperation),
  disableMfa: mutation(auth.disableMfaOperation),
  apiKeys: query(apiKeys.listApiKeysOperation),
  createApiKey: mutation(apiKeys.createApiKeyOperation),
  deleteApiKey: mutation(apiKeys.deleteApiKeyOperation),
});
