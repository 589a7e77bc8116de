import { connect } from "node:net";
import SMTPConnection from "nodemailer/lib/smtp-connection/index.js";

export interface SmtpResult {
  /** The final reply code: DATA's, or the refusal that ended the transaction. */
  code: number;
  response: string;
  rejected: string[];
}

export interface SendOptions {
  port: number;
  /** The listener's address (default 127.0.0.1); the host's own non-loopback address makes the client an outside one. */
  host?: string;
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
    host: options.host ?? "127.0.0.1",
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

/** The bytes as DATA carries them: every line ending CRLF, a line starting with "." doubled, then "." alone. */
export function dataSection(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let start = 0;
  const fix = (position: number, insert: string) => {
    parts.push(raw.subarray(start, position), Buffer.from(insert));
    start = position;
  };
  if (raw[0] === 0x2e) fix(0, ".");
  for (let lf = raw.indexOf(0x0a); lf !== -1; lf = raw.indexOf(0x0a, lf + 1)) {
    if (lf === 0 || raw[lf - 1] !== 0x0d) fix(lf, "\r");
    if (raw[lf + 1] === 0x2e) fix(lf + 1, ".");
  }
  parts.push(raw.subarray(start));
  const ending = raw.length > 0 && raw[raw.length - 1] === 0x0a ? ".\r\n" : "\r\n.\r\n";
  parts.push(Buffer.from(ending));
  return Buffer.concat(parts);
}

/**
 * One plain connection that carries many transactions one after the other, as an MTA that caches
 * its connections to a busy next hop (Postfix's connection cache) sends them. A lean client: each
 * command is written at once (TCP_NODELAY) and waits for its reply (no pipelining), the message is
 * sent dot-stuffed with CRLF line endings (`dataSection`), and the reply is parsed and nothing more;
 * nodemailer's SMTPConnection, which the other helpers use, spent a tenth of the journal
 * benchmark's process CPU on its own (docs/journaling.md), which a real MTA spends on its own host.
 */
export async function openSmtpSession(options: { port: number; host?: string }): Promise<SmtpSession> {
  const socket = connect({ host: options.host ?? "127.0.0.1", port: options.port });
  socket.setNoDelay(true);
  socket.setTimeout(30_000, () => socket.destroy(new Error("SMTP socket timed out")));
  let buffered = "";
  let lines: string[] = [];
  const waiting: { resolve: (reply: { code: number; text: string }) => void; reject: (error: Error) => void }[] = [];
  const replies: { code: number; text: string }[] = [];
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("connection closed by the server")));
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("latin1");
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      const line = buffered.slice(0, end).replace(/\r$/, "");
      buffered = buffered.slice(end + 1);
      lines.push(line);
      // "250-..." continues a reply, "250 ..." (or a bare code) ends it.
      if (line[3] === "-") continue;
      const reply = { code: Number(line.slice(0, 3)), text: lines.join("\n") };
      lines = [];
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(reply);
      else replies.push(reply);
    }
  });
  const nextReply = () =>
    new Promise<{ code: number; text: string }>((resolve, reject) => {
      const ready = replies.shift();
      if (ready) resolve(ready);
      else if (failure) reject(failure);
      else waiting.push({ resolve, reject });
    });
  const command = (line: string | Buffer) => {
    socket.write(line);
    return nextReply();
  };
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const expect = async (reply: Promise<{ code: number; text: string }>, code: number) => {
    const answer = await reply;
    if (answer.code !== code) throw Object.assign(new Error(answer.text), { responseCode: answer.code, response: answer.text });
    return answer;
  };
  await expect(nextReply(), 220);
  await expect(command("EHLO bench.client\r\n"), 250);
  return {
    send: async (message) => {
      try {
        await expect(command(`MAIL FROM:<${message.from}>\r\n`), 250);
        const rejected: string[] = [];
        let refusal: { code: number; text: string } | undefined;
        for (const recipient of message.to) {
          const reply = await command(`RCPT TO:<${recipient}>\r\n`);
          if (reply.code >= 300) {
            rejected.push(recipient);
            refusal = reply;
          }
        }
        if (rejected.length === message.to.length) {
          await command("RSET\r\n");
          return { code: refusal!.code, response: refusal!.text, rejected };
        }
        await expect(command("DATA\r\n"), 354);
        const reply = await command(dataSection(message.raw));
        return { code: reply.code, response: reply.text, rejected };
      } catch (error) {
        return failed(error as { responseCode?: number; response?: string; message: string });
      }
    },
    close: () => {
      if (!failure) socket.end("QUIT\r\n");
    },
  };
}
