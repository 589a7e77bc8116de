import { describe, expect, it } from "vitest";
import { selectedRoles } from "./process-roles";

const roles = (env: string | undefined, ...argv: string[]) => [...selectedRoles({ env, argv })].sort();

describe("the roles of npm start", () => {
  it("runs the web server, the worker and the journal listener by default", () => {
    expect(roles(undefined)).toEqual(["journal", "web", "worker"]);
    expect(roles("")).toEqual(["journal", "web", "worker"]);
  });

  it("runs the roles ROLES names, less those a --no-<role> flag turns off", () => {
    expect(roles("web")).toEqual(["web"]);
    expect(roles(" Worker , journal ")).toEqual(["journal", "worker"]);
    expect(roles(undefined, "--no-worker")).toEqual(["journal", "web"]);
    expect(roles("web,worker", "--no-web", "--dev")).toEqual(["worker"]);
  });

  it("refuses an unknown role and a start with nothing to run", () => {
    expect(() => roles("web,mailer")).toThrow(/unknown role\(s\) mailer/);
    expect(() => roles("worker", "--no-worker")).toThrow(/Nothing to run/);
  });
});
