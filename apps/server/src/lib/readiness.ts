/**
 * Whether this process should get traffic: `starting` until it listens, `ready`, then `draining`
 * from the shutdown signal on, so the load balancer stops sending before the server stops
 * accepting (GET /api/health/ready).
 */
export type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  markReady(): void;
  markDraining(): void;
}

export function createReadiness(): Readiness {
  let state: ReadinessState = 'starting';
  return {
    get state() {
      return state;
    },
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markDraining() {
      state = 'draining';
    },
  };
}
