import { BlockList, isIP } from "node:net";
import { config } from "../../platform/config/env";

/**
 * The provider boundary's address rule (docs/security.md, "Threat model"): a provider URL (`loginUrl`,
 * `graphUrl`, `gmailUrl`, `directoryUrl`, a key's `token_uri`, every link a provider answers) never
 * reaches the archive's own network. A host that is, or resolves to, a loopback, private (RFC 1918,
 * ULA), carrier-grade NAT, link-local (cloud metadata: 169.254.169.254, fd00:ec2::254) or otherwise
 * non-public address is refused, unless the operator lists it in CLOUD_PRIVATE_HOSTS (local proxies,
 * the test emulators). Checked when the URL is entered (literal addresses and `localhost`) and again
 * on every connection, after DNS (cloud-http.ts), so a name that later resolves inward is refused too.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  INTERNAL.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // IPv4-mapped and NAT64 forms name an IPv4 address by another spelling: never a provider's.
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  INTERNAL.addSubnet(network, prefix, "ipv6");

/** The bare host of a URL's hostname (IPv6 without brackets), lower-cased. */
const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");

/** Whether the operator allowed this host (a name or an address) in CLOUD_PRIVATE_HOSTS. */
export function isAllowedPrivateHost(hostname: string): boolean {
  return config.cloudPrivateHosts.includes(bareHost(hostname));
}

/** True for an address no provider has: loopback, private, link-local, metadata, multicast, reserved. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return INTERNAL.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Why a provider URL may not be used, or null: not http(s), plain http to a host the operator did not
 * allow, or a host that is an internal address (however spelled: the URL parser reads `127.1` and
 * `0x7f000001` as 127.0.0.1) or `localhost`. A name is checked again when it is resolved (cloud-http.ts).
 */
export function providerUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an https URL";
  const host = bareHost(url.hostname);
  if (isAllowedPrivateHost(host)) return null;
  if (url.protocol === "http:") return "must be an https URL (plain http only to a host listed in CLOUD_PRIVATE_HOSTS)";
  // A fully qualified name ("localhost.") is the same name.
  const name = host.replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost") || (isIP(host) !== 0 && isInternalAddress(host)))
    return "names an internal address (loopback, private, link-local or metadata); list the host in CLOUD_PRIVATE_HOSTS to allow it";
  return null;
}
