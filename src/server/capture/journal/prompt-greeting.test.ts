import net from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { greetPromptly } from "./prompt-greeting";

const realSetTimeout = globalThis.setTimeout;
const servers: SMTPServer[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** The server's first line within `waitMs` of real time while timers are frozen, or null. */
async function greetingWithFrozenTimers(server: SMTPServer, waitMs: number): Promise<{ greeting: string | null; socket: net.Socket }> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  const socket = net.connect((server.server.address() as AddressInfo).port, "127.0.0.1");
  const greeting = await new Promise<string | null>((resolve) => {
    socket.once("data", (data) => resolve(data.toString("latin1")));
    realSetTimeout(() => resolve(null), waitMs);
  });
  return { greeting, socket };
}

const plainServer = () => new SMTPServer({ authOptional: true, disableReverseLookup: true, logger: false });

describe("greetPromptly", () => {
  it("greets without the library's 100 ms early-talker timer, with the library's maxClients bound kept", async () => {
    const server = new SMTPServer({ authOptional: true, disableReverseLookup: true, logger: false, maxClients: 1 });
    greetPromptly(server);
    const { greeting, socket } = await greetingWithFrozenTimers(server, 10_000);
    expect(greeting).toMatch(/^220 /);
    const second = net.connect((server.server.address() as AddressInfo).port, "127.0.0.1");
    const refused = await new Promise<string>((resolve) => second.once("data", (data) => resolve(data.toString("latin1"))));
    expect(refused).toMatch(/^421 .*Too many connected clients/);
    second.destroy();
    socket.destroy();
  });

  it("leaves other servers waiting for that timer (so the test above can fail)", async () => {
    const { greeting, socket } = await greetingWithFrozenTimers(plainServer(), 300);
    expect(greeting).toBeNull();
    const late = new Promise<string>((resolve) => socket.once("data", (data) => resolve(data.toString("latin1"))));
    vi.advanceTimersByTime(100);
    expect(await late).toMatch(/^220 /);
    socket.destroy();
  });
});
