import { Button } from 'antd';
import type { BillingDocument } from 'contracts';
import { DepositButton } from './DepositModal';

/** What a quote becomes: its invoice (a draft one is issued first), and deposits before the work while it is issued. */
export function QuoteActions({ quote, onInvoice }: { quote: BillingDocument; onInvoice: () => Promise<void> }) {
  if (quote.status !== 'draft' && quote.status !== 'issued') return null;
  return (
    <>
      <Button type={quote.status === 'issued' ? 'primary' : 'default'} onClick={() => void onInvoice()}>
        Transformer en facture
      </Button>
      {quote.status === 'issued' ? <DepositButton quote={quote} /> : null}
    </>
  );
}
