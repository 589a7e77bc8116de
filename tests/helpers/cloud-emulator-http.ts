import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The HTTP frame the provider emulators share (graph-emulator.ts, gmail-emulator.ts): a real server on
 * a loopback port, a request log, and queued answers (throttling as the provider documents it, and
 * hostile answers: links to a foreign host, pages that never end, oversized or stalled bodies), so a
 * test sees what a client sent and can make the next requests answer what it needs.
 */
export interface EmulatorRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: Buffer;
  at: number;
}

export interface EmulatorAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: Buffer;
  /** Hostile: the status, headers and this many bytes of the body are sent, then nothing more (a stalled body). */
  stallAfterBytes?: number;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): EmulatorAnswer => ({ status, body, headers });

export interface Throttle {
  /** How many of the next matching requests are answered so (Infinity: all of them). */
  count: number;
  /** The answer, or one made for the request (a page whose link names the request's own). */
  answer: EmulatorAnswer | ((request: EmulatorRequest) => EmulatorAnswer);
  /** Only requests whose path matches (all when absent). */
  path?: RegExp;
}

export interface EmulatorServer {
  url: string;
  requests: EmulatorRequest[];
  throttle(rule: Throttle): void;
  stop(): Promise<void>;
}

export async function startEmulatorServer(
  handle: (request: EmulatorRequest) => Promise<EmulatorAnswer> | EmulatorAnswer,
): Promise<EmulatorServer> {
  const requests: EmulatorRequest[] = [];
  const throttles: Throttle[] = [];
  const server: Server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    // answer() catches every handler failure itself and answers 500, so nothing is left unhandled.
    incoming.on("end", () => void answer());
    const answer = async () => {
      const request: EmulatorRequest = {
        method: incoming.method ?? "GET",
        url: new URL(incoming.url ?? "/", "http://127.0.0.1"),
        headers: incoming.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(request);
      let answer: EmulatorAnswer;
      const rule = throttles.find((entry) => entry.count > 0 && (!entry.path || entry.path.test(request.url.pathname)));
      try {
        if (rule) {
          rule.count--;
          answer = typeof rule.answer === "function" ? rule.answer(request) : rule.answer;
        } else answer = await handle(request);
      } catch (error) {
        answer = json(500, { error: { code: "InternalServerError", message: String(error) } });
      }
      const body = answer.raw ?? (answer.body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(answer.body)));
      response.writeHead(answer.status, {
        ...(answer.raw ? {} : { "content-type": "application/json; charset=utf-8" }),
        ...answer.headers,
        "content-length": String(body.length),
      });
      if (answer.stallAfterBytes !== undefined) {
        // Stalled: the connection stays open until the client gives up (or the server stops).
        response.write(body.subarray(0, answer.stallAfterBytes));
        return;
      }
      response.end(body);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    throttle: (rule) => throttles.push({ ...rule }),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL-safe opaque token carrying JSON (the emulators' page and delta tokens). */
export const encodeToken = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
export function decodeToken<T>(token: string): T | null {
  try {
    return JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}

/** The bearer token of a request, or null. */
export const bearerOf = (request: EmulatorRequest) => /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1] ?? null;
