/**
 * What `zod` resolves to in the web app's bundle (see vite.config.ts).
 *
 * The web app uses the contracts' zod schemas for their TypeScript types and never validates with
 * them at run time: the server validates every call, and the client reads only a call's method and
 * path. Building the schemas still ran all of zod (about 25 KB gzipped, a sixth of the first load),
 * so in the browser a schema is this stand-in: any chain of schema-building calls (`z.object(...)
 * .extend(...).optional()`) returns another stand-in and records nothing. Validating with one
 * throws, so a page that starts to rely on it fails loudly in the end-to-end tests; put the rule in
 * a contracts function instead (as `goodsListQuery` or `payPasswordProblem` are).
 */

const refused = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode']);

function refuse(name: string): never {
  throw new Error(
    `zod's ${name}() is not bundled in the web app: validate on the server, or use a contracts rule function`,
  );
}

function standIn(): unknown {
  const target = function shape() {};
  const proxy: unknown = new Proxy(target, {
    get(_target, property) {
      // Not a promise, not a primitive: only schema-building calls are answered.
      if (property === 'then' || typeof property === 'symbol') return undefined;
      if (refused.has(property)) return () => refuse(property);
      return proxy;
    },
    apply() {
      return standIn();
    },
  });
  return proxy;
}

export const z = standIn();
export default z;
