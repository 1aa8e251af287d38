import type { FormInstance } from 'antd';
import type { DocumentBody } from 'contracts';
import { useFeedback } from 'shared-ui';
import { FORM_INVALID } from '../components/DocumentEditor';
import { type DocumentFormValues, toDocumentBody } from '../form-values';

/**
 * What is typed in a draft and not saved: issuing, invoicing or mailing never drops an edit. `typedDraft` answers its
 * body, null when nothing changed, false when a field is invalid (the form says so). "Typed" is measured on the body
 * it would send (a moved line or a chosen product changes it without touching a field). `beforeIssue` saves it first
 * (before invoicing or mailing a draft) and answers whether it may go on.
 */
export function useTypedDraft(
  form: FormInstance<DocumentFormValues>,
  editing: boolean,
  initialValues: DocumentFormValues | undefined,
  document: {
    bodyOf: (values: DocumentFormValues) => { body: DocumentBody };
    saveBody: (body: DocumentBody) => Promise<boolean>;
  },
) {
  const feedback = useFeedback();
  const typedDraft = async (): Promise<DocumentBody | null | false> => {
    if (!editing || !initialValues) return null;
    const values = form.getFieldsValue(true) as DocumentFormValues;
    const unchanged =
      JSON.stringify(toDocumentBody(values, null).body) === JSON.stringify(toDocumentBody(initialValues, null).body);
    if (unchanged) return null;
    try {
      await form.validateFields();
    } catch {
      feedback.error(FORM_INVALID);
      return false;
    }
    return document.bodyOf(values).body;
  };
  const beforeIssue = async () => {
    const draft = await typedDraft();
    return draft === null ? true : draft !== false && document.saveBody(draft);
  };
  return { typedDraft, beforeIssue };
}
