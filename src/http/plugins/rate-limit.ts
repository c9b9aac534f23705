// Request limits for /api/v1, per token and per firm, so one noisy integration (or one noisy firm)
// cannot take the API from the others. Fixed windows counted in this process (each API process
// allows the configured rate: with N processes behind a balancer a client gets at most N times
// it). The answer carries the IETF draft's RateLimit-Limit / -Remaining / -Reset fields (the
// tighter of the two limits) and a refusal is a 429 problem+json with Retry-After.
import type { Deps } from '../../services/deps.ts';
import type { AccessClaims } from '../../services/jwt.ts';
import type { ClaimsGate } from './auth.ts';
import { sendProblem } from './problems.ts';

interface Window { count: number; resetAt: number }

export interface LimitState { limit: number; remaining: number; resetSeconds: number; allowed: boolean }

/** Fixed-window counters by key. check() reads without counting, so a refusal by one limit spends nothing of the other. */
export function fixedWindowLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, Window>();
  let nextSweep = now() + windowMs;
  const current = (key: string): Window => {
    const at = now();
    if (at >= nextSweep) { // forget finished windows, so idle keys do not accumulate
      for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
      nextSweep = at + windowMs;
    }
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      windows.set(key, window);
    }
    return window;
  };
  const state = (window: Window): LimitState => ({
    limit,
    remaining: Math.max(0, limit - window.count),
    resetSeconds: Math.max(1, Math.ceil((window.resetAt - now()) / 1000)),
    allowed: window.count < limit,
  });
  return {
    check: (key: string): LimitState => state(current(key)),
    take(key: string): LimitState {
      const window = current(key);
      window.count++;
      return state(window);
    },
    get size() { return windows.size; },
  };
}

/** The gate requireAuth runs on verified claims, before any database work. */
export function rateLimit(deps: Deps): ClaimsGate | undefined {
  const { windowSeconds, perToken, perFirm } = deps.config.rateLimit;
  const scopes = [
    { name: 'token', limit: perToken, key: (c: AccessClaims) => c.jti },
    { name: 'firm', limit: perFirm, key: (c: AccessClaims) => c.firm },
  ].filter((s) => s.limit > 0).map((s) => ({ ...s, limiter: fixedWindowLimiter(s.limit, windowSeconds * 1000) }));
  if (scopes.length === 0) return undefined;

  return (request, reply, claims) => {
    const checked = scopes.map((s) => ({ scope: s, key: s.key(claims), state: s.limiter.check(s.key(claims)) }));
    const refused = checked.find((c) => !c.state.allowed);
    const states = refused ? [refused.state] : checked.map((c) => c.scope.limiter.take(c.key));
    const shown = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    reply.header('RateLimit-Limit', String(shown.limit));
    reply.header('RateLimit-Remaining', String(shown.remaining));
    reply.header('RateLimit-Reset', String(shown.resetSeconds));
    if (!refused) return false;
    reply.header('Retry-After', String(shown.resetSeconds));
    void sendProblem(request, reply, 429, 'rate_limited',
      `Too many requests for this ${refused.scope.name}: ${shown.limit} per ${windowSeconds} s; retry in ${shown.resetSeconds} s`,
      { details: { scope: refused.scope.name, limit: shown.limit, window_seconds: windowSeconds, retry_after: shown.resetSeconds } });
    return true;
  };
}
