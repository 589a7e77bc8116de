import type { Socket } from "node:net";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";

export interface SmtpResult {
  /** The final reply code: DATA's, or the refusal that ended the transaction. */
  code: number;
  response: string;
  rejected: string[];
}

export interface SendOptions {
  port: number;
  from: string;
  to: string[];
  raw: Buffer;
  /** Upgrade with STARTTLS (the listener's certificate is self-signed); default true. */
  tls?: boolean;
  auth?: { user: string; pass: string };
}

const failed = (error: { responseCode?: number; response?: string; message: string }): SmtpResult => ({
  code: error.responseCode ?? 0,
  response: error.response ?? error.message,
  rejected: [],
});

/** Delivers one message over a fresh connection and reports the server's answer (never throws for an SMTP refusal). */
export async function sendSmtp(options: SendOptions): Promise<SmtpResult> {
  const connection = new SMTPConnection({
    host: "127.0.0.1",
    port: options.port,
    ignoreTLS: options.tls === false,
    tls: { rejectUnauthorized: false },
    connectionTimeout: 10_000,
    socketTimeout: 30_000,
  });
  // A refusal at the greeting, or the server going away mid-transaction, reaches only the "error"
  // and "end" events: the callbacks of connect and send wait for an answer that never comes.
  let failStep: (error: Error) => void = () => undefined;
  connection.on("error", (error) => failStep(error));
  connection.on("end", () => failStep(new Error("connection closed by the server")));
  try {
    await new Promise<void>((resolve, reject) => {
      failStep = reject;
      connection.connect((error) => (error ? reject(error) : resolve()));
    });
    if (options.auth) {
      const auth = options.auth;
      await new Promise<void>((resolve, reject) => {
        failStep = reject;
        connection.login(auth, (error) => (error ? reject(error) : resolve()));
      });
    }
    return await new Promise<SmtpResult>((resolve) => {
      failStep = (error) => resolve(failed(error));
      connection.send({ from: options.from, to: options.to }, options.raw, (error, info) =>
        resolve(error ? failed(error) : { code: Number(info.response.slice(0, 3)), response: info.response, rejected: info.rejected }),
      );
    });
  } catch (error) {
    return failed(error as { responseCode?: number; response?: string; message: string });
  } finally {
    connection.close();
  }
}

export interface SmtpSession {
  /** Sends one message on the session's connection (one transaction); never throws for an SMTP refusal. */
  send(message: { from: string; to: string[]; raw: Buffer }): Promise<SmtpResult>;
  close(): void;
}

/**
 * One plain connection that carries many transactions one after the other, as an MTA that caches
 * its connections to a busy next hop (Postfix's connection cache) sends them.
 */
export async function openSmtpSession(options: { port: number }): Promise<SmtpSession> {
  const connection = new SMTPConnection({
    host: "127.0.0.1",
    port: options.port,
    ignoreTLS: true,
    connectionTimeout: 10_000,
    socketTimeout: 30_000,
  });
  let failStep: (error: Error) => void = () => undefined;
  connection.on("error", (error) => failStep(error));
  connection.on("end", () => failStep(new Error("connection closed by the server")));
  await new Promise<void>((resolve, reject) => {
    failStep = reject;
    connection.connect((error) => (error ? reject(error) : resolve()));
  });
  // Each command goes out at once, as an MTA's client sends it; the library leaves Nagle's algorithm
  // on, and a command written while the last one is unacknowledged then waits for the server's delayed ACK.
  (connection as unknown as { _socket: Socket })._socket.setNoDelay(true);
  return {
    send: (message) =>
      new Promise<SmtpResult>((resolve) => {
        failStep = (error) => resolve(failed(error));
        connection.send({ from: message.from, to: message.to }, message.raw, (error, info) =>
          resolve(error ? failed(error) : { code: Number(info.response.slice(0, 3)), response: info.response, rejected: info.rejected }),
        );
      }),
    close: () => connection.close(),
  };
}
