import { z } from 'zod';

/**
 * One call of the API: its method, its path under `/api`, and the zod shapes of its query, body
 * and answer (the `data` of the envelope). The server binds routes from these and the web app
 * calls through them, so a shape is written once.
 */
export interface CallDefinition<
  Q extends z.ZodTypeAny = z.ZodTypeAny,
  B extends z.ZodTypeAny = z.ZodTypeAny,
  A extends z.ZodTypeAny = z.ZodTypeAny,
  S extends boolean = boolean,
> {
  method: 'GET' | 'POST';
  path: string;
  /** Does the call need the `token` header? */
  isSignedIn: S;
  query: Q;
  body: B;
  answer: A;
}

const none = z.object({}).strict();

export function defineCall<
  Q extends z.ZodTypeAny = typeof none,
  B extends z.ZodTypeAny = typeof none,
  A extends z.ZodTypeAny = z.ZodTypeAny,
  S extends boolean = boolean,
>(definition: {
  method: 'GET' | 'POST';
  path: string;
  isSignedIn: S;
  query?: Q;
  body?: B;
  answer: A;
}): CallDefinition<Q, B, A, S> {
  return {
    ...definition,
    query: (definition.query ?? none) as Q,
    body: (definition.body ?? none) as B,
  };
}

export type CallQuery<C extends CallDefinition> = z.input<C['query']>;
export type CallBody<C extends CallDefinition> = z.input<C['body']>;
export type CallAnswer<C extends CallDefinition> = z.output<C['answer']>;

/** Paging as the spec's list calls take it: pageNum from 1, pageSize up to 50. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const pageAnswer = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    list: z.array(item),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  });
