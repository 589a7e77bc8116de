/**
 * What one `npm start` process runs (docs/configuration.md, "Roles"): the web server, the
 * background worker (exports, syncs, index jobs, lifecycle cycles) and the SMTP journaling listener,
 * all three by default. `ROLES=web,worker` names the ones to run; `--no-web`, `--no-worker` and
 * `--no-journal` turn one off; a scaled-out installation runs web-only and worker-only processes.
 */
export const PROCESS_ROLES = ["web", "worker", "journal"] as const;
export type ProcessRoleName = (typeof PROCESS_ROLES)[number];

export function selectedRoles(options: { env: string | undefined; argv: readonly string[] }): Set<ProcessRoleName> {
  const named = options.env?.trim() ? options.env.split(",").map((role) => role.trim().toLowerCase()) : [...PROCESS_ROLES];
  const unknown = named.filter((role) => !(PROCESS_ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) throw new Error(`ROLES: unknown role(s) ${unknown.join(", ")} (roles: ${PROCESS_ROLES.join(", ")})`);
  const roles = new Set(named as ProcessRoleName[]);
  for (const role of PROCESS_ROLES) if (options.argv.includes(`--no-${role}`)) roles.delete(role);
  if (roles.size === 0) throw new Error(`Nothing to run: every role (${PROCESS_ROLES.join(", ")}) is turned off`);
  return roles;
}
