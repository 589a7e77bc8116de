import * as apiKeys from "../../../identity/api-keys/api-keys.operations";
import * as auth from "../../../identity/auth/auth.operations";
import * as users from "../../../identity/users/users.operations";
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
