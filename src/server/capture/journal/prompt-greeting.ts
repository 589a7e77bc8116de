import type { SMTPServer } from "smtp-server";
import { SMTPConnection } from "smtp-server/lib/smtp-connection.js";

/**
 * smtp-server (pinned 3.21.6) waits 100 ms before its greeting on every connection, to catch spam
 * bots that speak before it ("early talkers"). A journal listener's clients are the organisation's
 * own MTAs, allow-listed, and for a transaction per connection that wait was most of the time to
 * `250`: 104 ms for the greeting against 5 ms for the whole DATA exchange, so 10 connections could
 * never pass 100 messages/s (docs/journaling.md, "Throughput"). Servers passed to greetPromptly
 * greet as soon as the connection is set up (onConnect still decides first); the library has no
 * option for it, so its connection's `init` is replaced for those servers only. The library's
 * `maxClients` check, which lives in the same `init`, is kept: beyond it the connection gets the
 * library's 421 and is closed. Any other server keeps the library's `init`.
 */
const promptServers = new WeakSet<SMTPServer>();
const delayedInit = SMTPConnection.prototype.init;

SMTPConnection.prototype.init = function init(this: SMTPConnection) {
  if (!promptServers.has(this._server)) return delayedInit.call(this);
  this._setListeners(() => {
    const maxClients = this._server.options.maxClients;
    if (maxClients && this._server.connections.size > maxClients) {
      return this.send(421, `${this.name} Too many connected clients, try again in a moment`, false);
    }
    this.connectionReady();
  });
};

export function greetPromptly(server: SMTPServer): void {
  promptServers.add(server);
}
