// GET /api/docs (no sign-in) and POST /api/docs (staff), spec 7; editing, deleting, restoring and
// each doc's history (staff, issue 15); WS /api/docs/ws, which says each doc's revision, so that an
// open page loads the list again when it changes.

import { sortDocs } from '@prison/shared/doc-text';
import type { CreateDocRequest, DeletedDoc, Doc, DocsLiveMessage, EditDocRequest } from '@prison/shared/docs';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiJson, fetchJson, isNotFound, jsonRequest, noContent } from '../../lib/api.ts';
import { schemasOf } from '../../lib/lazy-schema.ts';
import { readLiveMessage } from '../../lib/live-socket.ts';
import { useLiveSocket } from '../../lib/use-live-socket.ts';

const schema = schemasOf(() => import('@prison/shared/docs'));
const docSchema = schema('docSchema');
const docListSchema = schema('docListSchema');
const deletedDocListSchema = schema('deletedDocListSchema');
const docRevisionListSchema = schema('docRevisionListSchema');
const docRevisionTextSchema = schema('docRevisionTextSchema');
const docsLiveMessageSchema = schema('docsLiveMessageSchema');

const NO_DOCS: Doc[] = [];
/** Every docs query starts with it: a change to the docs refreshes them all. */
const DOCS_KEY = ['docs'] as const;

const docPath = (slug: string) => `/api/docs/${encodeURIComponent(slug)}`;

async function getDocs(): Promise<Doc[]> {
  return sortDocs(await fetchJson('/api/docs', docListSchema));
}

export const docsQueryOptions = () => queryOptions({ queryKey: DOCS_KEY, queryFn: getDocs });

/** Spec 4 Docs: undefined until loaded, then the sorted list, or an empty list if loading failed. */
export function useDocs(): Doc[] | undefined {
  const { data, isError } = useQuery(docsQueryOptions());
  return data ?? (isError ? NO_DOCS : undefined);
}

/** Puts `doc` in the cached list (in place of the one with its slug), or takes the slug out. */
function patchList(queryClient: QueryClient, slug: string, doc: Doc | null) {
  queryClient.setQueryData(docsQueryOptions().queryKey, (docs = NO_DOCS) =>
    sortDocs([...docs.filter((d) => d.slug !== slug), ...(doc ? [doc] : [])]),
  );
}

async function createDoc(input: CreateDocRequest): Promise<Doc> {
  return apiJson('/api/docs', docSchema, jsonRequest(input));
}

/** Spec 4 Docs: a created doc is added and the list re-sorted by title. */
export function useCreateDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDoc,
    onSuccess: (doc) => patchList(queryClient, doc.slug, doc),
  });
}

const deletedDocsQueryOptions = () =>
  queryOptions({
    queryKey: [...DOCS_KEY, 'deleted'],
    queryFn: () => apiJson('/api/docs/deleted', deletedDocListSchema),
  });

/** The deleted docs, for staff (`enabled`). */
export function useDeletedDocs(enabled: boolean): DeletedDoc[] | undefined {
  return useQuery({ ...deletedDocsQueryOptions(), enabled }).data;
}

const historyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...DOCS_KEY, 'revisions', slug],
    queryFn: () => apiJson(`${docPath(slug)}/revisions`, docRevisionListSchema),
    staleTime: 0,
  });

export function useDocHistory(slug: string) {
  return useQuery(historyQueryOptions(slug));
}

