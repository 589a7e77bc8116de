import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "./logger";

describe("logger", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it("writes text by default: the scope, the message, the fields as one JSON object, then the cause", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cause = new Error("connection reset");
    logger("imap").error("connecting failed", { host: "mail.example", port: 993, skipped: undefined }, cause);
    expect(error.mock.calls).toEqual([["[imap] connecting failed", '{"host":"mail.example","port":993}', cause]]);
  });

  it("writes one JSON object per line with LOG_FORMAT=json, the cause by name and message", () => {
    vi.stubEnv("LOG_FORMAT", "json");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    logger("sync").warn("stored secret does not open", { sourceId: "s-1" }, new TypeError("bad key"));
    const line = JSON.parse(String(warn.mock.calls[0][0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "warn",
      scope: "sync",
      message: "stored secret does not open",
      sourceId: "s-1",
      cause: "TypeError: bad key",
    });
    expect(typeof line.time).toBe("string");
  });
});
