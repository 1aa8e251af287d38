import type { Answer } from './flow-service';
import type { PlatformState } from './platform-state';

/* The Directory Service of the test platform (XP Z12-013 1.3.0): a SIREN, and the directory lines of a SIREN. */

const notFound: Answer = { status: 404, json: { errorCode: 'NOT_FOUND', errorMessage: 'unknown SIREN' } };

export function companyBySiren(state: PlatformState, siren: string): Answer {
  if (!/^\d{9}$/.test(siren))
    return { status: 400, json: { errorCode: 'INVALID_FORMAT', errorMessage: 'siren: 9 digits' } };
  const entry = state.directory.get(siren);
  if (!entry) return notFound;
  const { lines: _lines, ...unit } = entry;
  return { status: 200, json: unit };
}

export function searchDirectoryLines(state: PlatformState, body: { filters?: { siren?: { value?: string } } }): Answer {
  const siren = body?.filters?.siren?.value ?? '';
  const entry = state.directory.get(siren);
  const results = entry
    ? entry.lines.map((line) => ({ ...line, siren, legalUnit: { siren, businessName: entry.businessName } }))
    : [];
  return { status: 200, json: { totalNumberOfResults: results.length, results } };
}
