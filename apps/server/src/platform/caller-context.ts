import { AsyncLocalStorage } from 'node:async_hooks';
import { ROLE_MESSAGES, type Permission } from '@tradeloop/contracts/accounts-roles';
import { forbidden } from './errors.ts';

/**
 * The role-limited caller a request runs for (decision 038). A route's permission is checked before
 * its handler; what depends on the object (a CRM record's type and owner) is checked where the object
 * is loaded, against this. Work outside a request (jobs, outbox handlers, demo data) has no caller and
 * is not limited.
 */
export type LimitedCaller = { userId: number; permissions: readonly Permission[] };

const store = new AsyncLocalStorage<LimitedCaller>();
/** The automation depth of the work under way (see runAtEventDepth). */
const depthStore = new AsyncLocalStorage<number>();

export function runAsCaller<T>(caller: LimitedCaller | null, work: () => T): T {
  return caller ? store.run(caller, work) : work();
}

/** Runs work with no caller, whatever request started the chain it runs in (background jobs). */
export function outsideCaller<T>(work: () => T): T {
  return depthStore.exit(() => store.exit(work));
}

/*
 * How many automation runs led to the work under way (decision 041). An automation's actions run at
 * their run's depth + 1, and the events they cause carry it, so rules that trigger one another stop at
 * a bound. Jobs start at no depth (outsideCaller), like they start with no caller.
 */
export function runAtEventDepth<T>(depth: number, work: () => T): T {
  return depthStore.run(depth, work);
}

/** The automation depth of the running work: 0 unless it runs inside an automation's actions. */
export function eventDepth(): number {
  return depthStore.getStore() ?? 0;
}

/** The role-limited caller of the running request, or undefined when nothing limits it. */
export function limitedCaller(): LimitedCaller | undefined {
  return store.getStore();
}

export function mayCaller(permission: Permission): boolean {
  const caller = store.getStore();
  return !caller || caller.permissions.includes(permission);
}

/** 403 with the role message when the running request's role lacks the permission. */
export function requireCallerPermission(permission: Permission) {
  if (!mayCaller(permission)) throw forbidden(ROLE_MESSAGES.forbidden);
}
