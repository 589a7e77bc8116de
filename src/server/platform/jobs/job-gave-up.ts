/**
 * A job failure that no retry can mend (a stored secret that does not open on any host of the
 * installation): the job is marked failed at once with this reason, where the status page lists it,
 * instead of being tried again five times or, worse, ending as done.
 */
export class JobGaveUp extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "JobGaveUp";
  }
}
