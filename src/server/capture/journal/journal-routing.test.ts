import { describe, expect, it } from "vitest";
import { clientMayConnect, sessionTrusted } from "./journal-routing";
import type { JournalSource } from "./journal-sources";

const source = (config: Partial<JournalSource> = {}): JournalSource => ({
  id: "s1",
  name: "Journal",
  internalDomains: ["corp.test"],
  requireTls: false,
  exchangeReports: false,
  ...config,
});

describe("who may deliver (docs/journaling.md)", () => {
  it("a source with neither allowedClients nor credentials takes loopback clients only, and trusts none", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(clientMayConnect(source(), address), address).toBe(true);
      expect(sessionTrusted(source(), { remoteAddress: address, secure: true }), address).toBe(false);
    }
    for (const address of ["192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "10.0.0.1"]) {
      expect(clientMayConnect(source(), address), address).toBe(false);
    }
  });

  it("credentials let any client connect, and trust only the one that authenticated as this source", () => {
    const withAuth = source({ username: "mta", password: "long-enough-secret" });
    expect(clientMayConnect(withAuth, "192.0.2.2")).toBe(true);
    expect(sessionTrusted(withAuth, { remoteAddress: "192.0.2.2", secure: true })).toBe(false);
    expect(sessionTrusted(withAuth, { remoteAddress: "192.0.2.2", secure: true, authenticatedSourceId: "other" })).toBe(false);
    expect(sessionTrusted(withAuth, { remoteAddress: "192.0.2.2", secure: true, authenticatedSourceId: "s1" })).toBe(true);
  });

  it("an explicit allow-list admits and trusts exactly what it lists, loopback included only when listed", () => {
    const listed = source({ allowedClients: ["10.0.0.0/8"] });
    expect(clientMayConnect(listed, "10.1.2.3")).toBe(true);
    expect(sessionTrusted(listed, { remoteAddress: "10.1.2.3", secure: false })).toBe(true);
    expect(clientMayConnect(listed, "127.0.0.1")).toBe(false);
    expect(sessionTrusted(listed, { remoteAddress: "127.0.0.1", secure: false })).toBe(false);
  });
});
