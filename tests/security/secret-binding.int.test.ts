import { generateKeyPairSync } from "node:crypto";
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { verifyAuditLog } from "../../src/server/audit/verify-audit-log";
import { db } from "../../src/server/platform/db/client";
import { createSourceSchema, PROVIDERS, updateSourceSchema, type Provider } from "../../src/server/capture/ingestion-sources.schemas";
import { SOURCE_SECRET_BINDINGS } from "../../src/server/capture/source-secret-bindings";
import { jobHandlers } from "../../src/server/composition/job-handlers";
import { runNextJob } from "../../src/server/platform/jobs/run-next-job";
import { appRouter } from "../../src/server/transport/trpc/root";
import { operationInputSchema } from "../../src/server/transport/trpc/operation-procedure";
import { createUserWithRole, setupAdmin, type TestUser } from "../helpers/auth";
import { dovecotSourceConfig, startDovecot, type DovecotServer } from "../helpers/dovecot";
import { useEmptyDatabasePerTest } from "../helpers/reset-database";
import { api, routeFiles, routeSpec } from "../helpers/rest-client";
import { trpcHttp } from "../helpers/trpc-http";

/**
 * Issue 34, item 4: a stored secret only ever goes where it was entered for. The walk covers every
 * provider's secrets and every field they are bound to (source-secret-bindings.ts), every REST
 * route and tRPC procedure that writes a source's config, and the sync that uses the secret.
 */
useEmptyDatabasePerTest();

const mailbox = { username: "alice@corp.test", password: "Alice-Imap-Secret-1" };
let dovecot: DovecotServer;
let admin: TestUser;
let ingestOnly: TestUser;

