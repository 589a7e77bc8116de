/** `promise`, marked as handled: it is awaited later, and may reject before then. */
export function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
