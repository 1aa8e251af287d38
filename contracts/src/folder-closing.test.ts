import { describe, expect, it } from 'vitest';
import {
  allowedTaskStatuses,
  allowedWorks,
  CLOSING_FIELDS,
  CLOSING_REQUIRED,
  closingBlocks,
  closingBodySchema,
  closingIssues,
  TASK_STATUS_BLOCKED_MESSAGE,
  TASK_STATUS_FREE_MESSAGE,
  WORKS_NOT_INSURED_MESSAGE,
} from './folder-closing';

const ANSWERS = { assured: 1, docmqt: 1, franchise: 3, ctvalid: 1, primeInvalid: 1, isNbKm: 2, travaux: 2 };

describe('the closing form rules (docs/product.md)', () => {
  it('shows the closing answers for close, the no-dispatch block for open, the dispatch state otherwise', () => {
    expect(closingBlocks('close')).toEqual({ closeFields: true, noDispatch: false, noDispatchState: false });
    expect(closingBlocks('open')).toEqual({ closeFields: false, noDispatch: true, noDispatchState: false });
    expect(closingBlocks('outstanding').noDispatchState).toBe(true);
    expect(closingBlocks('wait_validation').noDispatchState).toBe(true);
  });

  it('makes the seven answers mandatory for close, and only for close', () => {
    const missing = closingIssues({ status: 'close' });
    expect(missing.map((issue) => issue.path)).toEqual(Object.keys(CLOSING_FIELDS));
    expect(missing[0]?.message).toBe(CLOSING_REQUIRED('Assuré (prise en charge)'));
    expect(closingIssues({ status: 'close', ...ANSWERS })).toEqual([]);
    expect(closingIssues({ status: 'open' })).toEqual([]);
  });

  it('restricts works to option 3 when the assurance selector is not 1', () => {
    expect(allowedWorks(1)).toEqual([1, 2, 3]);
    expect(allowedWorks(2)).toEqual([3]);
    expect(closingIssues({ status: 'close', ...ANSWERS, assured: 2 })).toEqual([
      { path: 'travaux', message: WORKS_NOT_INSURED_MESSAGE },
    ]);
  });

  it('with dispatch 2 allows only "wait validation" as task status; otherwise everything but it', () => {
    expect(allowedTaskStatuses(2)).toEqual(['wait_validation']);
    expect(allowedTaskStatuses(1)).toEqual(['open', 'outstanding']);
    expect(closingIssues({ status: 'outstanding', dispatch: 2, taskStatus: 'open' })[0]?.message).toBe(
      TASK_STATUS_BLOCKED_MESSAGE,
    );
    expect(closingIssues({ status: 'outstanding', dispatch: 1, taskStatus: 'wait_validation' })[0]?.message).toBe(
      TASK_STATUS_FREE_MESSAGE,
    );
    expect(closingIssues({ status: 'wait_validation', dispatch: 2, taskStatus: 'wait_validation' })).toEqual([]);
  });

  it('keeps only the answers of the blocks shown', () => {
    const parsed = closingBodySchema.parse({ status: 'open', noDispatchReason: 'Photos', travaux: 1, dispatch: 2 });
    expect(parsed).toEqual({ status: 'open', noDispatchReason: 'Photos' });
    expect(closingBodySchema.safeParse({ status: 'close', ...ANSWERS, travaux: 9 }).success).toBe(false);
  });
});
