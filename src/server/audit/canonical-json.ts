/**
 * JSON with object keys sorted recursively (by UTF-16 code units, as Array.prototype.sort does),
 * no whitespace, JSON.stringify's escaping; undefined object members are left out and undefined
 * array items become null, as JSON.stringify does (docs/audit-log.md).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ",";
      out += canonicalJson(value[index] === undefined ? null : value[index]);
    }
    return out + "]";
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = "{";
  for (const key of keys) {
    if (record[key] === undefined) continue;
    if (out.length > 1) out += ",";
    out += JSON.stringify(key) + ":" + canonicalJson(record[key]);
  }
  return out + "}";
}
