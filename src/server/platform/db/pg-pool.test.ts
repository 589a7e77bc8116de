import { describe, expect, it } from "vitest";
import { expectDatabaseStop, idleConnectionErrorReporter } from "./pg-pool";

const adminShutdown = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("errors on idle pooled connections", () => {
  it("reports a server stop closing a dozen connections as one line, and a later restart again", () => {
    const lines: string[] = [];
    let clock = 0;
    const report = idleConnectionErrorReporter(
      (line) => lines.push(line),
      () => clock,
    );
    for (let connection = 0; connection < 12; connection++) report(adminShutdown());
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/terminating|administrator command/);
    clock += 5 * 60_000;
    report(adminShutdown());
    expect(lines).toHaveLength(2);
  });

  it("reports any other error on its own line", () => {
    const lines: string[] = [];
    const report = idleConnectionErrorReporter((line) => lines.push(line));
    report(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
    report(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
    expect(lines).toEqual(["idle connection closed: read ECONNRESET", "idle connection closed: read ECONNRESET"]);
  });

  it("reports nothing when this process is stopping (Ctrl-C reaches the embedded database too)", () => {
    const lines: string[] = [];
    const report = idleConnectionErrorReporter((line) => lines.push(line));
    expectDatabaseStop();
    for (let connection = 0; connection < 12; connection++) report(adminShutdown());
    expect(lines).toEqual([]);
  });
});
