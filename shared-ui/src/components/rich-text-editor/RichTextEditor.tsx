import { Skeleton, Typography } from 'antd';
import { smsSegments } from 'contracts';
import { lazy, Suspense, useMemo } from 'react';
import { htmlToSmsText } from './sms-segments';

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
  /** `sms`: no formatting toolbar and a live "N caractères · M SMS" counter. */
  mode?: 'rich' | 'sms';
  disabled?: boolean;
  height?: number;
}

export function smsCounterText(html: string): string {
  const count = smsSegments(htmlToSmsText(html));
  return `${count.characters} caractère${count.characters > 1 ? 's' : ''} · ${count.segments} SMS`;
}

/** Rich-text field (French, height 150). Works as an antd Form item: `value` / `onChange(html)`. */
export function RichTextEditor({
  value = '',
  onChange,
  placeholder = 'Saisissez votre texte…',
  label = 'Éditeur de texte',
  mode = 'rich',
  disabled = false,
  height = EDITOR_HEIGHT,
}: RichTextEditorProps) {
  const counter = useMemo(() => (mode === 'sms' ? smsCounterText(value) : null), [mode, value]);
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
          toolbar={mode === 'rich'}
        />
      </Suspense>
      {counter ? (
        <Typography.Text type="secondary" aria-live="polite" style={{ display: 'block', marginTop: 4 }}>
          {counter}
        </Typography.Text>
      ) : null}
    </div>
  );
}
