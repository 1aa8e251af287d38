import 'react-quill-new/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import ReactQuill from 'react-quill-new';

/** French names for Quill's icon-only toolbar buttons (Quill ships none: screen readers would read nothing). */
const TOOLBAR_LABELS: [selector: string, label: string][] = [
  ['.ql-bold', 'Gras'],
  ['.ql-italic', 'Italique'],
  ['.ql-underline', 'Souligné'],
  ['.ql-list[value="ordered"]', 'Liste numérotée'],
  ['.ql-list[value="bullet"]', 'Liste à puces'],
  ['.ql-link', 'Insérer un lien'],
  ['.ql-clean', 'Effacer la mise en forme'],
];

const RICH_TOOLBAR = [
  ['bold', 'italic', 'underline'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'clean'],
];

export interface QuillEditorProps {
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  label: string;
  readOnly: boolean;
}

export function QuillEditor({ value, onChange, placeholder, label, readOnly }: QuillEditorProps) {
  const ref = useRef<ReactQuill>(null);

  useEffect(() => {
    const quill = ref.current?.getEditor();
    if (!quill) return;
    const editable = quill.root;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    editable.setAttribute('aria-label', label);
    const bar = quill.getModule('toolbar') as { container?: HTMLElement } | undefined;
    for (const [selector, text] of TOOLBAR_LABELS) {
      for (const button of bar?.container?.querySelectorAll(selector) ?? []) {
        button.setAttribute('aria-label', text);
        button.setAttribute('title', text);
      }
    }
  }, [label]);

  return (
    <ReactQuill
      ref={ref}
      theme="snow"
      value={value}
      onChange={(html) => onChange(html)}
      placeholder={placeholder}
      readOnly={readOnly}
      modules={{ toolbar: RICH_TOOLBAR }}
    />
  );
}
