// Work claims (indexing, generation) carry a lease: a claim whose lease has run out may be taken again.

export const MAX_ATTEMPTS = 3;

export type Claim = { workerId: string; attempt: number; leaseExpiresAt: string };

export const leaseExpired = (claim: Claim, now: string): boolean => Date.parse(claim.leaseExpiresAt) <= Date.parse(now);

export const leaseUntil = (now: string, leaseMs: number): string => new Date(Date.parse(now) + leaseMs).toISOString();
