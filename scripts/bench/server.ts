import { spawn, type ChildProcess } from "node:child_process";
import { cpuProfileArgs, peakRssOfTree } from "./measured-process";

export interface RunningServer {
  pid: number;
  url: string;
  /** Peak RSS of the primary and of each worker process, in MB. */
  peakRssMb(): number[];
  stop(): Promise<void>;
}

/**
 * The production server as `npm start` runs it (scripts/start.ts over the existing `next build`),
 * started as `node --import tsx` rather than the tsx CLI so that the measured pid is the server.
 */
export async function startServer(options: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  log: (text: string) => void;
}): Promise<RunningServer> {
  // BENCH_CPU_PROF profiles the server too: cluster workers inherit the primary's flags.
  const child: ChildProcess = spawn(process.execPath, [...cpuProfileArgs, "--import", "tsx", "scripts/start.ts"], {
    cwd: options.cwd,
    // The journal scenario runs its own listener; this server's would only hold port 2525. The
    // worker scenarios run their own worker, measured apart, which the server's must not compete with.
    env: { ...options.env, PORT: String(options.port), HOST: "127.0.0.1", JOURNAL_SMTP_PORT: "0", ROLES: "web" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 10 minutes:\n${output.slice(-2000)}`)), 600_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Serving on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
  options.log(`server pid ${child.pid} on port ${options.port}`);
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${options.port}`,
    peakRssMb: () => peakRssOfTree(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.removeAllListeners("exit");
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
