// GET /api/docs (no sign-in) and POST /api/docs (staff), spec 7.
import { type CreateDocRequest, type Doc, docListSchema, docSchema, sortDocs } from '@prison/shared/docs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, fetchJson, jsonRequest } from '../../lib/api.ts';

const NO_DOCS: Doc[] = [];

async function getDocs(): Promise<Doc[]> {
  return sortDocs(await fetchJson('/api/docs', docListSchema));
}

export const docsQueryOptions = () => queryOptions({ queryKey: ['docs'], queryFn: getDocs });

/** Spec 4 Docs: undefined until loaded, then the sorted list, or an empty list if loading failed. */
export function useDocs(): Doc[] | undefined {
  const { data, isError } = useQuery(docsQueryOptions());
  return data ?? (isError ? NO_DOCS : undefined);
}

async function createDoc(input: CreateDocRequest): Promise<Doc> {
  return apiJson('/api/docs', docSchema, jsonRequest(input));
}

/** Spec 4 Docs: a created doc is added and the list re-sorted by title. */
export function useCreateDoc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDoc,
    onSuccess: (doc) => {
      queryClient.setQueryData(docsQueryOptions().queryKey, (docs = NO_DOCS) =>
        sortDocs([...docs.filter((d) => d.slug !== doc.slug), doc]),
      );
    },
  });
}
