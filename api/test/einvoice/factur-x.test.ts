import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerOf } from '../../src/modules/billing/documents/documents-queries';
import { documentPdf } from '../../src/modules/billing/pdf/document-pdf';
import { billing, body, line } from '../billing/fixtures';
import { createTestApp, ownTestGarage } from '../helpers';
import { pdfText } from '../pdf-text';
import { pdfStructure } from './pdf-structure';

/* The original of an issued invoice is a Factur-X: a PDF/A-3b carrying its e-invoice, the same bytes at every download. */

let app: FastifyInstance;
let garage: Awaited<ReturnType<typeof ownTestGarage>>;
let api: ReturnType<typeof billing>;

beforeAll(async () => {
  app = await createTestApp({ testRoutes: true });
  garage = await ownTestGarage(app);
  api = billing(app, garage.cookie);
});
afterAll(() => app.close());

const download = async (id: number) => (await api.call('GET', `/api/quotation/${id}/pdf`)).rawPayload;

/** An insurer invoice issued with a reason in place of a signed cession. */
async function insurerInvoice() {
  const created = await app.inject({ method: 'POST', url: '/api/test/folder', payload: { email: garage.email } });
  const folderId = (created.json() as { id: number }).id;
  const draft = await api.create('invoice', body({ folderId, billTo: 'insurer', customer: null, lines: [line()] }));
  return api.issue(draft, 'Accord de l’assureur par téléphone');
}

describe('the original of an issued invoice', () => {
  it('is a PDF/A-3b Factur-X EN 16931: fonts embedded, XMP, sRGB output intent, file identifier', async () => {
    const invoice = await insurerInvoice();
    const pdf = await pdfStructure(await download(invoice.id));
    expect(pdf.header).toBe('%PDF-1.7');
    expect(pdf.fonts.length).toBeGreaterThanOrEqual(2);
    expect(pdf.fonts.filter((font) => !font.embedded || font.standard14)).toEqual([]);
    expect(pdf.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
      expect.arrayContaining(['LiberationSans', 'LiberationSans-Bold']),
    );
    expect(pdf.xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>|pdfaid:part="3"/);
    expect(pdf.xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>|pdfaid:conformance="B"/);
    expect(pdf.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(pdf.xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(pdf.xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(pdf.xmp).toContain('Factur-X PDFA Extension Schema');
    expect(pdf.outputIntent).toEqual({
      subtype: '/GTS_PDFA1',
      condition: expect.stringContaining('sRGB'),
      profile: true,
    });
    expect(pdf.fileId).toBe(2);
    expect(pdf.associatedFiles).toBe(1);
  });

  it('carries factur-x.xml, byte for byte the e-invoice downloaded, with the claim as the buyer reference', async () => {
    const invoice = await insurerInvoice();
    const pdf = await pdfStructure(await download(invoice.id));
    expect(pdf.attachments.map(({ name, afRelationship }) => ({ name, afRelationship }))).toEqual([
      { name: 'factur-x.xml', afRelationship: 'Alternative' },
    ]);
    const xml = (await api.call('GET', `/api/quotation/${invoice.id}/einvoice?syntax=cii`)).body;
    expect(new TextDecoder().decode(pdf.attachments[0]?.data)).toBe(xml);
    expect(xml).toContain(`<ram:BuyerReference>${invoice.insurerMentions?.claimNumber}</ram:BuyerReference>`);
    // The e-invoice's guideline is the profile the XMP announces.
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  });

  it('is the same bytes at every download, and drawn again from the same invoice gives them back', async () => {
    const invoice = await api.issue(
      await api.create('invoice', body({ lines: [line(), line({ title: 'Pose', position: 2 })] })),
    );
    const first = await download(invoice.id);
    expect(Buffer.compare(first, await download(invoice.id))).toBe(0);
    const xml = (await api.call('GET', `/api/quotation/${invoice.id}/einvoice`)).body;
    const again = await documentPdf(await api.read(invoice.id), await sellerOf(app.db, invoice.companyId), xml);
    expect(Buffer.compare(first, Buffer.from(again))).toBe(0);
    expect(await pdfText(first)).toContain(`N° ${invoice.number}`);
  });

  it('the units invoice is a Factur-X frozen at its first download: the same bytes every time', async () => {
    const ordered = await api.call('POST', '/api/checkout/orders', { packId: 'pack-10' });
    const id = (ordered.json() as { id: number }).id;
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };
    expect((await api.call('POST', `/api/checkout/orders/${id}/pay`, card)).statusCode).toBe(200);
    const first = (await api.call('GET', `/api/checkout/orders/${id}/invoice`)).rawPayload;
    expect(Buffer.compare(first, (await api.call('GET', `/api/checkout/orders/${id}/invoice`)).rawPayload)).toBe(0);
    const pdf = await pdfStructure(first);
    expect(pdf.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(pdf.fonts.filter((font) => !font.embedded || font.standard14)).toEqual([]);
    const xml = new TextDecoder().decode(pdf.attachments[0]?.data);
    expect(xml).toContain('<ram:ID>S2</ram:ID>');
    expect(xml).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>');
  });

  it('a credit note is a Factur-X too; a quote stays a plain PDF, in the same embedded fonts', async () => {
    const invoice = await api.issue(await api.create('invoice', body()));
    const draft = await api.call('POST', `/api/quotation/${invoice.id}/credit-note`, { reason: 'Erreur de prix' });
    const credit = await api.issue(draft.json().id);
    const creditPdf = await pdfStructure(await download(credit.id));
    expect(creditPdf.attachments.map((each) => each.name)).toEqual(['factur-x.xml']);
    expect(new TextDecoder().decode(creditPdf.attachments[0]?.data)).toContain('<ram:TypeCode>381</ram:TypeCode>');
    const quote = await api.create('quotation', body());
    const quotePdf = await pdfStructure(await download(quote));
    expect(quotePdf.attachments).toEqual([]);
    expect(quotePdf.fonts.filter((font) => !font.embedded || font.standard14)).toEqual([]);
  });
});
