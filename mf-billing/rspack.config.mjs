import { createAppConfig } from 'rspack-config';

export default createAppConfig({
  dir: import.meta.dirname,
  name: 'mf_billing',
  port: 3002,
  exposes: {
    './routes': './src/routes.tsx',
    // The folder page's billing block (FOLDER_BILLING_SLOT): its own module, without the document pages.
    './FolderDocuments': './src/features/documents/components/FolderDocuments.tsx',
    // A new quote with its lines prefilled, in a modal (QUOTATION_MODAL_SLOT): opened by the Sidexa search.
    './QuotationModal': './src/features/documents/components/QuotationModal.tsx',
  },
});
