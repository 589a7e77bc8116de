import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Attribute, Change, Client } from "ldapts";
import { freePort } from "./free-port";
import { runProcess } from "./run-process";

/**
 * A real OpenLDAP server (Debian's slapd) for tests: its own cn=config (made with slapadd), mdb
 * database and pid file under a temp dir, plain LDAP on a free loopback port. The memberof overlay
 * maintains `memberOf` from groupOfNames, as Active Directory does; the ppolicy overlay makes
 * `pwdAccountLockedTime` lock an account (a disabled account refuses its bind). With `{ tls: true }`
 * a throwaway CA and a server certificate for 127.0.0.1 are made with openssl in its directory, and
 * slapd also listens for ldaps:// on a second port (StartTLS on the ldap:// one).
 */
export const LDAP_SUFFIX = "dc=example,dc=org";
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = "admin-secret";
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;

export interface LdapUser {
  uid: string;
  mail: string;
  password: string;
  givenName: string;
  sn: string;
  groups: string[];
}

export interface SlapdServer {
  url: string;
  /** With `{ tls: true }`: the ldaps:// URL and the PEM file of the CA that signed the server's certificate. */
  ldapsUrl?: string;
  caFile?: string;
  /** The environment that points the application at this directory. */
  env: Record<string, string>;
  userDn(uid: string): string;
  groupDn(group: string): string;
  addToGroup(uid: string, group: string): Promise<void>;
  removeFromGroup(uid: string, group: string): Promise<void>;
  /** Locks the account the way ppolicy does for a disabled user (binds are refused). */
  disable(uid: string): Promise<void>;
  stop(): Promise<void>;
}

const SLAPD_BIN = process.env.SLAPD_BIN ?? "/usr/sbin/slapd";
const SLAPADD_BIN = process.env.SLAPADD_BIN ?? "/usr/sbin/slapadd";
const MODULE_PATH = process.env.SLAPD_MODULE_PATH ?? "/usr/lib/ldap";
const SCHEMA_DIR = process.env.SLAPD_SCHEMA_DIR ?? "/etc/ldap/schema";

function configLdif(dir: string, tls: boolean): string {
  const tlsFiles = tls
    ? `olcTLSCACertificateFile: ${dir}/tls/ca.pem
olcTLSCertificateFile: ${dir}/tls/server.pem
olcTLSCertificateKeyFile: ${dir}/tls/server.key
`
    : "";
  return `dn: cn=config
objectClass: olcGlobal
cn: config
olcPidFile: ${dir}/slapd.pid
${tlsFiles}
dn: cn=module{0},cn=config
objectClass: olcModuleList
cn: module{0}
olcModulePath: ${MODULE_PATH}
olcModuleLoad: back_mdb
olcModuleLoad: memberof
olcModuleLoad: ppolicy

dn: cn=schema,cn=config
objectClass: olcSchemaConfig
cn: schema

include: file://${SCHEMA_DIR}/core.ldif
include: file://${SCHEMA_DIR}/cosine.ldif
include: file://${SCHEMA_DIR}/inetorgperson.ldif

dn: olcDatabase={-1}frontend,cn=config
objectClass: olcDatabaseConfig
objectClass: olcFrontendConfig
olcDatabase: {-1}frontend

dn: olcDatabase={0}config,cn=config
objectClass: olcDatabaseConfig
olcDatabase: {0}config

dn: olcDatabase={1}mdb,cn=config
objectClass: olcDatabaseConfig
objectClass: olcMdbConfig
olcDatabase: {1}mdb
olcDbDirectory: ${dir}/data
olcDbMaxSize: 67108864
olcSuffix: ${LDAP_SUFFIX}
olcRootDN: ${LDAP_ADMIN_DN}
olcRootPW: ${LDAP_ADMIN_PASSWORD}
olcAccess: {0}to attrs=userPassword by self write by anonymous auth by * none
olcAccess: {1}to * by users read by * none

dn: olcOverlay={0}memberof,olcDatabase={1}mdb,cn=config
objectClass: olcOverlayConfig
objectClass: olcMemberOf
olcOverlay: {0}memberof
olcMemberOfGroupOC: groupOfNames
olcMemberOfMemberAD: member
olcMemberOfMemberOfAD: memberOf
olcMemberOfRefInt: TRUE

dn: olcOverlay={1}ppolicy,olcDatabase={1}mdb,cn=config
objectClass: olcOverlayConfig
objectClass: olcPPolicyConfig
olcOverlay: {1}ppolicy
olcPPolicyDefault: cn=default,ou=policies,${LDAP_SUFFIX}
`;
}

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function adminClient(url: string): Promise<Client> {
  const client = new Client({ url, timeout: 5_000, connectTimeout: 5_000 });
  await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
  return client;
}