const revisionQueryOptions = (slug: string, revision: number) =>
  queryOptions({
    queryKey: [...DOCS_KEY, 'revisions', slug, revision],
    queryFn: () => apiJson(`${docPath(slug)}/revisions/${revision}`, docRevisionTextSchema),
    // A revision's text never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One revision's text; null asks for none. */
export function useDocRevision(slug: string, revision: number | null) {
  return useQuery({ ...revisionQueryOptions(slug, revision ?? 0), enabled: revision !== null });
}

/** After a doc changed: the list holds the answer, and its history is read again. */
function useSavedDoc() {
  const queryClient = useQueryClient();
  return (doc: Doc) => {
    patchList(queryClient, doc.slug, doc);
    void queryClient.invalidateQueries({ queryKey: historyQueryOptions(doc.slug).queryKey, exact: true });
  };
}

/** PUT /api/docs/{slug}: 409 when the doc was saved since `revision`. */
export function useEditDoc() {
  return useMutation({
    mutationFn: ({ slug, ...edit }: EditDocRequest & { slug: string }) =>
      apiJson(docPath(slug), docSchema, jsonRequest(edit, { method: 'PUT' })),
    onSuccess: useSavedDoc(),
  });
}

/** POST /api/docs/{slug}/revisions/{n}/restore, over the current `revision` (409 if it moved). */
export function useRestoreRevision() {
  return useMutation({
    mutationFn: ({ slug, from, revision }: { slug: string; from: number; revision: number }) =>
      apiJson(`${docPath(slug)}/revisions/${from}/restore`, docSchema, jsonRequest({ revision })),
    onSuccess: useSavedDoc(),
  });
}

export function useDeleteDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => apiJson(docPath(slug), noContent, { method: 'DELETE' }),
    onSuccess: (_, slug) => {
      patchList(queryClient, slug, null);
      void queryClient.invalidateQueries({ queryKey: deletedDocsQueryOptions().queryKey });
    },
  });
}

export function useRestoreDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => apiJson(`${docPath(slug)}/restore`, docSchema, jsonRequest({})),
    onSuccess: (doc) => {
      patchList(queryClient, doc.slug, doc);
      void queryClient.invalidateQueries({ queryKey: deletedDocsQueryOptions().queryKey });
    },
  });
}

/**
 * The doc as it is now, read from its history rather than the list (which may be a moment behind
 * the edit that made a save conflict), and put in the list. Null if the doc is gone.
 */
export function useReloadDoc(): (slug: string) => Promise<Doc | null> {
  const queryClient = useQueryClient();
  return useCallback(
    async (slug) => {
      try {
        const [latest] = await queryClient.fetchQuery(historyQueryOptions(slug));
        if (!latest) return null;
        const { title, content, revision } = await queryClient.fetchQuery(
          revisionQueryOptions(slug, latest.revision),
        );
        const doc = { title, slug, content, revision };
        patchList(queryClient, slug, doc);
        return doc;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    [queryClient],
  );
}

const sameRevisions = (docs: readonly Doc[], live: DocsLiveMessage) => {
  const revisions = new Map(docs.map((doc) => [doc.slug, doc.revision]));
  return docs.length === live.docs.length && live.docs.every((d) => revisions.get(d.slug) === d.revision);
};

// The list's snapshot may be built a moment after the feed's: a list that still lags is asked for
// again, a second apart, a few times.
const CATCH_UP_ATTEMPTS = 5;
const CATCH_UP_MS = 1000;

/** Keeps the docs (the list, and the deleted docs and histories on screen) in step with the feed. */
export function useDocsFeed(): void {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<DocsLiveMessage | null>(null);
  useLiveSocket('/api/docs/ws', (data) => {
    readLiveMessage(docsLiveMessageSchema, data, setLive);
  });
  const { data: docs, dataUpdatedAt } = useQuery(docsQueryOptions());
  const attempts = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message starts the count again.
  useEffect(() => {
    attempts.current = 0;
  }, [live]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a list read again (dataUpdatedAt) is checked again.
  useEffect(() => {
    if (!live || !docs || sameRevisions(docs, live) || attempts.current >= CATCH_UP_ATTEMPTS) return;
    const timer = setTimeout(
      () => {
        attempts.current++;
        void queryClient.invalidateQueries({ queryKey: DOCS_KEY });
      },
      attempts.current === 0 ? 0 : CATCH_UP_MS,
    );
    return () => clearTimeout(timer);
  }, [live, docs, dataUpdatedAt, queryClient]);
}
