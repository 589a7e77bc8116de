import type { SMTPServer } from "smtp-server";
import { SMTPConnection } from "smtp-server/lib/smtp-connection.js";

/**
 * smtp-server (pinned 3.21.6) waits 100 ms before its greeting on every connection, to catch spam
 * bots that speak before it ("early talkers"). A journal listener's clients are the organisation's
 * own MTAs, allow-listed, and for a transaction per connection that wait was most of the time to
 * `250`: 104 ms for the greeting against 5 ms for the whole DATA exchange, so 10 connections could
 * never pass 100 messages/s (docs/journaling.md, "Throughput"). Servers passed to greetPromptly
 * greet as soon as the connection is set up (onConnect still decides first); the library has no
 * option for it, so its connection's `init` is replaced for those servers only, and any other
 * server, or one with `maxClients` (whose check lives in the same `init`), keeps the library's.
 */
const promptServers = new WeakSet<SMTPServer>();
const delayedInit = SMTPConnection.prototype.init;

SMTPConnection.prototype.init = function init(this: SMTPConnection) {
  if (!promptServers.has(this._server) || this._server.options.maxClients) return delayedInit.call(this);
  this._setListeners(() => this.connectionReady());
};

export function greetPromptly(server: SMTPServer): void {
  promptServers.add(server);
}