async function withAdmin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await adminClient(url);
  try {
    return await work(client);
  } finally {
    await client.unbind();
  }
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${output()}`);
    try {
      await withAdmin(url, async () => undefined);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`slapd did not answer: ${String(error)}\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function seed(url: string, users: LdapUser[]): Promise<void> {
  const groups = [...new Set(users.flatMap((user) => user.groups))];
  await withAdmin(url, async (client) => {
    await client.add(LDAP_SUFFIX, { objectClass: ["dcObject", "organization"], dc: "example", o: "Example" });
    for (const ou of ["people", "groups", "policies"])
      await client.add(`ou=${ou},${LDAP_SUFFIX}`, { objectClass: "organizationalUnit", ou });
    await client.add(`cn=default,ou=policies,${LDAP_SUFFIX}`, {
      objectClass: ["person", "pwdPolicy"],
      cn: "default",
      sn: "policy",
      pwdAttribute: "userPassword",
      pwdLockout: "TRUE",
    });
    for (const user of users) {
      await client.add(`uid=${user.uid},${LDAP_PEOPLE}`, {
        objectClass: "inetOrgPerson",
        uid: user.uid,
        cn: `${user.givenName} ${user.sn}`,
        givenName: user.givenName,
        sn: user.sn,
        mail: user.mail,
        userPassword: user.password,
      });
    }
    for (const group of groups) {
      const members = users.filter((user) => user.groups.includes(group)).map((user) => `uid=${user.uid},${LDAP_PEOPLE}`);
      await client.add(`cn=${group},${LDAP_GROUPS}`, { objectClass: "groupOfNames", cn: group, member: members });
    }
  });
}

async function openssl(args: string[]): Promise<void> {
  const result = await runProcess("openssl", args);
  if (result.code !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
}

/** A throwaway CA (tls/ca.pem) and a certificate it signed for 127.0.0.1 and localhost (tls/server.pem, server.key). */
async function makeCertificates(dir: string): Promise<void> {
  const file = (name: string) => path.join(dir, "tls", name);
  await mkdir(path.join(dir, "tls"));
  await openssl(
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Test LDAP CA"]
      .concat(["-keyout", file("ca.key"), "-out", file("ca.pem")])
      .concat(["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"]),
  );
  await openssl([
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-subj",
    "/CN=127.0.0.1",
    "-keyout",
    file("server.key"),
    "-out",
    file("server.csr"),
  ]);
  await writeFile(file("server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n");
  await openssl(
    ["x509", "-req", "-days", "2", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key")].concat([
      "-CAcreateserial",
      "-extfile",
      file("server.ext"),
      "-out",
      file("server.pem"),
    ]),
  );
}

/** Starts slapd seeded with `users` and their groups (groupOfNames under ou=groups). */
export async function startSlapd(users: LdapUser[], options: { tls?: boolean } = {}): Promise<SlapdServer> {
  const dir = await mkdtemp(path.join(tmpdir(), "slapd-"));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = options.tls ? `ldaps://127.0.0.1:${await freePort()}` : undefined;
  await mkdir(path.join(dir, "config"));
  await mkdir(path.join(dir, "data"));
  if (options.tls) await makeCertificates(dir);
  await writeFile(path.join(dir, "config.ldif"), configLdif(dir, options.tls === true));
  const added = await runProcess(SLAPADD_BIN, ["-n", "0", "-F", path.join(dir, "config"), "-l", path.join(dir, "config.ldif")]);
  if (added.code !== 0) throw new Error(`slapadd failed: ${added.stderr}`);
  let output = "";
  const listeners = [url, ldapsUrl].filter(Boolean).map((listener) => `${listener}/`);
  const child = spawn(SLAPD_BIN, ["-d", "0", "-h", listeners.join(" "), "-F", path.join(dir, "config")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    child.kill("SIGTERM");
    if (!(await waitForExit(child, 10_000))) {
      child.kill("SIGKILL");
      await waitForExit(child, 5_000);
    }
    process.removeListener("exit", killOnExit);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => output);
    await seed(url, users);
  } catch (error) {
    await stop();
    throw error;
  }
  const userDn = (uid: string) => `uid=${uid},${LDAP_PEOPLE}`;
  const groupDn = (group: string) => `cn=${group},${LDAP_GROUPS}`;
  const modifyGroup = (uid: string, group: string, operation: "add" | "delete") =>
    withAdmin(url, (client) =>
      client.modify(groupDn(group), new Change({ operation, modification: new Attribute({ type: "member", values: [userDn(uid)] }) })),
    );
  return {
    url,
    ...(ldapsUrl ? { ldapsUrl, caFile: path.join(dir, "tls", "ca.pem") } : {}),
    env: { LDAP_URL: url, LDAP_BIND_DN: LDAP_ADMIN_DN, LDAP_BIND_PASSWORD: LDAP_ADMIN_PASSWORD, LDAP_USER_BASE: LDAP_PEOPLE },
    userDn,
    groupDn,
    addToGroup: (uid, group) => modifyGroup(uid, group, "add"),
    removeFromGroup: (uid, group) => modifyGroup(uid, group, "delete"),
    disable: (uid) =>
      withAdmin(url, (client) =>
        client.modify(
          userDn(uid),
          new Change({ operation: "add", modification: new Attribute({ type: "pwdAccountLockedTime", values: ["000001010000Z"] }) }),
        ),
      ),
    stop,
  };
}
