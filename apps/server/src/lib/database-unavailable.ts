/**
 * Whether an error means the database cannot be reached right now (restarting, connections cut,
 * refusing connections), as opposed to a fault of the call: such calls answer 503
 * SERVICE_UNAVAILABLE, which a client may retry, and the pool opens new connections by itself.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '08000', // connection_exception
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '53300', // too_many_connections
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))
  ) {
    return true;
  }
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text));
}
