// The staff's editors, Create Doc and Edit, with the checks they run before sending (and so the docs'
// schemas and zod): a visitor's docs page loads none of it. One module, so that the code both share
// comes in one file with them rather than in the code every page shares. The page starts loading it
// once it knows the reader may write (preloadDocEditors), so that Edit opens at once.
import { lazy } from 'react';

const load = () => import('./doc-editor-modules.ts');

export const preloadDocEditors = (): void => {
  load().catch(() => {
    // Loaded again, and its failure shown, when an editor is opened.
  });
};

export const CreateDocCard = lazy(async () => ({ default: (await load()).CreateDocCard }));
export const DocEditor = lazy(async () => ({ default: (await load()).DocEditor }));
