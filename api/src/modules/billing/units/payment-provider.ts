/**
 * What /checkout needs from a card payment provider. The product ships the test mode below, which works offline
 * and answers like the usual providers' test cards; a real provider implements the same interface and is chosen
 * in `checkoutRoutes`.
 */
export interface PaymentProvider {
  charge(payment: {
    /** Cents, tax included. */
    amount: number;
    /** Our order reference, shown on the bank statement. */
    reference: string;
    card: { number: string; expiry: string; cvc: string };
  }): Promise<{ ok: true; reference: string } | { ok: false }>;
}

export const TEST_CARD_ACCEPTED = '4242424242424242';

/** Test mode: 4242 4242 4242 4242 is accepted, every other card declined; nothing leaves the machine. */
export const testModeProvider: PaymentProvider = {
  async charge({ reference, card }) {
    if (card.number !== TEST_CARD_ACCEPTED) return { ok: false };
    return { ok: true, reference: `test_${reference}_${Date.now().toString(36)}` };
  },
};
