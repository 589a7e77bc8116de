import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { startSlapd, type SlapdServer } from "@tests/helpers/slapd";
import { type EnvValues, withEnv } from "@tests/helpers/with-env";

/** LDAP sign-in over TLS against a real slapd with a throwaway CA: StartTLS and ldaps://, trusted and not. */
let slapd: SlapdServer;
const login = () => api("POST", "/v1/auth/login", { body: { email: "tina@example.org", password: "tina-directory-pw" } });
/** A sign-in with the directory's TLS settings `tls`; those it leaves out are unset. */
const loginWithTls = (tls: EnvValues) => withEnv({ LDAP_STARTTLS: undefined, LDAP_CA_FILE: undefined, ...tls }, login);

beforeAll(async () => {
  slapd = await startSlapd(
    [{ uid: "tina", mail: "tina@example.org", password: "tina-directory-pw", givenName: "Tina", sn: "Tls", groups: ["archive-auditors"] }],
    { tls: true },
  );
  await setupAdmin("breakglass@example.com");
}, 120_000);
withEnv(() => slapd.env, { scope: "all" });

afterAll(async () => {
  await slapd?.stop();
});

describe("LDAP over TLS", () => {
  it("signs in over StartTLS with the directory's CA trusted (LDAP_CA_FILE)", async () => {
    const signedIn = await loginWithTls({ LDAP_URL: slapd.url, LDAP_STARTTLS: "true", LDAP_CA_FILE: slapd.caFile });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe("tina@example.org");
  });

  it("signs in over ldaps:// with the CA trusted", async () => {
    expect((await loginWithTls({ LDAP_URL: slapd.ldapsUrl, LDAP_CA_FILE: slapd.caFile })).status).toBe(200);
  });

  it.each([
    ["StartTLS", () => ({ LDAP_URL: slapd.url, LDAP_STARTTLS: "true" })],
    ["ldaps://", () => ({ LDAP_URL: slapd.ldapsUrl })],
  ])("refuses a certificate of an untrusted CA over %s with a 503 that says why", async (_name, env) => {
    const refused = await loginWithTls(env());
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(
      /^The user directory's \(LDAP\) TLS certificate is not trusted \([A-Z_]+\); set LDAP_CA_FILE to the certificate of the CA that signed it$/,
    );
  });
});
