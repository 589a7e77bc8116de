/** nodemailer ships no types (and @types/nodemailer pulls in the AWS SES SDK): the SMTP client part the tests use. */
declare module "nodemailer/lib/smtp-connection/index.js" {
  interface Options {
    host: string;
    port: number;
    secure?: boolean;
    ignoreTLS?: boolean;
    requireTLS?: boolean;
    tls?: { rejectUnauthorized?: boolean };
    connectionTimeout?: number;
    socketTimeout?: number;
  }
  interface SentInfo {
    accepted: string[];
    rejected: string[];
    response: string;
  }
  interface SmtpError extends Error {
    responseCode?: number;
    response?: string;
    rejectedErrors?: SmtpError[];
  }
  class SMTPConnection {
    constructor(options: Options);
    secure: boolean;
    connect(callback: (error?: SmtpError) => void): void;
    login(auth: { user: string; pass: string }, callback: (error?: SmtpError) => void): void;
    send(envelope: { from: string; to: string[] }, message: Buffer, callback: (error: SmtpError | null, info: SentInfo) => void): void;
    quit(): void;
    close(): void;
    on(event: "error", listener: (error: SmtpError) => void): this;
    on(event: "end", listener: () => void): this;
  }
  export = SMTPConnection;
}
