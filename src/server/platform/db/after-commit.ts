import type { Pool } from "pg";
import { logInternalError } from "../errors/log-internal-error";

/** Work that must follow a commit, given the pool the transaction ran on (the same server). */
export type AfterCommitTask = (pool: Pool) => Promise<void>;

/**
 * By transaction (a Prisma interactive transaction, or the `pg` connection of one). On globalThis:
 * the app's production build can hold two copies of this module (the transaction helpers in one chunk,
 * the audit appender in another), and a task registered in one copy must be run by the other.
 */
const globalForAfterCommit = globalThis as unknown as { afterCommitTasks?: WeakMap<object, Set<AfterCommitTask>> };
const pendingTasks = (globalForAfterCommit.afterCommitTasks ??= new WeakMap<object, Set<AfterCommitTask>>());

/**
 * Runs `task` once after `transaction` commits (the same task registered twice runs once), and
 * never when it rolls back. The transaction helpers run these (transaction(), withPgTransaction(),
 * commitTransaction()); the audit appender uses it to seal the entries its transaction committed.
 */
export function runAfterCommit(transaction: object, task: AfterCommitTask): void {
  let tasks = pendingTasks.get(transaction);
  if (!tasks) pendingTasks.set(transaction, (tasks = new Set()));
  tasks.add(task);
}

/**
 * Called by a transaction helper once its COMMIT has succeeded. The change is committed whatever a
 * task does, so a task's failure is logged, never thrown: the caller must not be told a committed
 * change failed (a retry would repeat it). What a task leaves undone must be safe to finish later.
 */
export async function transactionCommitted(transaction: object, pool: Pool): Promise<void> {
  const tasks = pendingTasks.get(transaction);
  if (!tasks) return;
  pendingTasks.delete(transaction);
  for (const task of tasks) await task(pool).catch(logInternalError);
}

/** Called by a transaction helper after a rollback (or before BEGIN on a reused connection). */
export function transactionEnded(transaction: object): void {
  pendingTasks.delete(transaction);
}
