import { BlockList, isIP } from "node:net";

export interface Cidr {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** `10.0.0.0/8`, `2001:db8::/32` or a single address; null when it is neither. */
export function parseCidr(value: string): Cidr | null {
  const [address, prefixText, ...rest] = value.trim().split("/");
  const version = isIP(address ?? "");
  if (rest.length > 0 || version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText !== undefined && !/^\d+$/.test(prefixText))) return null;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** IPv4 clients reach a dual-stack socket as `::ffff:a.b.c.d`. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

/** The clients a journal source with neither `allowedClients` nor credentials takes mail from (docs/journaling.md). */
export const LOOPBACK_CLIENTS = ["127.0.0.0/8", "::1/128"];

/** Whether `remoteAddress` lies in one of `cidrs`. */
export function clientAllowed(cidrs: string[], remoteAddress: string): boolean {
  const address = plainAddress(remoteAddress);
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  const list = new BlockList();
  for (const cidr of cidrs.map(parseCidr)) if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  return list.check(address, family);
}
