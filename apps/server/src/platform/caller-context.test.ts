import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES } from '@tradeloop/contracts/accounts-roles-constants';
import { limitedCaller, mayCaller, outsideCaller, requireCallerPermission, runAsCaller } from './caller-context.ts';

const rep = { userId: 7, permissions: ['crm.leads.view', 'chat'] as const };

describe('the role-limited caller of a request (decision 038)', () => {
  it('limits the work run for a sub-user, through awaits, and nothing outside it', async () => {
    expect(limitedCaller()).toBeUndefined();
    await runAsCaller({ ...rep, permissions: [...rep.permissions] }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(limitedCaller()?.userId).toBe(7);
      expect(mayCaller('chat')).toBe(true);
      expect(mayCaller('team')).toBe(false);
      expect(() => requireCallerPermission('team')).toThrow(ROLE_MESSAGES.forbidden);
    });
    expect(mayCaller('team')).toBe(true);
    expect(() => requireCallerPermission('team')).not.toThrow();
  });

  it('runs background work started inside a request as nobody’s', async () => {
    const seen = await runAsCaller({ ...rep, permissions: [...rep.permissions] }, () =>
      outsideCaller(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return limitedCaller();
      }),
    );
    expect(seen).toBeUndefined();
  });

  it('does not limit a caller whom no role limits', () => {
    expect(runAsCaller(null, () => limitedCaller())).toBeUndefined();
  });
});
