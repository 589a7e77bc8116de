/**
 * An async function as a React event handler (`onClick`, `onSubmit`), which must return nothing: React
 * does not wait for a promise, so the handler runs on its own. Each of our handlers reports its own
 * failures (a toast, the form's error, a query's error state); a rejection that still escapes is a bug,
 * written to the console instead of becoming an unhandled rejection.
 */
export function asyncHandler<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args) => {
    handler(...args).catch((error: unknown) => console.error(error));
  };
}
