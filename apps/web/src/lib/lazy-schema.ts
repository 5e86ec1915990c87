// The schemas of the site's answers, loaded when an answer first needs one. Zod and the schemas of
// @prison/shared are a chunk of their own (vite.config.ts, "contracts") that no page's first load
// includes: a page the server rendered brings its data already checked, so the first answer or live
// message the page reads afterwards loads them, after the page has become interactive.
import type { z } from 'zod';

/** A schema, loaded on first use: `await schema()`. */
export type LazySchema<S extends z.ZodType = z.ZodType> = () => Promise<S>;

/**
 * `load` run once, on the first call: every caller then shares its promise, so callbacks on it run in
 * the order they were made (live messages are read in the order they came). A load that failed (the
 * network) is tried again by the next call.
 */
export function lazySchema<S extends z.ZodType>(load: () => Promise<S>): LazySchema<S> {
  let loading: Promise<S> | undefined;
  return () => {
    if (!loading) {
      const attempt = load();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
    }
    return loading;
  };
}

/** The names of a module's exports that are schemas. */
type SchemaName<M> = { [K in keyof M]: M[K] extends z.ZodType ? K : never }[keyof M];

/**
 * The schemas of one module, each a LazySchema by its name:
 * `const schema = schemasOf(() => import('@prison/shared/docs'))`, then `schema('docSchema')`.
 */
export function schemasOf<M>(load: () => Promise<M>) {
  return <K extends SchemaName<M>>(name: K): LazySchema<Extract<M[K], z.ZodType>> =>
    lazySchema(async () => (await load())[name] as Extract<M[K], z.ZodType>);
}
