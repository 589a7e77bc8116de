/**
 * The worker role of `npm start`: `scripts/worker.ts` in a child process started with the worker's
 * own Node flags and environment (scripts/worker-node-flags.ts, as `npm run worker` starts it), on
 * the database the start resolved. A worker that dies is reported and started again after a pause
 * that grows while it keeps dying (up to a minute); `stop()` asks it to finish the work in hand
 * (SIGTERM) and kills it if it has not within `graceMs`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { WORKER_ENV, WORKER_NODE_FLAGS } from "./worker-node-flags";

/** A worker that ran this long before dying is restarted at once: its death was no start-up failure. */
const HEALTHY_AFTER_MS = 60_000;
const MAX_PAUSE_MS = 60_000;

export function superviseWorker(options: { projectDir: string; log: (message: string) => void; graceMs?: number }): {
  stop: () => Promise<void>;
} {
  let child: ChildProcess | null = null;
  let stopping = false;
  let pauseMs = 1000;
  let restart: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    const worker = spawn(process.execPath, [...WORKER_NODE_FLAGS, "--import", "tsx", path.join("scripts", "worker.ts")], {
      cwd: options.projectDir,
      env: { ...process.env, ...WORKER_ENV },
      // The IPC channel tells the worker when this process is gone (even killed): it then stops too.
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child = worker;
    options.log(`worker started (pid ${worker.pid})`);
    worker.on("exit", (code, signal) => {
      child = null;
      if (stopping) return;
      pauseMs = Date.now() - startedAt > HEALTHY_AFTER_MS ? 1000 : Math.min(pauseMs * 2, MAX_PAUSE_MS);
      options.log(`the worker (pid ${worker.pid}) exited with ${signal ?? code}; starting another in ${pauseMs / 1000} s`);
      restart = setTimeout(start, pauseMs);
    });
  };
  start();

  return {
    stop: async () => {
      stopping = true;
      clearTimeout(restart);
      const worker = child;
      if (!worker) return;
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.kill("SIGTERM");
      const kill = setTimeout(() => worker.kill("SIGKILL"), options.graceMs ?? 60_000);
      await exited;
      clearTimeout(kill);
    },
  };
}