/** An attacker's host: greets as an IMAP server without STARTTLS, says OK to everything, records every byte. */
interface CaptureServer {
  port: number;
  received: () => string;
  connections: () => number;
  stop: () => Promise<void>;
}
async function startCaptureServer(): Promise<CaptureServer> {
  let received = "";
  let connections = 0;
  const server = await listenOnce((socket) => {
    connections += 1;
    socket.write("* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] ready\r\n");
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      for (const line of chunk.toString("latin1").split("\r\n").filter(Boolean)) {
        const tag = line.split(" ")[0];
        if (/ CAPABILITY/i.test(line)) socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n${tag} OK done\r\n`);
        else if (/ AUTHENTICATE PLAIN$/i.test(line)) socket.write("+ \r\n");
        else if (/^[A-Za-z0-9+/=]+$/.test(line)) socket.write("* BYE\r\n");
        else socket.write(`${tag} OK done\r\n`);
      }
    });
  });
  return { port: server.port, received: () => received, connections: () => connections, stop: server.stop };
}

/** A TCP server answering each connection with `answer`; `stop` ends its connections too. */
async function listenOnce(answer: (socket: Socket) => void): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    answer(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Whether the bytes carry the password in any form an IMAP client sends it (LOGIN, AUTHENTICATE PLAIN). */
function carriesPassword(bytes: string, username: string, password: string): boolean {
  const plain = Buffer.from(`\u0000${username}\u0000${password}`).toString("base64");
  return bytes.includes(password) || bytes.includes(plain) || bytes.includes(Buffer.from(password).toString("base64"));
}

/**
 * Per provider with secrets: a valid config (secrets included), a value for each field the secrets
 * are bound to that differs from it, and a change of a field they are not bound to.
 */
const FIXTURES: Partial<
  Record<Provider, { config: () => Record<string, unknown>; changed: Record<string, unknown>; unbound: Record<string, unknown> }>
> = {
  imap: {
    config: () => dovecotSourceConfig(dovecot, mailbox),
    changed: { host: "localhost", port: 1143, secure: true, allowInsecure: false, username: "mallory@corp.test" },
    unbound: { mailboxes: ["INBOX"] },
  },
  "smtp-journal": {
    config: () => ({ internalDomains: ["corp.test"], username: "journal", password: "Journal-Secret-Passw0rd-1" }),
    changed: { username: "other-journal" },
    unbound: { internalDomains: ["corp.test", "other.test"] },
  },
  microsoft365: {
    config: () => ({ tenantId: "corp.test", clientId: "0b5e6c1e-0000-4000-8000-000000000001", clientSecret: "Graph~Client~Secret-1" }),
    changed: {
      tenantId: "other.test",
      clientId: "0b5e6c1e-0000-4000-8000-000000000002",
      graphUrl: "https://graph.attacker.example",
      loginUrl: "https://login.attacker.example",
    },
    unbound: { mailboxes: ["alice@corp.test"] },
  },
  "google-workspace": {
    config: () => ({
      adminEmail: "admin@corp.test",
      serviceAccountKey: {
        type: "service_account",
        client_email: "archive@project.iam.gserviceaccount.com",
        private_key: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        token_uri: "https://oauth2.googleapis.com/token",
      },
    }),
    changed: {
      adminEmail: "mallory@corp.test",
      gmailUrl: "https://gmail.attacker.example",
      directoryUrl: "https://admin.attacker.example",
    },
    unbound: { mailboxes: ["alice@corp.test"] },
  },
};

const withoutSecrets = (provider: Provider, config: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(config).filter(([key]) => !SOURCE_SECRET_BINDINGS[provider].secrets.includes(key)));

/** The config's field names of each provider's create schema. */
function configFields(): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const option of createSourceSchema.options) {
    let config: unknown = option.shape.config;
    while (config && !(config as { shape?: object }).shape)
      config = (config as { _zod: { def: { innerType?: unknown } } })._zod.def.innerType;
    fields[option.shape.provider.value] = Object.keys((config as { shape: object }).shape);
  }
  return fields;
}

/** REST routes and tRPC procedures whose input is a source's config (create or update). */
async function configWriters() {
  const rest: { method: string; pattern: string; kind: "create" | "update" }[] = [];
  for (const route of routeFiles()) {
    const loaded = await route.load();
    for (const method of ["POST", "PUT", "PATCH"]) {
      const body = routeSpec(loaded[method])?.body;
      if (body === createSourceSchema) rest.push({ method, pattern: route.pattern, kind: "create" });
      if (body === updateSourceSchema) rest.push({ method, pattern: route.pattern, kind: "update" });
    }
  }
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: unknown[] } }> } })._def.procedures;
  const trpc: { name: string; kind: "create" | "update" }[] = [];
  for (const [name, procedure] of Object.entries(procedures)) {
    // A procedure bound to an operation parses with that operation's schemas (a body that is not one object is the `body` field).
    const inputs = procedure._def.inputs.flatMap((input) => {
      const flat = operationInputSchema(input);
      return flat instanceof z.ZodObject ? Object.values(flat.shape) : [input];
    });
    if (inputs.includes(createSourceSchema)) trpc.push({ name, kind: "create" });
    // An object body is flattened into the input: the update is found by its own `config` field.
    if (inputs.includes(updateSourceSchema) || inputs.includes(updateSourceSchema.shape.config)) trpc.push({ name, kind: "update" });
  }
  return { rest, trpc };
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const createVia = async (provider: Provider, config: Record<string, unknown>, name = `${provider} ${Math.random()}`) => {
  const created = await api("POST", "/v1/ingestion-sources", { token: ingestOnly.token, body: { name, provider, config } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
};
const storedConfig = async (id: string) => (await db().ingestionSource.findUniqueOrThrow({ where: { id } })).config;
const runJobs = async () => {
  while (await runNextJob(jobHandlers));
};

beforeAll(async () => {
  dovecot = await startDovecot({ users: [mailbox] });
});
afterAll(async () => dovecot?.stop());

describe("a stored secret only goes where it was entered for (every provider, every path)", () => {
  it("declares every secret-looking config field of every provider as a secret, and walks every field they are bound to", () => {
    const fields = configFields();
    expect(Object.keys(fields).sort()).toEqual([...PROVIDERS].sort());
    for (const provider of PROVIDERS) {
      const binding = SOURCE_SECRET_BINDINGS[provider];
      const secretLooking = fields[provider].filter((field) => /pass|secret|key|token|credential/i.test(field));
      expect(secretLooking.sort(), provider).toEqual([...binding.secrets].sort());
      for (const field of [...binding.secrets, ...binding.boundTo]) expect(fields[provider], `${provider}.${field}`).toContain(field);
      if (binding.secrets.length > 0)
        expect(Object.keys(FIXTURES[provider]?.changed ?? {}).sort(), provider).toEqual([...binding.boundTo].sort());
    }
  });

  it("refuses over REST and tRPC every change of a bound field without the secret (422 on the secret's field); with it, accepts", async () => {
    admin = await setupAdmin();
    ingestOnly = await createUserWithRole(admin.token, [{ action: "manage", subject: "ingestion" }]);
    const writers = await configWriters();
    // Every path that writes a source's config is walked below; a new one appears here first.
    expect(writers.rest.sort((a, b) => a.method.localeCompare(b.method))).toEqual([
      { method: "POST", pattern: "/v1/ingestion-sources", kind: "create" },
      { method: "PUT", pattern: "/v1/ingestion-sources/[id]", kind: "update" },
    ]);
    expect(writers.trpc).toEqual([
      { name: "sources.create", kind: "create" },
      { name: "sources.update", kind: "update" },
    ]);

    for (const provider of PROVIDERS) {
      const binding = SOURCE_SECRET_BINDINGS[provider];
      const fixture = FIXTURES[provider];
      if (binding.secrets.length === 0 || !fixture) continue;
      const base = fixture.config();
      for (const secret of binding.secrets) {
        // Creating never reuses a secret: over REST and tRPC a bound config without it is refused.
        const { [secret]: _omitted, ...withoutSecret } = base;
        const rest = await api("POST", "/v1/ingestion-sources", {
          token: ingestOnly.token,
          body: { name: `no ${secret}`, provider, config: { ...withoutSecret, [`${secret}Encrypted`]: "v1:x:y:z" } },
        });
        expect(rest.status, `${provider} create without ${secret}`).toBe(422);
        const trpc = await trpcHttp(
          "sources.create",
          { body: { name: `no ${secret}`, provider, config: withoutSecret } },
          bearer(ingestOnly),
        );
        expect(trpc.status, `${provider} create without ${secret} over tRPC`).toBe(422);
        expect((await trpc.json()).error.data.fieldErrors.map((error: { field: string }) => error.field)).toContain(
          `body.config.${secret}`,
        );
      }
      for (const [field, value] of Object.entries(fixture.changed)) {
        const id = await createVia(provider, base);
        const before = await storedConfig(id);
        const refused = await api("PUT", `/v1/ingestion-sources/${id}`, {
          token: ingestOnly.token,
          body: { config: { ...withoutSecrets(provider, base), [field]: value } },
        });
        expect(refused.status, `${provider}.${field} changed without the secret`).toBe(422);
        expect(refused.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(
          binding.secrets.map((secret) => `config.${secret}`).sort(),
        );
        expect(refused.body.errors[0].message).toContain(field);
        expect(await storedConfig(id)).toEqual(before);
        // The Sources page's edit form (tRPC) goes through the same rule.
        const refusedTrpc = await trpcHttp(
          "sources.update",
          { id, config: { ...withoutSecrets(provider, base), [field]: value } },
          bearer(ingestOnly),
        );
        expect(refusedTrpc.status, `${provider}.${field} changed without the secret over tRPC`).toBe(422);
        expect((await refusedTrpc.json()).error.data.fieldErrors.map((error: { field: string }) => error.field).sort()).toEqual(
          binding.secrets.map((secret) => `config.${secret}`).sort(),
        );
        expect(await storedConfig(id)).toEqual(before);
        const accepted = await api("PUT", `/v1/ingestion-sources/${id}`, {
          token: ingestOnly.token,
          body: { config: { ...base, [field]: value } },
        });
        expect(accepted.status, `${provider}.${field} changed with the secret`).toBe(200);
      }
      // A change of a field the secret is not bound to keeps it.
      const id = await createVia(provider, base);
      const kept = await api("PUT", `/v1/ingestion-sources/${id}`, {
        token: ingestOnly.token,
        body: { config: { ...withoutSecrets(provider, base), ...fixture.unbound } },
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.config).toMatchObject({ ...fixture.unbound, [`${binding.secrets[0]}Set`]: true });
    }
    expect((await verifyAuditLog()).ok).toBe(true);
  });

  it("a sync (REST or tRPC) never sends the stored password to a new destination, whatever path changed the row", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    admin = await setupAdmin();
    ingestOnly = await createUserWithRole(admin.token, [{ action: "manage", subject: "ingestion" }]);
    const attacker = await startCaptureServer();
    try {
      const base = FIXTURES.imap!.config();
      const id = await createVia("imap", base);
      // The reported attack: host, port and plain text, without the password.
      const moved = await api("PUT", `/v1/ingestion-sources/${id}`, {
        token: ingestOnly.token,
        body: { config: { ...withoutSecrets("imap", base), host: "localhost", port: attacker.port, secure: false, allowInsecure: true } },
      });
      expect(moved.status).toBe(422);
      expect((await api("POST", `/v1/ingestion-sources/${id}/sync`, { token: ingestOnly.token })).status).toBe(202);
      expect((await trpcHttp("sources.sync", { id }, bearer(ingestOnly))).status).toBe(200);
      await runJobs();
      // Both syncs went to the mailbox the password was entered for.
      expect(await db().ingestionSource.findUniqueOrThrow({ where: { id } })).toMatchObject({
        status: "idle",
        config: { host: dovecot.host, port: dovecot.port },
      });

      // A path that skipped the rule (here: the row edited directly): the sealed password does not open for the new destination.
      const row = await db().ingestionSource.findUniqueOrThrow({ where: { id } });
      await db().ingestionSource.update({
        where: { id },
        data: { config: { ...(row.config as object), host: "localhost", port: attacker.port } },
      });
      expect((await api("POST", `/v1/ingestion-sources/${id}/sync`, { token: ingestOnly.token })).status).toBe(202);
      await runJobs();
      expect(carriesPassword(attacker.received(), mailbox.username, mailbox.password)).toBe(false);
      expect(attacker.connections()).toBe(0);

      // The capture server does catch a password sent to it: a source whose password was entered for it, in plain text.
      const entered = await createVia("imap", { ...base, host: "localhost", port: attacker.port, password: "Entered-For-Attacker-1" });
      expect((await api("POST", `/v1/ingestion-sources/${entered}/sync`, { token: ingestOnly.token })).status).toBe(202);
      await runJobs();
      expect(carriesPassword(attacker.received(), mailbox.username, "Entered-For-Attacker-1")).toBe(true);
    } finally {
      await attacker.stop();
    }
  });
});

describe("plain-text IMAP and connection failures", () => {
  it("sends no password without TLS unless the source opted in to plain text, and audits the opt-in", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    admin = await setupAdmin();
    ingestOnly = await createUserWithRole(admin.token, [{ action: "manage", subject: "ingestion" }]);
    const attacker = await startCaptureServer();
    try {
      const password = "Plain-Text-Secret-1";
      const strict = await createVia("imap", { host: "127.0.0.1", port: attacker.port, secure: false, username: "bob", password });
      expect((await api("GET", `/v1/ingestion-sources/${strict}`, { token: ingestOnly.token })).body.config).toMatchObject({
        secure: false,
        allowInsecure: false,
      });
      await api("POST", `/v1/ingestion-sources/${strict}/sync`, { token: ingestOnly.token });
      await runJobs();
      expect(attacker.connections()).toBeGreaterThan(0);
      expect(carriesPassword(attacker.received(), "bob", password)).toBe(false);
      expect(await db().ingestionSource.findUniqueOrThrow({ where: { id: strict } })).toMatchObject({
        status: "error",
        statusMessage: `Could not connect to the IMAP server at 127.0.0.1:${attacker.port} (the server log has the details)`,
      });

      const optedIn = await createVia("imap", {
        host: "127.0.0.1",
        port: attacker.port,
        secure: false,
        allowInsecure: true,
        username: "bob",
        password,
      });
      const created = await db().auditLog.findFirstOrThrow({ where: { actionType: "CREATE", targetId: optedIn } });
      expect(created.details).toMatchObject({ config: { secure: false, allowInsecure: true } });
      await api("POST", `/v1/ingestion-sources/${optedIn}/sync`, { token: ingestOnly.token });
      await runJobs();
      expect(carriesPassword(attacker.received(), "bob", password)).toBe(true);
    } finally {
      await attacker.stop();
    }
  });

  it("gives a closed port, a non-IMAP service's banner and a TLS refusal the same status message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    admin = await setupAdmin();
    ingestOnly = await createUserWithRole(admin.token, [{ action: "manage", subject: "ingestion" }]);
    const banner = await listenOnce((socket) => socket.end("SSH-2.0-OpenSSH_9.6 internal-build-host\r\n"));
    const tls = await listenOnce((socket) => socket.end(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x46])));
    try {
      const ports = { closed: 1, banner: banner.port, tls: tls.port };
      const messages: Record<string, string> = {};
      for (const [kind, port] of Object.entries(ports)) {
        const id = await createVia("imap", { host: "127.0.0.1", port, secure: kind === "tls", username: "bob", password: "Scan-Secret-1" });
        await api("POST", `/v1/ingestion-sources/${id}/sync`, { token: ingestOnly.token });
        await runJobs();
        const source = await api("GET", `/v1/ingestion-sources/${id}`, { token: ingestOnly.token });
        messages[kind] = (source.body.statusMessage as string).replace(`:${port} `, ":PORT ");
      }
      expect(new Set(Object.values(messages)).size, JSON.stringify(messages)).toBe(1);
      expect(messages.closed).toBe("Could not connect to the IMAP server at 127.0.0.1:PORT (the server log has the details)");
    } finally {
      await banner.stop();
      await tls.stop();
    }
  });
});
