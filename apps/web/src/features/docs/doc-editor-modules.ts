// What doc-editors.tsx loads when the reader may write.
export { CreateDocCard } from './create-doc-card.tsx';
export { DocEditor } from './doc-editor.tsx';
