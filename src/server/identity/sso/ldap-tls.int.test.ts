import { afterAll, beforeAll, afterEach, describe, expect, it } from "vitest";
import { setupAdmin } from "@tests/helpers/auth";
import { api } from "@tests/helpers/rest-client";
import { startSlapd, type SlapdServer } from "@tests/helpers/slapd";

/** LDAP sign-in over TLS against a real slapd with a throwaway CA: StartTLS and ldaps://, trusted and not. */
let slapd: SlapdServer;
const login = () => api("POST", "/v1/auth/login", { body: { email: "tina@example.org", password: "tina-directory-pw" } });
const TLS_VARIABLES = ["LDAP_URL", "LDAP_STARTTLS", "LDAP_CA_FILE"];

beforeAll(async () => {
  slapd = await startSlapd(
    [{ uid: "tina", mail: "tina@example.org", password: "tina-directory-pw", givenName: "Tina", sn: "Tls", groups: ["archive-auditors"] }],
    { tls: true },
  );
  await setupAdmin("breakglass@example.com");
  Object.assign(process.env, slapd.env);
}, 120_000);

afterEach(() => {
  for (const name of TLS_VARIABLES) delete process.env[name];
});

afterAll(async () => {
  for (const name of Object.keys(slapd?.env ?? {})) delete process.env[name];
  await slapd?.stop();
});

describe("LDAP over TLS", () => {
  it("signs in over StartTLS with the directory's CA trusted (LDAP_CA_FILE)", async () => {
    Object.assign(process.env, { LDAP_URL: slapd.url, LDAP_STARTTLS: "true", LDAP_CA_FILE: slapd.caFile });
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe("tina@example.org");
  });

  it("signs in over ldaps:// with the CA trusted", async () => {
    Object.assign(process.env, { LDAP_URL: slapd.ldapsUrl, LDAP_CA_FILE: slapd.caFile });
    expect((await login()).status).toBe(200);
  });

  it.each([
    ["StartTLS", () => ({ LDAP_URL: slapd.url, LDAP_STARTTLS: "true" })],
    ["ldaps://", () => ({ LDAP_URL: slapd.ldapsUrl })],
  ])("refuses a certificate of an untrusted CA over %s with a 503 that says why", async (_name, env) => {
    Object.assign(process.env, env());
    const refused = await login();
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(
      /^The user directory's \(LDAP\) TLS certificate is not trusted \([A-Z_]+\); set LDAP_CA_FILE to the certificate of the CA that signed it$/,
    );
  });
});
