import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// Quill (~200 kB) is only downloaded when a form with an editor opens.
const QuillEditor = lazy(() => import('./quill-editor').then((module) => ({ default: module.QuillEditor })));

export const EDITOR_HEIGHT = 150;

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** Accessible name of the editing area. */
  label?: string;
  disabled?: boolean;
  height?: number;
}

/**
 * Rich-text field (French, height 150) for what is read as HTML: mails, comments, pages. An SMS is plain text: it is
 * typed in `SmsTextArea`. Works as an antd Form item: `value` / `onChange(html)`.
 */
export function RichTextEditor({
  value = '',
  onChange,
  placeholder = 'Saisissez votre texte…',
  label = 'Éditeur de texte',
  disabled = false,
  height = EDITOR_HEIGHT,
}: RichTextEditorProps) {
  return (
    <div className="garage-rich-text" style={{ ['--editor-height' as string]: `${height}px` }}>
      <style>{'.garage-rich-text .ql-container{height:var(--editor-height);font-size:14px}'}</style>
      <Suspense
        fallback={
          <div role="status" aria-busy="true" aria-label="Chargement de l’éditeur">
            <Skeleton.Input active block style={{ height: height + 42 }} />
          </div>
        }
      >
        <QuillEditor
          value={value}
          onChange={(html) => onChange?.(html)}
          placeholder={placeholder}
          label={label}
          readOnly={disabled}
        />
      </Suspense>
    </div>
  );
}
